import AppSupport
import Foundation

/// A book's content ready to be written as USFM: the chapters to write, each with its items in
/// printed order. Chapter 1's titles and introduction are written before `\c 1`.
public struct USFMBook: Sendable {
  /// The book code, e.g. `RUT`.
  public let code: String
  /// The book's name in this Bible.
  public let name: String
  /// The Bible's name, written after the code on the `\id` line.
  public let bibleName: String
  /// The chapters to write, in order.
  public let chapters: [(number: Int, items: [VerseItem])]
  /// The identification and header lines of the file the book was imported from (`\id` …
  /// `\toc3`), written back as they were except `\h`, which is the book's name here; nil writes
  /// Key It's own header.
  public let header: [String]?
  /// Lines written right after a chapter's `\c` as the imported file had them (`\ca …\ca*`, `\rem`).
  public let chapterHeaders: [Int: [String]]

  /// Groups a book's export input.
  public init(
    code: String, name: String, bibleName: String, chapters: [(number: Int, items: [VerseItem])],
    header: [String]? = nil, chapterHeaders: [Int: [String]] = [:]
  ) {
    self.code = code
    self.name = name
    self.bibleName = bibleName
    self.chapters = chapters
    self.header = header
    self.chapterHeaders = chapterHeaders
  }
}

/// Writes standard USFM 3 that Paratext and Adapt It read: identification and headers, titles and
/// introduction, then every `\c` and every `\v` (even empty ones). Where a verse would directly
/// follow `\c`, a heading, `\d` or `\r` — invalid USFM — a `\p` is written; the stored items are
/// not changed. Empty publication items (an untyped heading, say) are left out.
public func writeUSFM(_ book: USFMBook) -> String {
  let front = book.chapters.first { $0.number == 1 }?.items.filter { $0.itemType.isFrontMatter } ?? []
  let titles = front.filter { $0.itemType == .title && !$0.itemText.isEmpty }
  var out = USFMLines()
  var beforeFirstChapter: [String] = []
  if let header = book.header {
    // A book-wide `\cl` is written right before the first chapter, where USFM has it.
    beforeFirstChapter = header.filter { $0.hasPrefix("\\cl ") }
    for line in header where !line.hasPrefix("\\cl ") {
      out.line(line.hasPrefix("\\h ") || line == "\\h" ? "\\h \(oneLine(book.name))" : line)
    }
  } else {
    let longName = titles.isEmpty ? book.name : titles.map(\.itemText).joined(separator: " ")
    for line in [
      "\\id \(book.code) \(oneLine(book.bibleName))", "\\usfm 3.0", "\\ide UTF-8", "\\h \(oneLine(book.name))",
      "\\toc1 \(oneLine(longName))", "\\toc2 \(oneLine(book.name))",
      "\\toc3 \(book.code.prefix(1))\(book.code.dropFirst().lowercased())",
    ] {
      out.line(line)
    }
  }
  for item in titles + front.filter({ $0.itemType.isIntroduction }) {
    out.item(item)
  }
  beforeFirstChapter.forEach { out.line($0) }
  for chapter in book.chapters {
    out.line("\\c \(chapter.number)")
    book.chapterHeaders[chapter.number]?.forEach { out.line($0) }
    var needsParagraph = true
    for item in chapter.items where !item.itemType.isFrontMatter {
      switch item.itemType {
      case .verse:
        if needsParagraph { out.line("\\p") }
        out.verse(item)
        needsParagraph = false
      case .verseCont:
        out.continueLine(item.itemText)
      case .para, .paraCont:
        let marker = item.marker ?? "p"
        out.line("\\\(marker)")
        needsParagraph = marker == "b"
      default:
        if out.item(item) { needsParagraph = true }
      }
    }
  }
  return out.finished()
}

/// The USFM file being written, one line after another, each in Unicode composed form. Texts
/// are normalised one by one, which is the same as normalising the file (a line break or a space
/// between them composes with nothing), so only the few holding text outside the always-composed
/// scripts go through Foundation's normalisation.
private struct USFMLines {
  private var text = ""
  private var started = false

  /// Ends the line being written, if any, and starts `line`.
  mutating func line(_ line: String) {
    newLine()
    text += line.nfc
  }

  /// The file: every line ended by a line break.
  consuming func finished() -> String {
    if started { text += "\n" }
    return text
  }

  private mutating func newLine() {
    if started { text += "\n" }
    started = true
  }

  /// Adds `words` to the line being written, after a space; empty words add nothing.
  mutating func continueLine(_ words: String) {
    guard !words.isEmpty else { return }
    text += " "
    text += words.nfc
  }

  /// `\v` with the verse's number (or bridge) and its text.
  mutating func verse(_ item: VerseItem) {
    newLine()
    text += "\\v "
    text += String(item.verseNumber)
    if item.isStartOfBridge {
      text += "-"
      text += String(item.lastVsOfBridge)
    }
    continueLine(item.itemText)
  }

  /// A publication item as `\marker text`; empty items are left out. Returns whether it wrote.
  @discardableResult
  mutating func item(_ item: VerseItem) -> Bool {
    guard let marker = item.marker ?? item.itemType.defaultMarker else { return false }
    if item.itemText.isEmpty {
      // Markers that never carry text (an introduction's end or blank line) are written as they are.
      guard ["ie", "ib"].contains(marker) else { return false }
      line("\\\(marker)")
      return true
    }
    line("\\\(marker)")
    continueLine(item.itemText)
    return true
  }
}

/// Header values must stay on one line.
private func oneLine(_ text: String) -> String {
  text.split(whereSeparator: \.isNewline).joined(separator: " ")
}
