import Foundation
import GRDB

/// What changing a Bible's versification did.
public struct VersificationChangeReport: Codable, Sendable, Equatable {
  /// The versification the Bible had.
  public let from: Versification
  /// The versification it has now.
  public let to: Versification
  /// Verses with text whose number changed, as `PSA 3:0 → PSA 3:1` (verse 0 is a psalm's title).
  public let moved: [String]
}

extension KeyItStore {
  /// Changes a Bible's versification, moving typed text by the `.vrs` mapping lines, in one
  /// transaction. Refused, naming the verses and changing nothing, when text would be lost, and
  /// for a Bible shared with a team. Items keep their row ids, so a page open on a moved verse still
  /// saves into it; the Bible gets a new text id and its log is written afresh (`identifyAnew`), so
  /// the log replays to the new numbering and nothing a hub held of the old one can mix with it.
  public func changeVersification(bibleID: Int64?, to: Versification) async throws -> VersificationChangeReport {
    let now = now()
    return try await writer.write { db in
      var bible = try Self.bible(db, bibleID)
      let from = bible.versification
      guard from != to else { return VersificationChangeReport(from: from, to: to, moved: []) }
      if try Self.isShared(db, bible: bible) { throw KeyItError.versificationOfSharedBible(bibleUID: bible.uid) }
      var books = try Book.filter(Book.Columns.bibleID == bible.bibleID).fetchAll(db)
      let codes = Dictionary(uniqueKeysWithValues: books.map { ($0.bookID, $0.bookCode) })
      let created = try Chapter.filter(Chapter.Columns.bibleID == bible.bibleID && Chapter.Columns.itemRecsCreated)
        .fetchAll(db)
      let items = Dictionary(
        grouping: try VerseItem.filter(created.map(\.chapterID!).contains(VerseItem.Columns.chapterID))
          .order(VerseItem.Columns.itemOrder, VerseItem.Columns.intSeq, VerseItem.Columns.uid).fetchAll(db),
        by: \.chapterID)
      let stored = created.map { chapter in
        StoredChapter(
          place: BookChapter(book: codes[chapter.bookID]!, number: chapter.chapterNumber),
          items: items[chapter.chapterID!] ?? [], usfmHeader: chapter.usfmHeader)
      }
      let plan = try planVersificationChange(stored, books: Set(codes.values), from: from, to: to)

      bible.versification = to
      bible.frenchPsalms = false
      try bible.update(db)
      let catalog = bible.catalog
      for index in books.indices {
        guard let spec = catalog.book(code: books[index].bookCode) else {
          // A book the new versification does not number had no text (the plan checked).
          try books[index].delete(db)
          continue
        }
        books[index].numChaps = spec.chapters.count
        books[index].currChapter = min(books[index].currChapter, spec.chapters.count)
        try books[index].update(db)
      }
      try self.fitChapterRows(db, bibleID: bible.bibleID!, catalog: catalog)
      for (place, chapterItems) in plan.chapters {
        var book = try self.book(db, bibleID: bible.bibleID, code: place.book)
        try self.createChapters(db, book: &book)
        try self.rewrite(db, bibleID: bible.bibleID!, book: book, number: place.number, items: chapterItems)
      }
      for id in plan.deleted { _ = try VerseItem.deleteOne(db, key: id) }
      // Chapters the new numbering does not have: their text has moved (the plan checked).
      try db.execute(
        sql: """
          DELETE FROM Chapters WHERE bibleID = ? AND chapterNumber >
            (SELECT numChaps FROM Books WHERE Books.bibleID = Chapters.bibleID AND Books.bookID = Chapters.bookID)
          """, arguments: [bible.bibleID])
      try Self.identifyAnew(db, bible: &bible, wallMillis: now)
      return VersificationChangeReport(
        from: from, to: to, moved: plan.moved.map { "\($0.from) → \($0.to)" })
    }
  }

  /// Writes a rebuilt chapter: moved items are updated in place (their row id, revision and bridge
  /// history kept), new empty verses inserted. An item that comes from another chapter takes a new
  /// text id, as its old one is stored from that chapter's id on; `identifyAnew` gives every item
  /// its id afterwards.
  private func rewrite(_ db: Database, bibleID: Int64, book: Book, number: Int, items: [VerseItem]) throws {
    guard
      var chapter = try Chapter.filter(
        Chapter.Columns.bibleID == bibleID && Chapter.Columns.bookID == book.bookID
          && Chapter.Columns.chapterNumber == number
      ).fetchOne(db)
    else { return }
    for var item in items {
      if item.chapterID != chapter.chapterID! { item.uid = TextID.make() }
      item.chapterID = chapter.chapterID!
      if item.itemID == nil { try item.insert(db) } else { try item.update(db) }
    }
    if !items.contains(where: { $0.itemID == chapter.currItem }) { chapter.currItem = 0 }
    chapter.itemRecsCreated = true
    chapter.numItems = items.count
    try chapter.update(db)
  }

  /// Makes the chapter rows of every book that has them match the new versification's verse
  /// counts, adding rows for the chapters it has more of.
  private func fitChapterRows(_ db: Database, bibleID: Int64, catalog: BookCatalog) throws {
    for book in try Book.filter(Book.Columns.bibleID == bibleID && Book.Columns.chapRecsCreated).fetchAll(db) {
      let spec = try catalog.requireBook(code: book.bookCode)
      let rows = try Chapter.filter(Chapter.Columns.bibleID == bibleID && Chapter.Columns.bookID == book.bookID)
        .fetchAll(db)
      for var row in rows {
        guard let chapter = spec.chapters[safe: row.chapterNumber - 1] else { continue }
        row.numVerses = chapter.verseCount
        try row.update(db)
      }
      let have = Set(rows.map(\.chapterNumber))
      for number in 1...spec.chapters.count where !have.contains(number) {
        var row = Chapter(
          chapterID: nil, bibleID: bibleID, bookID: book.bookID, chapterNumber: number, itemRecsCreated: false,
          numVerses: spec.chapters[number - 1].verseCount, numItems: 0, currItem: 0,
          uid: TextID.chapter(bible: try Self.bible(db, bibleID).uid, book: book.bookCode, chapter: number))
        try row.insert(db)
      }
    }
  }
}
