import AppSupport
import Foundation
import GRDB

/// What importing one USFM file did.
public struct ImportReport: Sendable, Equatable {
  /// The file imported.
  public let file: String
  /// The book it held.
  public let book: String
  /// The chapters it replaced.
  public let chapters: [Int]
  /// Verses with text after the import.
  public let versesWithText: Int
  /// The book's name in the file's `\h` when it differs from its name in this Bible: offered,
  /// never applied by the import.
  public let nameInFile: String?
  /// What the import changed in writing while keeping the text (Unicode composed form, …).
  public let normalised: [ImportNote]
}

extension KeyItStore {
  /// One chapter as USFM or USX (chapter 1 includes the book's titles and introduction).
  public func exportChapter(bibleID: Int64?, code: String, chapter: Int, format: ExportFormat = .usfm) async throws
    -> String
  {
    try await writer.read { db in
      let book = try self.book(db, bibleID: bibleID, code: code)
      guard (1...book.numChaps).contains(chapter) else {
        throw KeyItError.unknownChapter(book: book.bookCode, chapter: chapter, count: book.numChaps)
      }
      return format.write(try self.exportContent(db, book: book, chapters: chapter...chapter))
    }
  }

  /// A whole book as USFM or USX.
  public func exportBook(bibleID: Int64?, code: String, format: ExportFormat = .usfm) async throws -> String {
    try await writer.read { db in
      let book = try self.book(db, bibleID: bibleID, code: code)
      return format.write(try self.exportContent(db, book: book))
    }
  }

  /// Every book as USFM or USX, keyed by its Paratext-style file name, in canonical order.
  public func exportBible(bibleID: Int64?, format: ExportFormat = .usfm) async throws
    -> [(fileName: String, text: String)]
  {
    // The Bible's two halves are read at once, on two cores, by two readers that see it in one
    // state; each book is written in a task of its own as soon as its last chapter is read.
    @Sendable func half(_ which: Int) -> @Sendable (Database) throws -> ExportedBooks {
      { db in
        let bible = try Self.bible(db, bibleID)
        let books = try Book.filter(Book.Columns.bibleID == bible.bibleID).order(Book.Columns.bookID).fetchAll(db)
        let part = Array(books[try Self.exportHalves(of: books, in: bible.catalog)[which]])
        var writes = [Task<String, Never>?](repeating: nil, count: part.count)
        try self.exportContents(db, books: part) { index, content in writes[index] = Task { format.write(content) } }
        return ExportedBooks(bible: bible, books: part, writes: writes.map { $0! })
      }
    }
    let halves = try await writer.readAtOnce(half(0), half(1))
    var files: [(fileName: String, text: String)] = []
    for exported in [halves.0, halves.1] {
      for (book, write) in zip(exported.books, exported.writes) {
        let name = exportFileName(
          book: try exported.bible.catalog.requireBook(code: book.bookCode), bibleName: exported.bible.name,
          format: format)
        files.append((fileName: name, text: await write.value))
      }
    }
    return files
  }

  /// Books read for an export, each being written by its task.
  private struct ExportedBooks: Sendable {
    var bible: Bible
    var books: [Book]
    var writes: [Task<String, Never>]
  }

  /// `books` cut in two where the verses their versification numbers are about evenly shared (the
  /// export's time goes with them): the first books, then the rest.
  static func exportHalves(of books: [Book], in catalog: BookCatalog) throws -> [Range<Int>] {
    let verses = try books.map { book in
      try catalog.requireBook(code: book.bookCode).chapters.reduce(0) { $0 + $1.verseCount }
    }
    let total = verses.reduce(0, +)
    var cut = 0
    var before = 0
    while cut < books.count, 2 * (before + verses[cut]) <= total {
      before += verses[cut]
      cut += 1
    }
    return [0..<cut, cut..<books.count]
  }

  /// Imports USFM books into a Bible. If any file is malformed nothing is written and the error
  /// names its file, line and column. Each chapter a file holds replaces that chapter; other
  /// chapters are left as they are. A long import is written while it is read (`USFMImportPipeline`).
  public func importUSFM(_ files: [(name: String, text: String)], bibleID: Int64?) async throws -> [ImportReport] {
    guard USFMImportPipeline.readsOnAThread(files) else {
      // A short import is a short write, as a lone save is (`TextSaveQueue`): read and written on
      // the caller's thread unless a long write is under way, in its one transaction: not worth a
      // hop to the writer's thread and another back, nor a read of its own for the Bible's
      // numbering, nor a bigger page cache. WEB Ruth, 1 John and 3 John into a new Bible, p50
      // (medians of alternating runs): the hops, with the ids' places hashed only where an item
      // keeps its id, 2.46 → 2.36 ms; the read and the cache, 0.93× that.
      return try await writer.shortWrite { db in
        let bible = try Self.bible(db, bibleID)
        let reading = try USFMImportPipeline(files, versification: bible.versification)
        return try self.write(files, read: reading, into: bible, db)
      }
    }
    let versification = try writer.readOnThisThread { db in try Self.bible(db, bibleID).versification }
    let reading = try USFMImportPipeline(files, versification: versification)
    defer { reading.stop() }
    do {
      return try await writer.write { db in
        // Up to 64 MiB of pages kept for a long import, as the Phrasebook's import does: with
        // SQLite's 2 MiB, a whole Psalms' pages (its items' indexes, its change log) spilled to the
        // log mid-transaction (WEB Psalms into a new Bible: p50 107-115 ms -> 103-108 ms). A short
        // one's pages fit in SQLite's.
        let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        try db.execute(sql: "PRAGMA cache_size = -65536")
        defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
        return try self.write(files, read: reading, into: try Self.bible(db, bibleID), db)
      }
    } catch {
      // A malformed file is the import's fault whatever stopped the writing first, as it was when
      // every file was read before anything was written.
      throw reading.readingError() ?? error
    }
  }

  /// Writes the books of `files` as `reading` reads them, in the import's transaction.
  private func write(
    _ files: [(name: String, text: String)], read reading: USFMImportPipeline, into bible: Bible, _ db: Database
  ) throws -> [ImportReport] {
    // No savepoint for each file: the import is all or nothing, and SQLite's savepoint made every
    // page it wrote a copy (WEB Psalms into a new Bible: its item inserts 18.5 -> 16.9 ms).
    return try Self.logging(db, bibleID: bible.bibleID!, bibleUID: bible.uid) { logger in
      try files.indices.map { index in
        try self.store(db, file: index, of: reading, named: files[index].name, bible: bible, logger: &logger)
      }
    }
  }

  /// One imported book, in the import's transaction: each chapter written as soon as it is read
  /// and planned.
  private func store(
    _ db: Database, file index: Int, of reading: USFMImportPipeline, named fileName: String, bible: Bible,
    logger: inout ChangeLogger
  ) throws -> ImportReport {
    let head = try reading.head(of: index)
    var book = try self.book(db, in: bible, code: head.spec.code)
    try self.createChapters(db, book: &book, bible: bible)
    let header = head.header.joined(separator: "\n")
    if book.usfmHeader != header {  // a file imported again leaves the transaction empty: no commit to sync
      book.usfmHeader = header
      try db.cachedStatement(sql: "UPDATE Books SET usfmHeader = ? WHERE bibleID = ? AND bookID = ?")
        .execute(arguments: [header, book.bibleID, book.bookID])
    }
    let chapters = try Dictionary(
      uniqueKeysWithValues: Chapter.fetchAll(
        db.cachedStatement(sql: "SELECT * FROM Chapters WHERE bibleID = ? AND bookID = ?"),
        arguments: [book.bibleID, book.bookID]
      ).map { ($0.chapterNumber, $0) })
    /// The chapters whose plans were asked for and not written yet, in the file's order.
    var asked: [(ticket: Int, input: ChapterImportPlan.Input)] = []
    var position = 0
    try ImportedItemInserts.inserting(db) { inserts in
      while true {
        // Every chapter read so far has its plan asked for; with none asked, the next is waited for.
        while case .chapter(let chapter) = try reading.next(position, of: index, wait: asked.isEmpty) {
          position += 1
          if let input = try Self.planInput(db, chapter, book: book, stored: chapters, bible: bible) {
            asked.append((reading.ask(input), input))
          }
        }
        guard !asked.isEmpty else { break }
        let (ticket, input) = asked.removeFirst()
        let plan = reading.plan(ticket)
        let (stored, imported) = (input.chapter, input.imported)
        if stored.itemRecsCreated, plan.logged == nil, imported.storedHeader == stored.usfmHeader { continue }
        try Self.replace(db, chapter: stored, with: imported, uids: plan.storedUIDs, inserts: inserts)
        if let logged = plan.logged {
          try logger.log(payload: logged.payload, chapterKey: logged.chapterKey, wallMillis: now())
        }
      }
    }
    let imported = try reading.book(of: index)
    let verses = imported.chapters.reduce(0) { verses, chapter in
      chapter.items.reduce(verses) { verses, item in
        item.type == .verse && !item.text.isEmpty ? verses + item.bridgeSteps + 1 : verses
      }
    }
    return ImportReport(
      file: fileName, book: book.bookCode, chapters: imported.chapters.map(\.number), versesWithText: verses,
      nameInFile: imported.name.flatMap { $0 == book.bookName ? nil : $0 }, normalised: imported.normalised)
  }

  /// What importing `chapter` over the stored one needs planned, read in the import's transaction;
  /// nil when the chapter already holds the file's items as they are (nothing is written or logged).
  private static func planInput(
    _ db: Database, _ chapter: ImportedChapter, book: Book, stored chapters: [Int: Chapter], bible: Bible
  ) throws -> ChapterImportPlan.Input? {
    // Read in the versification before the transaction: one changed since has other chapters.
    guard let stored = chapters[chapter.number] else {
      throw KeyItError.unknownChapter(book: book.bookCode, chapter: chapter.number, count: chapters.count)
    }
    if stored.itemRecsCreated, chapter.storedHeader == stored.usfmHeader,
      try holds(db, chapterID: stored.chapterID!, chapter.items)
    {
      return nil
    }
    // A chapter never opened has no items yet, and the ones it would be created with are never logged.
    let before: ChapterImportPlan.Before =
      stored.itemRecsCreated ? .stored(try itemStates(db, chapter: stored, stored: true)) : .new(in: bible)
    return ChapterImportPlan.Input(imported: chapter, book: book.bookCode, chapter: stored, before: before)
  }

  /// Reads USFM files in a versification without storing anything (the first half of
  /// `importUSFM`). A file whose chapters or verses the versification does not have, but another
  /// one does, is an error that names the versifications it fits.
  public func parseUSFM(_ files: [(name: String, text: String)], versification: Versification = .kjv) throws
    -> [ImportedBook]
  {
    try files.map { file in try Self.parseUSFMFile(file, versification: versification) }
  }

  /// Reads one USFM file in a versification (see `parseUSFM`).
  static func parseUSFMFile(_ file: (name: String, text: String), versification: Versification) throws -> ImportedBook {
    do {
      return try parseUSFMBook(file.text, fileName: file.name, catalog: .of(versification))
    } catch {
      throw naming(error, otherVersificationsOf: file, versification: versification)
    }
  }

  /// `error`, a fault reading `file` in `versification`; when the file reads in other
  /// versifications, the fault that names them (it is malformed only in this one's numbers). Reads
  /// the file again in each of them.
  static func naming(
    _ error: any Error, otherVersificationsOf file: (name: String, text: String), versification: Versification
  ) -> any Error {
    guard case KeyItError.usfm(let name, let line, _, let problem) = error else { return error }
    let fits = Versification.allCases.filter { other in
      other != versification && (try? parseUSFMBook(file.text, fileName: file.name, catalog: .of(other))) != nil
    }
    guard !fits.isEmpty else { return error }
    return KeyItError.notInVersification(
      file: name, line: line, problem: problem, versification: versification, fits: fits)
  }

  /// Replaces a chapter's items with imported ones, their text ids `uids`: the old ones are deleted
  /// here, the new ones given to `inserts` (all inserted once `inserting` returns).
  private static func replace(
    _ db: Database, chapter: Chapter, with imported: ImportedChapter, uids: [String], inserts: ImportedItemInserts
  ) throws {
    let chapterID = chapter.chapterID!
    if chapter.itemRecsCreated {
      try db.cachedStatement(sql: "DELETE FROM VerseItems WHERE chapterID = ?").execute(arguments: [chapterID])
    }
    try inserts.insert(chapterID: chapterID, imported.items, uids: uids)
    try db.cachedStatement(
      sql: "UPDATE Chapters SET itemRecsCreated = 1, numItems = ?, currItem = 0, usfmHeader = ? WHERE chapterID = ?"
    ).execute(arguments: [imported.items.count, imported.storedHeader, chapterID])
  }

  /// Whether a chapter's stored items are `items`, in printed order, field for field: the quick
  /// answer for a file imported again, read in one pass without building their states. A chapter
  /// with a bridge is left to the full comparison (its steps are stored apart).
  static func holds(_ db: Database, chapterID: Int64, _ items: [ImportedItem]) throws -> Bool {
    guard items.allSatisfy({ $0.bridgeSteps == 0 }) else { return false }
    var expected = items.makeIterator()
    var same = true
    try ExportedItemRows(
      db.cachedStatement(
        sql:
          "SELECT \(VerseItem.exportSelection) FROM VerseItems WHERE chapterID = ? ORDER BY \(VerseItem.printedOrder)"),
      arguments: [chapterID]
    ).forEach { row in
      guard same else { return }
      let stored = try row.item()
      guard let item = expected.next() else { return same = false }
      same =
        stored.verseNumber == item.verse && stored.itemType == item.type && stored.itemOrder == item.order
        && stored.itemText == item.text && stored.intSeq == item.intSeq
        && stored.isStartOfBridge == (item.lastVerseOfBridge > 0) && stored.lastVsOfBridge == item.lastVerseOfBridge
        && stored.marker == item.marker
    }
    return same && expected.next() == nil
  }

  /// The text ids of a chapter's imported items. A verse's and an ascription's come from the
  /// chapter's; any other item (a heading, a paragraph, a line of poetry) keeps the id of the item
  /// it replaces at the same place (verse, type and sequence), so a file imported again changes
  /// nothing, and a teammate's edit of a heading still finds it; an item at a new place takes the
  /// place's id (`TextID.place`), so the same file imported on two devices gives the same ids.
  /// The ids, those of `before` and those given, are in their stored form under `chapterUID`
  /// (`TextID.stored`).
  static func importedUIDs(_ items: [ImportedItem], chapterUID: String, before: [String: ItemState]) -> [String] {
    struct Place: Hashable {
      let verse: Int
      let type: ItemType
      let order: Int
      let intSeq: Int
    }
    /// A verse's or an ascription's id comes from the chapter's, never from the item it replaces.
    func derived(_ type: ItemType, intSeq: Int) -> Bool { intSeq == 0 && (type == .verse || type == .ascription) }
    // Only the places an item keeps an id at (in a chapter never opened, none: it has only verses).
    var stored: [Place: String] = [:]
    for (uid, state) in before where !derived(state.type, intSeq: state.intSeq) {
      let place = Place(verse: state.verse, type: state.type, order: state.order, intSeq: state.intSeq)
      // Two at one place: either, but the same each time and on every device (the first whole id).
      if let other = stored[place], TextID.precedes(other, uid, storedUnder: chapterUID) { continue }
      stored[place] = uid
    }
    // The kept and derived ids given so far (a new UUIDv7 can be neither, so it is not hashed in).
    var taken = Set<String>(minimumCapacity: items.count)
    return items.map { item in
      let derived = derived(item.type, intSeq: item.intSeq)
      let place = Place(verse: item.verse, type: item.type, order: item.order, intSeq: item.intSeq)
      if !derived, let kept = stored[place], !taken.contains(kept) {
        taken.insert(kept)
        return kept
      }
      let uid =
        derived
        ? uidForNewItem(item.type, verse: item.verse, chapterUID: "", taken: taken)
        : TextID.place(chapter: "", type: item.type, verse: item.verse, intSeq: item.intSeq)
      guard !taken.contains(uid) else { return TextID.make() }
      taken.insert(uid)
      return uid
    }
  }

  /// One book's given chapters (all when nil), ready to write.
  private func exportContent(_ db: Database, book: Book, chapters: ClosedRange<Int>? = nil) throws -> USFMBook {
    var content: USFMBook?
    try exportContents(db, books: [book], chapters: chapters) { _, read in content = read }
    return content!
  }

  /// The given chapters (all when nil) of books of one Bible, ready to write, read with one query
  /// for their chapters and one for their items, each book handed to `take` (with its index in
  /// `books`) as soon as its last chapter is read. Chapters never opened are written from the
  /// versification (every `\c` and `\v`, empty) without creating their rows.
  private func exportContents(
    _ db: Database, books: [Book], chapters: ClosedRange<Int>? = nil, take: (Int, USFMBook) throws -> Void
  ) throws {
    guard let bibleID = books.first?.bibleID else { return }
    let bible = try Self.bible(db, bibleID)
    let numbers = chapters ?? 1...Int(Int32.max)
    // Only the four columns the export needs, by position.
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT chapterID, bookID, chapterNumber, usfmHeader FROM Chapters
        WHERE bibleID = ? AND bookID IN (\(books.map { String($0.bookID) }.joined(separator: ",")))
          AND itemRecsCreated AND chapterNumber BETWEEN ? AND ?
        ORDER BY chapterID
        """, arguments: [bibleID, numbers.lowerBound, numbers.upperBound]
    ).map { (id: $0[0] as Int64, book: $0[1] as Int, number: $0[2] as Int, header: $0[3] as String?) }
    let index = Dictionary(uniqueKeysWithValues: books.enumerated().map { ($1.bookID, $0) })
    let bookOfChapter = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, index[$0.book]!) })
    let rowsByBook = Dictionary(grouping: rows, by: { index[$0.book]! })
    var unread = rowsByBook.mapValues(\.count)
    var byChapter: [Int64: [VerseItem]] = [:]
    func bookContent(_ position: Int) throws -> USFMBook {
      let book = books[position]
      let spec = try bible.catalog.requireBook(code: book.bookCode)
      let bookRows = rowsByBook[position] ?? []
      let chapterIDs = Dictionary(uniqueKeysWithValues: bookRows.map { ($0.number, $0.id) })
      let content = (chapters ?? 1...book.numChaps).map { number in
        let stored = chapterIDs[number].flatMap { byChapter.removeValue(forKey: $0) }
        let items =
          stored
          ?? (1...spec.chapters[number - 1].verseCount).map {
            VerseItem(chapterID: 0, verseNumber: $0, itemType: .verse)
          }
        return (number: number, items: items)
      }
      return USFMBook(
        code: book.bookCode, name: book.bookName, bibleName: bible.name, chapters: content,
        header: book.usfmHeader.map { $0.components(separatedBy: "\n") },
        chapterHeaders: bookRows.reduce(into: [:]) { lines, row in
          lines[row.number] = row.header?.components(separatedBy: "\n")
        })
    }
    /// Files a chapter's items; its book is handed on once it was the book's last unread chapter.
    func file(_ chapterID: Int64, _ items: [VerseItem]) throws {
      byChapter[chapterID] = items
      let position = bookOfChapter[chapterID]!
      unread[position]! -= 1
      if unread[position] == 0 { try take(position, try bookContent(position)) }
    }
    // Books with no chapter opened are written from the versification alone, at once.
    for position in books.indices where rowsByBook[position] == nil { try take(position, try bookContent(position)) }
    try PrintedItems.forEachChapter(db, chapters: rows.map(\.id), file)
    // A chapter marked opened with no items left (none should be) is written empty.
    for (position, count) in unread where count > 0 { try take(position, try bookContent(position)) }
  }
}
