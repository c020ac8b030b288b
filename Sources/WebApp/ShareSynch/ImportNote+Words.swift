import Localization
import ShareSynch

extension ImportNote {
  /// The note in a language, for the series screen's import report and the command line.
  public func words(_ localizer: Localizer) -> String {
    switch self {
    case .slidesLeftOut(let file, let sermon):
      localizer.t(
        "sharesynch.note.slidesLeftOut",
        ["fileSlides": .number(file), "sermonSlides": .number(sermon), "first": .number(sermon + 1)])
    case .slidesWithoutNotes(let file, let sermon, let notes, let slides):
      localizer.t(
        "sharesynch.note.slidesWithoutNotes",
        [
          "fileSlides": .number(file), "sermonSlides": .number(sermon), "first": .number(file + 1),
          "noteLanguage": .text(notes), "slideLanguage": .text(slides),
        ])
    case .pagesMismatch(let file, let slides, let pages):
      localizer.t(
        "sharesynch.note.pagesMismatch", ["file": .text(file), "slides": .number(slides), "pages": .number(pages)])
    case .linkedVideo(let file, let slide, let path):
      localizer.t("sharesynch.note.linkedVideo", ["file": .text(file), "slide": .number(slide), "path": .text(path)])
    case .unplayableVideo(let file, let slide, let name):
      localizer.t(
        "sharesynch.note.unplayableVideo", ["file": .text(file), "slide": .number(slide), "name": .text(name)])
    case .unplayableCodec(let file, let slide, let name, let codec):
      localizer.t(
        "sharesynch.note.unplayableCodec",
        ["file": .text(file), "slide": .number(slide), "name": .text(name), "codec": .text(codec)])
    }
  }
}
