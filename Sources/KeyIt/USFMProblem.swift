import AppSupport

/// What is wrong at one place of a USFM file, with what the file has there. `description` is the
/// English sentence; the web and the command line word it in the user's language
/// (`keyit.usfm.*`). Markers are given without their backslash.
public enum USFMProblem: Equatable, Sendable, CustomStringConvertible {
  /// A control character (named as `controlCharacterName` names it) where USFM has text.
  case controlCharacter(name: String)
  /// The file does not start with `\id`.
  case noIDFirst
  /// `\id` names no book of the Bible's versification.
  case unknownBookCode(String)
  /// A second `\id`.
  case secondID
  /// A title or introduction marker after the first `\c`.
  case afterFirstChapter(marker: String)
  /// A marker that belongs to a chapter before the first `\c`.
  case beforeFirstChapter(marker: String)
  /// A `\c` whose number (as written) the book does not have.
  case noSuchChapter(book: String, chapter: String, count: Int)
  /// A `\c` that does not come after the previous one.
  case chapterOutOfOrder(chapter: Int, after: Int)
  /// The file has no `\c` at all.
  case noChapter
  /// Titles or introduction in a file that lacks chapter 1.
  case introductionWithoutChapterOne
  /// A chapter label or description after the chapter's first verse.
  case afterVerse(marker: String, verse: Int)
  /// A `\v` whose number is not a number or a range.
  case badVerseNumber(String)
  /// A verse that does not come after the previous one.
  case verseOutOfOrder(verse: Int, after: Int)
  /// A verse the chapter does not have.
  case noSuchVerse(book: String, chapter: Int, verse: Int, count: Int)
  /// Text before the chapter's first `\v`.
  case textBeforeFirstVerse(chapter: Int)
  /// A heading between the lines of one verse.
  case headingInsideVerse(marker: String, verse: Int)
  /// A heading (or another item that stands before a verse) after the chapter's last verse.
  case afterLastVerse(marker: String, chapter: Int)

  public var description: String {
    switch self {
    case .controlCharacter(let name): "the control character \(name) is not allowed in USFM text"
    case .noIDFirst: "a USFM book must start with \\id and its book code"
    case .unknownBookCode(let code): "unknown book code \(quoted(code))"
    case .secondID: "a second \\id: import one book per file"
    case .afterFirstChapter(let marker): "\\\(marker) after the first \\c"
    case .beforeFirstChapter(let marker): "\\\(marker) before the first \\c"
    case .noSuchChapter(let book, let chapter, let count):
      "\(book) has no chapter \(quoted(chapter)); chapters are 1–\(count)"
    case .chapterOutOfOrder(let chapter, let after): "chapter \(chapter) comes after chapter \(after)"
    case .noChapter: "the book has no chapter (\\c)"
    case .introductionWithoutChapterOne: "titles and introduction need chapter 1 in the same file"
    case .afterVerse(let marker, let verse): "\\\(marker) after verse \(verse)"
    case .badVerseNumber(let number): "verse number \(quoted(number)) is not a number or a range like 3-5"
    case .verseOutOfOrder(let verse, let after): "verse \(verse) comes after verse \(after)"
    case .noSuchVerse(let book, let chapter, let verse, let count):
      "\(book) \(chapter) has no verse \(verse); verses are 1–\(count)"
    case .textBeforeFirstVerse(let chapter): "text before the first verse of chapter \(chapter)"
    case .headingInsideVerse(let marker, let verse):
      "\\\(marker) inside verse \(verse): Key It puts headings before a verse"
    case .afterLastVerse(let marker, let chapter):
      "\\\(marker) after the last verse of chapter \(chapter): Key It puts it before a verse"
    }
  }
}
