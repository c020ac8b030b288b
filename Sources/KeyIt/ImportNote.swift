/// What reading a USFM file changed in how it is written while keeping its text, for the import's
/// report. `description` is the English sentence; the web and the command line word it in the
/// user's language (`keyit.import.note.*`).
public enum ImportNote: Equatable, Sendable, CustomStringConvertible {
  /// The text was stored in Unicode's composed form (NFC).
  case composedForm
  /// Titles and introduction after `\c 1` are written before it.
  case introductionBeforeChapterOne
  /// A marker Key It does not model (`\rem`), before a chapter's first verse, is written right
  /// after `\c`.
  case markerAfterChapterNumber(marker: String)
  /// A marker Key It does not model, after a paragraph break, is written before the break.
  case markerBeforeBreak(marker: String)

  public var description: String {
    switch self {
    case .composedForm: "text stored in Unicode's composed form (NFC): it looks the same, its bytes differ"
    case .introductionBeforeChapterOne: "titles and introduction after \\c 1 are written before it"
    case .markerAfterChapterNumber(let marker): "\\\(marker) before a chapter's first verse is written right after \\c"
    case .markerBeforeBreak(let marker): "\\\(marker) after a paragraph break is written before it"
    }
  }
}
