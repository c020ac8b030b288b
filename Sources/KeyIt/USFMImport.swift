import AppSupport
import Foundation

/// One item read from USFM, with its place already worked out.
struct ImportedItem: Equatable, Sendable {
  var type: ItemType
  var verse: Int
  var text: String
  var intSeq: Int
  var order: Int
  var marker: String?
  var lastVerseOfBridge: Int = 0

  /// The verses a bridge joins after its first (each a stored bridge step); 0 for any other item.
  var bridgeSteps: Int { max(verse, lastVerseOfBridge) - verse }
}

/// One chapter read from USFM: every item in printed order (verses the file lacks are added empty).
struct ImportedChapter: Equatable, Sendable {
  let number: Int
  var items: [ImportedItem]
  /// Lines Key It does not model that stand right after `\c` (`\ca …\ca*`, `\rem`, `\sts`), as
  /// written, so that export writes them back in their place.
  var header: [String] = []

  /// The header as the chapter's row stores it (nil when there is none).
  var storedHeader: String? { header.isEmpty ? nil : header.joined(separator: "\n") }
}

/// One book read from a USFM file, ready to be stored.
public struct ImportedBook: Equatable, Sendable {
  let spec: BookSpec
  /// The name from `\h`, when the file has one.
  var name: String?
  /// The file's identification and header lines Key It does not model (`\id` with its
  /// description, `\usfm`, `\ide`, `\h`, `\toc…`, `\rem`, `\sts` before the first chapter), as
  /// written, so that export writes them back.
  var header: [String] = []
  var chapters: [ImportedChapter]
  /// What reading the file changed in writing while keeping the text, for the report.
  var normalised: [ImportNote] = []
}

/// What a marker is to the book as a whole, by its base; a marker not here belongs to its chapter.
/// One lookup for each unit: most are verses and poetry lines, which are none of these.
private enum BookLevel {
  case id, h, ignored, chapterLabel, front, chapter
}

private let bookLevels: [String: BookLevel] = {
  let front = [
    "mt", "mte", "imt", "imte", "is", "ims",
    "ip", "ipi", "im", "imi", "ipq", "imq", "ipr", "ipc", "iq", "ib", "ili", "iot", "io", "iex", "ie",
  ]
  let ignored = ["usfm", "ide", "toc", "toca", "sts", "rem"]
  return Dictionary(
    uniqueKeysWithValues: [("id", .id), ("h", .h), ("cl", .chapterLabel), ("c", .chapter)]
      + front.map { ($0, BookLevel.front) } + ignored.map { ($0, BookLevel.ignored) })
}()

/// Reads one USFM book. Anything Key It cannot represent faithfully is an error naming the file,
/// line and column; paragraph breaks the item model cannot hold (one inside a bridge, one after a
/// blank line inside a verse) stay in the verse text as markers so nothing is lost.
///
/// `chapterRead`, if given, is handed each chapter as soon as it is read, with the book read so
/// far (its code and header are then final; its name and notes may still grow). The file may
/// still turn out malformed after it: what was handed over is then to be thrown away.
func parseUSFMBook(
  _ source: String, fileName: String, catalog: BookCatalog,
  chapterRead: ((ImportedBook, ImportedChapter) throws -> Void)? = nil
) throws -> ImportedBook {
  var bytes = Array(source.utf8)
  if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
  if let offset = bytes.firstIndex(where: { ($0 < 0x20 && ![0x09, 0x0A, 0x0D].contains($0)) || $0 == 0x7F }) {
    let (line, column) = lineAndColumn(of: offset, in: bytes)
    throw KeyItError.usfm(
      file: fileName, line: line, column: column,
      problem: .controlCharacter(name: controlCharacterName(Unicode.Scalar(bytes[offset]))))
  }
  let isNFC = source.isNFC
  // Split as the chapters are read, not first: a long book's first chapter is handed over sooner.
  var units = USFMUnits(bytes, isNFC: isNFC)
  func fail(_ unit: USFMUnit?, _ problem: USFMProblem) -> KeyItError {
    let (line, column) = lineAndColumn(of: unit?.offset ?? 0, in: bytes)
    return .usfm(file: fileName, line: line, column: column, problem: problem)
  }
  guard units.leading.isEmpty, let first = units.next(), first.marker == "id" else {
    throw fail(nil, .noIDFirst)
  }
  let code = String(first.text.prefix { !$0.isWhitespace })
  guard let spec = catalog.book(code: code) else {
    throw fail(first, .unknownBookCode(code))
  }
  var builder = ChapterBuilder(spec: spec)
  var book = ImportedBook(spec: spec, name: nil, header: ["\\id \(first.text)"], chapters: [])
  var front: [ImportedItem] = []
  func finishChapter() throws {
    let chapter = try builder.finish(fail)
    book.chapters.append(chapter)
    try chapterRead?(book, chapter)
  }
  var last = first
  while let unit = units.next() {
    last = unit
    let base = unit.base
    switch bookLevels[base] {
    case .id: throw fail(unit, .secondID)
    case .h, .ignored:
      if base == "h" { book.name = unit.text.isEmpty ? nil : unit.text }
      if builder.number == 0 {
        book.header.append(unit.line)
      } else if base != "h", let note = builder.keep(unit) {
        if !book.normalised.contains(note) { book.normalised.append(note) }
      }
    case .chapterLabel where builder.number == 0:
      // A book-wide chapter label (`\cl Psalm` in Paratext's Psalms): kept, written before `\c 1`.
      book.header.append(unit.line)
    case .front:
      // The Key It apps write titles after `\c 1`; they go before it, where USFM has them.
      let late = builder.number == 1 && builder.isBeforeFirstVerse
      guard builder.number == 0 || late else { throw fail(unit, .afterFirstChapter(marker: unit.marker)) }
      let type: ItemType =
        base.hasPrefix("mt")
        ? .title : base.hasPrefix("imt") ? .inTitle : base == "is" || base == "ims" ? .inSubj : .inPara
      let sequence = (front + builder.items).filter { $0.type.isIntroduction == type.isIntroduction }.count
      let item = ImportedItem(
        type: type, verse: 1, text: unit.text, intSeq: sequence,
        order: itemOrder(type: type, verse: 1, intSeq: sequence),
        marker: unit.marker == type.defaultMarker ? nil : unit.marker)
      if late {
        builder.items.append(item)
        let note = ImportNote.introductionBeforeChapterOne
        if !book.normalised.contains(note) { book.normalised.append(note) }
      } else {
        front.append(item)
      }
    case .chapter:
      let number = Int(unit.text.prefix { !$0.isWhitespace }) ?? 0
      guard (1...spec.chapters.count).contains(number) else {
        throw fail(unit, .noSuchChapter(book: spec.code, chapter: unit.text, count: spec.chapters.count))
      }
      guard number > builder.number else {
        throw fail(unit, .chapterOutOfOrder(chapter: number, after: builder.number))
      }
      if builder.number > 0 { try finishChapter() }
      builder = ChapterBuilder(spec: spec, number: number)
      if number == 1 { builder.items = front }
      // What follows the number on the `\c` line (an alternate number, `\ca 2\ca*`) is kept.
      let afterNumber = String(unit.text.drop { !$0.isWhitespace }).trimmed
      if !afterNumber.isEmpty { builder.header.append(afterNumber) }
    default:
      guard builder.number > 0 else { throw fail(unit, .beforeFirstChapter(marker: unit.marker)) }
      try builder.add(unit, fail: fail)
    }
  }
  guard builder.number > 0 else { throw fail(last, .noChapter) }
  if !isNFC {
    book.normalised.append(.composedForm)
  }
  try finishChapter()
  if !front.isEmpty, book.chapters.first?.number != 1 {
    throw fail(first, .introductionWithoutChapterOne)
  }
  return book
}

/// Collects one chapter's items while its units are read.
private struct ChapterBuilder {
  let spec: BookSpec
  var number = 0
  var items: [ImportedItem] = []
  /// Publication items read but not yet attached to the verse that follows them.
  private var pending: [(unit: USFMUnit, type: ItemType)] = []
  private var lastVerse = 0

  /// True until the chapter's first verse is read.
  var isBeforeFirstVerse: Bool { lastVerse == 0 }
  private var verseIndex: Int?
  private var continuationIndex: Int?
  /// Breaks made so far inside the current verse.
  private var breaks = 0
  /// Lines after `\c` that Key It does not model.
  var header: [String] = []

  init(spec: BookSpec, number: Int = 0) {
    self.spec = spec
    self.number = number
  }

  typealias Fail = (USFMUnit?, USFMProblem) -> KeyItError

  mutating func add(_ unit: USFMUnit, fail: Fail) throws {
    let base = unit.base
    switch base {
    case "v": try addVerse(unit, fail: fail)
    case "cl", "cd", "cp":
      guard lastVerse == 0 else { throw fail(unit, .afterVerse(marker: unit.marker, verse: lastVerse)) }
      // `\cp` (the chapter number as printed) is a label that keeps its marker.
      pending.append((unit, base == "cd" ? .chapDesc : .chapLabel))
    case "d" where spec.code == "PSA" && lastVerse == 0 && !pending.contains { $0.type == .ascription }:
      pending.append((unit, .ascription))
    case "r": pending.append((unit, .parlRef))
    case "d", "s", "ms", "mr", "sr", "sp", "sd", "qa":
      let afterParagraph = pending.contains { $0.type == .para }
      pending.append((unit, afterParagraph ? .headingAfterPara : .heading))
    default:
      try addParagraph(unit, fail: fail)
    }
  }

  private mutating func addVerse(_ unit: USFMUnit, fail: Fail) throws {
    let (numberText, body) = verseNumberAndText(unit.text)
    let parts = numberText.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
    guard (1...2).contains(parts.count), let first = parts[0], let last = parts.last ?? nil, last >= first else {
      throw fail(unit, .badVerseNumber(numberText))
    }
    let count = spec.chapters[number - 1].verseCount
    guard first > lastVerse else { throw fail(unit, .verseOutOfOrder(verse: first, after: lastVerse)) }
    guard last <= count else {
      throw fail(unit, .noSuchVerse(book: spec.code, chapter: number, verse: last, count: count))
    }
    attachPending(to: first)
    var verse = ImportedItem(
      type: .verse, verse: first, text: body, intSeq: 0, order: 100 * first, marker: nil)
    if last > first { verse.lastVerseOfBridge = last }
    items.append(verse)
    verseIndex = items.count - 1
    continuationIndex = nil
    breaks = 0
    lastVerse = last
  }

  /// A paragraph marker with no text waits for the next verse; one with text continues the
  /// current verse after a paragraph break.
  private mutating func addParagraph(_ unit: USFMUnit, fail: Fail) throws {
    guard !unit.text.isEmpty else {
      pending.append((unit, .para))
      return
    }
    guard let verseIndex else { throw fail(unit, .textBeforeFirstVerse(chapter: number)) }
    if let heading = pending.first(where: { $0.type != .para }) {
      throw fail(heading.unit, .headingInsideVerse(marker: heading.unit.marker, verse: lastVerse))
    }
    let verse = items[verseIndex]
    if pending.isEmpty, verse.lastVerseOfBridge == 0, breaks < maxBreaksInVerse {
      // Each line of a verse printed as poetry (or each paragraph inside it) is a break of its own.
      items.append(
        ImportedItem(
          type: .paraCont, verse: verse.verse, text: "", intSeq: breaks,
          order: itemOrder(type: .paraCont, verse: verse.verse, intSeq: breaks),
          marker: unit.marker == "p" ? nil : unit.marker))
      items.append(
        ImportedItem(
          type: .verseCont, verse: verse.verse, text: unit.text, intSeq: breaks,
          order: itemOrder(type: .verseCont, verse: verse.verse, intSeq: breaks), marker: nil))
      continuationIndex = items.count - 1
      breaks += 1
      return
    }
    let markers = (pending.map(\.unit) + [unit]).map { "\\\($0.marker)" }.joined(separator: " ")
    let target = continuationIndex ?? verseIndex
    items[target].text = joined(items[target].text, "\(markers) \(unit.text)")
    pending.removeAll()
  }

  /// Keeps a marker Key It does not model (`\rem`, `\sts`) where it stands: right after `\c` it
  /// is a chapter header line; after an item with text it joins that text (a verse's, a
  /// heading's), so export writes it back in place. Returns a note when it has to move.
  mutating func keep(_ unit: USFMUnit) -> ImportNote? {
    if let last = pending.indices.last, pending[last].type.carriesText {
      pending[last].unit.text = joined(pending[last].unit.text, unit.line)
      return nil
    }
    if lastVerse == 0 {
      header.append(unit.line)
      return pending.isEmpty ? nil : .markerAfterChapterNumber(marker: unit.marker)
    }
    let target = continuationIndex ?? verseIndex!
    items[target].text = joined(items[target].text, unit.line)
    return pending.isEmpty ? nil : .markerBeforeBreak(marker: unit.marker)
  }

  /// Gives waiting publication items their verse and ItemOrder; an item that would sort before
  /// one read earlier keeps the file's order by taking that item's order and a higher IntSeq.
  private mutating func attachPending(to verse: Int) {
    var floor = Int.min
    for (sequence, entry) in pending.enumerated() {
      let aboveTitle =
        entry.type == .heading && pending.dropFirst(sequence + 1).contains { $0.type == .ascription }
      let order = max(itemOrder(type: entry.type, verse: verse, intSeq: aboveTitle ? -1 : 0), floor)
      floor = order
      let marker = entry.unit.marker == entry.type.defaultMarker || entry.unit.marker == "s" ? nil : entry.unit.marker
      items.append(
        ImportedItem(
          type: entry.type, verse: verse, text: entry.type.carriesText ? entry.unit.text : "",
          intSeq: aboveTitle ? -1 : sequence, order: order, marker: marker))
    }
    pending.removeAll()
  }

  /// Ends the chapter: waiting paragraph breaks with nothing after them are dropped, any other
  /// waiting item is an error, and verses the file lacks are added empty.
  mutating func finish(_ fail: Fail) throws -> ImportedChapter {
    if let orphan = pending.first(where: { $0.type != .para }) {
      throw fail(orphan.unit, .afterLastVerse(marker: orphan.unit.marker, chapter: number))
    }
    let count = spec.chapters[number - 1].verseCount
    var covered = Array(repeating: false, count: count + 1)
    for item in items where item.type == .verse {
      for verse in item.verse...max(item.verse, item.lastVerseOfBridge) { covered[verse] = true }
    }
    for verse in 1...count where !covered[verse] {
      items.append(ImportedItem(type: .verse, verse: verse, text: "", intSeq: 0, order: 100 * verse, marker: nil))
    }
    items.sort { ($0.order, $0.intSeq) < ($1.order, $1.intSeq) }
    return ImportedChapter(number: number, items: items, header: header)
  }
}

/// A `\v` unit's number (up to the first whitespace) and its text, trimmed. Read as bytes when
/// the number is ASCII and a plain space ends it, as nearly every verse's is; else by characters.
func verseNumberAndText(_ text: String) -> (number: String, text: String) {
  let utf8 = text.utf8
  if let space = utf8.firstIndex(where: { $0 <= 0x20 || $0 >= 0x80 }), utf8[space] == 0x20 {
    let body = text[utf8.index(after: space)...]
    let plainEnds =
      body.utf8.first.map { $0 > 0x20 && $0 < 0x80 } != false
      && body.utf8.last.map { $0 > 0x20 && $0 < 0x80 } != false
    return (String(text[..<space]), plainEnds ? String(body) : String(body).trimmed)
  }
  let number = String(text.prefix { !$0.isWhitespace })
  return (number, String(text.dropFirst(number.count)).trimmed)
}
