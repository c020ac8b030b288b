import Foundation

/// A slide made from a file the speaker already has (a presentation, a PDF page, a picture or
/// an embedded video), ready to become part of a sermon.
public struct ImportedSlide: Sendable, Equatable {
  /// A picture or a video.
  public var kind: SeriesManifest.Kind
  /// The picture or video, in the import's work folder (moved into the series).
  public var file: URL
  /// The slide's title in the source, shown as its thumbnail's caption.
  public var title: String?
  /// Its speaker notes as notes HTML.
  public var notes: String
  /// Hidden in the source's slide show.
  public var hidden: Bool

  /// A slide of `kind` showing `file`.
  public init(kind: SeriesManifest.Kind, file: URL, title: String? = nil, notes: String = "", hidden: Bool = false) {
    self.kind = kind
    self.file = file
    self.title = title
    self.notes = notes
    self.hidden = hidden
  }
}
