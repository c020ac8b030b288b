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
  var lines: [String]
  var beforeFirstChapter: [String] = []
  if let header = book.header {
    // A book-wide `\cl` is written right before the first chapter, where USFM has it.
    beforeFirstChapter = header.filter { $0.hasPrefix("\\cl ") }
    lines = header.filter { !$0.hasPrefix("\\cl ") }
      .map { $0.hasPrefix("\\h ") || $0 == "\\h" ? "\\h \(oneLine(book.name))" : $0 }
  } else {
    let longName = titles.isEmpty ? book.name : titles.map(\.itemText).joined(separator: " ")
    lines = [
      "\\id \(book.code) \(oneLine(book.bibleName))", "\\usfm 3.0", "\\ide UTF-8", "\\h \(oneLine(book.name))",
      "\\toc1 \(oneLine(longName))", "\\toc2 \(oneLine(book.name))",
      "\\toc3 \(book.code.prefix(1))\(book.code.dropFirst().lowercased())",
    ]
  }
  for item in titles + front.filter({ $0.itemType.isIntroduction }) {
    append(item, to: &lines)
  }
  lines += beforeFirstChapter
  for chapter in book.chapters {
    lines.append("\\c \(chapter.number)")
    lines += book.chapterHeaders[chapter.number] ?? []
    var needsParagraph = true
    for item in chapter.items where !item.itemType.isFrontMatter {
      switch item.itemType {
      case .verse:
        if needsParagraph { lines.append("\\p") }
        let number =
          item.isStartOfBridge ? "\(item.verseNumber)-\(item.lastVsOfBridge)" : "\(item.verseNumber)"
        lines.append(item.itemText.isEmpty ? "\\v \(number)" : "\\v \(number) \(item.itemText)")
        needsParagraph = false
      case .verseCont:
        if !item.itemText.isEmpty { lines[lines.count - 1] += " \(item.itemText)" }
      case .para, .paraCont:
        let marker = item.marker ?? "p"
        lines.append("\\\(marker)")
        needsParagraph = marker == "b"
      default:
        if append(item, to: &lines) { needsParagraph = true }
      }
    }
  }
  return lines.joined(separator: "\n").nfc + "\n"
}

/// Appends a publication item as `\marker text`; empty items are left out. Returns whether it wrote.
@discardableResult
private func append(_ item: VerseItem, to lines: inout [String]) -> Bool {
  guard let marker = item.marker ?? item.itemType.defaultMarker else { return false }
  if item.itemText.isEmpty {
    // Markers that never carry text (an introduction's end or blank line) are written as they are.
    guard ["ie", "ib"].contains(marker) else { return false }
    lines.append("\\\(marker)")
    return true
  }
  lines.append("\\\(marker) \(item.itemText)")
  return true
}

/// Header values must stay on one line.
private func oneLine(_ text: String) -> String {
  text.split(whereSeparator: \.isNewline).joined(separator: " ")
}
