/// What a presentation file says about each slide besides its picture: its title (the
/// thumbnail's caption), its speaker notes, whether it is hidden, and the videos on it.
public struct DeckOutline: Sendable, Equatable {
  /// One slide, in the deck's order.
  public struct Slide: Sendable, Equatable {
    /// The title placeholder's text, if the slide has one.
    public var title: String?
    /// The speaker notes as notes HTML ("" when there are none).
    public var notes: String
    /// Hidden in the slide show.
    public var hidden: Bool
    /// Paths inside the file of the videos embedded on the slide.
    public var videos: [String] = []
  }

  /// The slides in order.
  public var slides: [Slide]
}
