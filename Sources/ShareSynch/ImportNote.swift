/// Something an import did that the speaker should know about (a video left out, slides that do
/// not match): a value with its inputs, worded by the screen or command in its language.
public enum ImportNote: Sendable, Equatable, Encodable, CustomStringConvertible {
  /// The file has more slides than the sermon it adds a language to: the extra ones were left out.
  case slidesLeftOut(fileSlides: Int, sermonSlides: Int)
  /// The file has fewer slides than the sermon: the rest keep the first language's pictures.
  case slidesWithoutNotes(fileSlides: Int, sermonSlides: Int, noteLanguage: String, slideLanguage: String)
  /// A presentation's outline and the pages drawn from it differ in number.
  case pagesMismatch(file: String, slides: Int, pages: Int)
  /// A video is linked from the presentation, not inside it.
  case linkedVideo(file: String, slide: Int, path: String)
  /// A video in a format the display cannot play.
  case unplayableVideo(file: String, slide: Int, name: String)
  /// An MP4 video whose codec (`hvc1`, `mp4v`…) the display cannot play.
  case unplayableCodec(file: String, slide: Int, name: String, codec: String)

  /// The note in English (the `--json` output and logs).
  public var description: String {
    switch self {
    case .slidesLeftOut(let file, let sermon):
      "the file has \(file) slides and the sermon \(sermon): slides \(sermon + 1)–\(file) were left out"
    case .slidesWithoutNotes(let file, let sermon, let notes, let slides):
      "the file has \(file) slides and the sermon \(sermon): slides \(file + 1)–\(sermon) "
        + "have no \(notes) notes and show the \(slides) pictures"
    case .pagesMismatch(let file, let slides, let pages):
      "\(file): \(slides) slides but \(pages) pages were drawn; notes were matched by position"
    case .linkedVideo(let file, let slide, let path):
      "\(file), slide \(slide): the video \(path) is linked, not embedded; add it with Edit → Insert"
    case .unplayableVideo(let file, let slide, let name):
      "\(file), slide \(slide): the video \(name) is not MP4 or WebM; convert it "
        + "(ffmpeg -i IN -c:v libx264 -c:a aac OUT.mp4) and add it with Edit → Insert"
    case .unplayableCodec(let file, let slide, let name, let codec):
      "\(file), slide \(slide): the video \(name) is an MP4 in \(codec), which the display cannot play; convert "
        + "it to H.264 (ffmpeg -i IN -c:v libx264 -c:a aac OUT.mp4) and add it with Edit → Insert"
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
