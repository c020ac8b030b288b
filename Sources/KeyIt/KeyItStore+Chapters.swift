import AppSupport
import GRDB

/// How far a chapter's keyboarding has come.
public enum ChapterStatus: String, Codable, Sendable {
  /// No verse has text (or the chapter was never opened).
  case empty
  /// Some verses have text.
  case started
  /// Every verse has text.
  case complete
}

/// A book with its keyboarding progress.
public struct BookSummary: Codable, Sendable, Equatable {
  /// The book row.
  public let book: Book
  /// Verses in the book.
  public let totalVerses: Int
  /// Verses with text (each verse of a bridge counts).
  public let versesKeyboarded: Int
}

/// A chapter with its keyboarding progress.
public struct ChapterSummary: Codable, Sendable, Equatable {
  /// The chapter row.
  public let chapter: Chapter
  /// Verses with text (each verse of a bridge counts).
  public let versesKeyboarded: Int

  /// Empty, started or complete.
  public var status: ChapterStatus {
    versesKeyboarded == 0 ? .empty : versesKeyboarded >= chapter.numVerses ? .complete : .started
  }
}

/// A chapter opened for editing: its items in printed order and what the rules need to know.
public struct ChapterContent: Codable, Sendable, Equatable {
  /// The book the chapter is in.
  public let book: Book
  /// The chapter row.
  public let chapter: Chapter
  /// The items in printed order.
  public let items: [VerseItem]

  /// The facts the action rules use.
  public var facts: ChapterFacts {
    ChapterFacts(bookCode: book.bookCode, chapterNumber: chapter.chapterNumber, numVerses: chapter.numVerses)
  }

  /// The items in printed order with their labels ("Psalm title" in the Psalms).
  public var labelledItems: [LabelledItem] {
    items.map { LabelledItem(item: $0, inPsalms: facts.isPsalms) }
  }

  /// The item to resume at: the chapter's current item, or the first item when that is invalid.
  public var currentItem: VerseItem? {
    items.first { $0.itemID == chapter.currItem } ?? items.first
  }
}

/// An item with its label in the user's terms, which depends on its book.
public struct LabelledItem: Encodable, Sendable, Equatable {
  /// The item row.
  public let item: VerseItem
  /// "Verse 5", "Verses 3–5", "Psalm title"…, as words for the user's language.
  public let words: Words

  public init(item: VerseItem, inPsalms: Bool) {
    self.item = item
    words = item.labelWords(inPsalms: inPsalms)
  }

  /// The label in English.
  public var label: String { words.english }

  enum CodingKeys: CodingKey { case item, label }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(item, forKey: .item)
    try container.encode(label, forKey: .label)
  }
}

/// SQL that counts keyboarded verses of the items it is summed over.
let keyboardedVersesSQL = """
  SUM(CASE WHEN VerseItems.itemType = 'Verse' AND VerseItems.itemText <> '' THEN
    CASE WHEN VerseItems.isStartOfBridge THEN VerseItems.lastVsOfBridge - VerseItems.verseNumber + 1 ELSE 1 END
  ELSE 0 END)
  """

extension KeyItStore {
  /// The 66 books of a Bible with their progress.
  public func books(bibleID: Int64?) async throws -> [BookSummary] {
    try await writer.read { db in try self.books(db, bible: try Self.bible(db, bibleID)) }
  }

  func books(_ db: Database, bible: Bible) throws -> [BookSummary] {
    var done: [Int: Int] = [:]
    for chapter in try Self.chapterProgress(db, bibleID: bible.bibleID!) {
      done[chapter.bookID, default: 0] += chapter.done
    }
    return try Book.filter(Book.Columns.bibleID == bible.bibleID).order(Book.Columns.bookID).fetchAll(db).map { book in
      let total = bible.catalog.book(number: book.bookID)?.chapters.reduce(0) { $0 + $1.verseCount } ?? 0
      return BookSummary(book: book, totalVerses: total, versesKeyboarded: done[book.bookID] ?? 0)
    }
  }

  /// Every opened chapter of a Bible with its verse count and the verses keyboarded in it.
  static func chapterProgress(_ db: Database, bibleID: Int64) throws -> [(bookID: Int, numVerses: Int, done: Int)] {
    try Row.fetchAll(
      db,
      sql: """
        SELECT Chapters.bookID, Chapters.numVerses, IFNULL(\(keyboardedVersesSQL), 0) AS done FROM Chapters
        JOIN VerseItems ON VerseItems.chapterID = Chapters.chapterID
        WHERE Chapters.bibleID = ? GROUP BY Chapters.chapterID
        """, arguments: [bibleID]
    ).map { ($0["bookID"], $0["numVerses"], $0["done"]) }
  }

  /// Books outside the 66 that the Bible's versification numbers and the Bible does not have yet.
  public func addableBooks(bibleID: Int64?) async throws -> [BookSpec] {
    try await writer.read { db in
      let bible = try Self.bible(db, bibleID)
      let have = Set(
        try Int.fetchAll(db, Book.filter(Book.Columns.bibleID == bible.bibleID).select(Book.Columns.bookID)))
      return bible.catalog.books.filter { $0.isExtra && !have.contains($0.number) }
    }
  }

  /// Adds a book outside the 66 (deuterocanonical or other) that the Bible's versification numbers.
  public func addBook(bibleID: Int64?, code: String) async throws -> Book {
    try await writer.write { db in
      let bible = try Self.bible(db, bibleID)
      let code = code.uppercased()
      guard let spec = bible.catalog.book(code: code) else {
        throw KeyItError.cannotAddBook(code: code, reason: .notInVersification(bible.versification))
      }
      guard try Book.fetchOne(db, key: ["bibleID": bible.bibleID, "bookID": spec.number]) == nil else {
        throw KeyItError.cannotAddBook(code: code, reason: .alreadyThere)
      }
      let book = Book(
        bibleID: bible.bibleID!, bookID: spec.number, bookCode: spec.code, bookName: spec.name, chapRecsCreated: false,
        numChaps: spec.chapters.count, currChapter: 0)
      try book.insert(db)
      return book
    }
  }

  /// Renames a book in one Bible.
  public func renameBook(bibleID: Int64?, code: String, to name: String) async throws -> Book {
    if let scalar = forbiddenControlCharacter(in: name) { throw KeyItError.controlCharacter(field: .name, scalar) }
    let name = name.trimmed.nfc
    guard !name.isEmpty else { throw KeyItError.blankName }
    return try await writer.write { db in
      var book = try self.book(db, bibleID: bibleID, code: code)
      book.bookName = name
      try book.update(db)
      return book
    }
  }

  /// A book's chapters with progress, creating the chapter rows the first time (idempotent: it
  /// does not move "where you left off"; `setPosition` does).
  public func bookChapters(bibleID: Int64?, code: String) async throws -> (Book, [ChapterSummary]) {
    try await writer.write { db in
      var book = try self.book(db, bibleID: bibleID, code: code)
      try self.createChapters(db, book: &book)
      return (book, try Self.chapterSummaries(db, book: book))
    }
  }

  /// A chapter's items, creating its rows the first time (idempotent: it does not move "where
  /// you left off"; `setPosition` does).
  public func chapter(bibleID: Int64?, code: String, chapter number: Int) async throws -> ChapterContent {
    try await writer.write { db in try self.ensureChapter(db, bibleID: bibleID, code: code, chapter: number) }
  }

  /// Records where the user is: the book, and the chapter when one is open (nil keeps the book's
  /// current chapter).
  public func setPosition(bibleID: Int64?, code: String, chapter number: Int?) async throws {
    try await writer.write { db in try self.setPosition(db, bibleID: bibleID, code: code, chapter: number) }
  }

  /// Opens a book for the command line: its chapters (created the first time), and it becomes current.
  public func openBook(bibleID: Int64?, code: String) async throws -> (Book, [ChapterSummary]) {
    try await writer.write { db in
      var book = try self.book(db, bibleID: bibleID, code: code)
      try self.createChapters(db, book: &book)
      try self.setPosition(db, bibleID: bibleID, code: code, chapter: nil)
      return (book, try Self.chapterSummaries(db, book: book))
    }
  }

  /// Opens a chapter for the command line: its items (created the first time), and it becomes current.
  public func openChapter(bibleID: Int64?, code: String, chapter number: Int) async throws -> ChapterContent {
    try await writer.write { db in
      try self.setPosition(db, bibleID: bibleID, code: code, chapter: number)
      return try self.ensureChapter(db, bibleID: bibleID, code: code, chapter: number)
    }
  }

  private func ensureChapter(_ db: Database, bibleID: Int64?, code: String, chapter number: Int) throws
    -> ChapterContent
  {
    var book = try self.book(db, bibleID: bibleID, code: code)
    guard (1...book.numChaps).contains(number) else {
      throw KeyItError.unknownChapter(book: book.bookCode, chapter: number, count: book.numChaps)
    }
    try self.createChapters(db, book: &book)
    var chapter = try Self.chapterRow(db, book: book, number: number)!
    try self.createItems(db, chapter: &chapter)
    return try Self.content(db, chapterID: chapter.chapterID!)
  }

  private func setPosition(_ db: Database, bibleID: Int64?, code: String, chapter number: Int?) throws {
    var book = try self.book(db, bibleID: bibleID, code: code)
    if let number {
      guard (1...book.numChaps).contains(number) else {
        throw KeyItError.unknownChapter(book: book.bookCode, chapter: number, count: book.numChaps)
      }
      book.currChapter = number
      try book.update(db)
    }
    try db.execute(sql: "UPDATE Bibles SET currBook = ? WHERE bibleID = ?", arguments: [book.bookID, book.bibleID])
  }

  /// Creates every chapter and item of a Bible now (for bulk work and benchmarks).
  public func createAll(bibleID: Int64?) async throws {
    try await writer.write { db in
      let bible = try Self.bible(db, bibleID)
      for var book in try Book.filter(Book.Columns.bibleID == bible.bibleID).fetchAll(db) {
        try self.createChapters(db, book: &book)
      }
      let pending = try Chapter.filter(Chapter.Columns.bibleID == bible.bibleID && !Chapter.Columns.itemRecsCreated)
        .fetchAll(db)
      for var chapter in pending { try self.createItems(db, chapter: &chapter, bible: bible) }
    }
  }

  func book(_ db: Database, bibleID: Int64?, code: String) throws -> Book {
    try book(db, in: try Self.bible(db, bibleID), code: code)
  }

  /// The same, in a Bible the caller has read.
  func book(_ db: Database, in bible: Bible, code: String) throws -> Book {
    let code = code.uppercased()
    guard
      let book = try Book.fetchOne(
        db.cachedStatement(sql: "SELECT * FROM Books WHERE bibleID = ? AND bookCode = ?"),
        arguments: [bible.bibleID, code])
    else {
      let known = try String.fetchAll(
        db, Book.filter(Book.Columns.bibleID == bible.bibleID).order(Book.Columns.bookID).select(Book.Columns.bookCode))
      throw KeyItError.unknownBook(code: code, known: known)
    }
    return book
  }

  /// Lazy creation, step ii: the book's Chapters rows, the first time the book is opened.
  func createChapters(_ db: Database, book: inout Book, bible: Bible? = nil) throws {
    guard !book.chapRecsCreated else { return }
    let bible = try bible ?? Self.bible(db, book.bibleID)
    let spec = try bible.catalog.requireBook(code: book.bookCode)
    let insert = try db.cachedStatement(
      sql: "INSERT INTO Chapters (bibleID, bookID, chapterNumber, itemRecsCreated, numVerses, numItems, currItem, uid) "
        + "VALUES (?, ?, ?, 0, ?, 0, 0, ?)")
    for (index, chapter) in spec.chapters.enumerated() {
      try insert.execute(arguments: [
        book.bibleID, book.bookID, index + 1, chapter.verseCount,
        TextID.chapter(bible: bible.uid, book: book.bookCode, chapter: index + 1),
      ])
    }
    book.chapRecsCreated = true
    // The one column, by a statement made once per connection: GRDB's update of the whole record
    // encoded all of it each time, 26 µs a book (79 of the 106 µs that creating the chapters of WEB
    // Ruth, 1 John and 3 John took in an import).
    try db.cachedStatement(sql: "UPDATE Books SET chapRecsCreated = 1 WHERE bibleID = ? AND bookID = ?")
      .execute(arguments: [book.bibleID, book.bookID])
  }

  /// Lazy creation, step iii: the chapter's verse items (and an empty ascription for a titled
  /// psalm unless the Bible uses French numbering), the first time the chapter is opened.
  func createItems(_ db: Database, chapter: inout Chapter, bible: Bible? = nil) throws {
    guard !chapter.itemRecsCreated else { return }
    let bible = try bible ?? Self.bible(db, chapter.bibleID)
    let insert = try db.cachedStatement(
      sql: "INSERT INTO VerseItems (chapterID, verseNumber, itemType, itemOrder, itemText, intSeq, "
        + "isStartOfBridge, lastVsOfBridge, uid) VALUES (?, ?, ?, ?, '', 0, 0, 0, ?)")
    let base = Self.baseStates(bible: bible, chapter: chapter).sorted {
      ($0.value.order, $0.key) < ($1.value.order, $1.key)
    }
    for (uid, item) in base {
      try insert.execute(arguments: [
        chapter.chapterID, item.verse, item.type.rawValue, item.order, TextID.stored(uid, chapter: chapter.uid),
      ])
    }
    chapter.itemRecsCreated = true
    chapter.numItems = base.count
    try chapter.update(db)
  }

  static func chapterSummaries(_ db: Database, book: Book) throws -> [ChapterSummary] {
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT Chapters.chapterID, IFNULL(\(keyboardedVersesSQL), 0) AS done FROM Chapters
        LEFT JOIN VerseItems ON VerseItems.chapterID = Chapters.chapterID
        WHERE Chapters.bibleID = ? AND Chapters.bookID = ? GROUP BY Chapters.chapterID
        """, arguments: [book.bibleID, book.bookID])
    let done = Dictionary(uniqueKeysWithValues: rows.map { ($0["chapterID"] as Int64, $0["done"] as Int) })
    return try Chapter.filter(Chapter.Columns.bibleID == book.bibleID && Chapter.Columns.bookID == book.bookID)
      .order(Chapter.Columns.chapterNumber).fetchAll(db)
      .map { ChapterSummary(chapter: $0, versesKeyboarded: done[$0.chapterID!] ?? 0) }
  }

  static func content(_ db: Database, chapterID: Int64) throws -> ChapterContent {
    let chapter = try Chapter.fetchOne(
      db.cachedStatement(sql: "SELECT * FROM Chapters WHERE chapterID = ?"), arguments: [chapterID])!
    let book = try Book.fetchOne(
      db.cachedStatement(sql: "SELECT * FROM Books WHERE bibleID = ? AND bookID = ?"),
      arguments: [chapter.bibleID, chapter.bookID])!
    let items = try VerseItem.fetchAll(
      db.cachedStatement(sql: "SELECT * FROM VerseItems WHERE chapterID = ? ORDER BY \(VerseItem.printedOrder)"),
      arguments: [chapterID])
    return ChapterContent(book: book, chapter: chapter, items: items.map { $0.whole(chapterUID: chapter.uid) })
  }

  /// A book's chapter row, nil before the book's chapters are created.
  static func chapterRow(_ db: Database, book: Book, number: Int) throws -> Chapter? {
    try Chapter.fetchOne(
      db.cachedStatement(sql: "SELECT * FROM Chapters WHERE bibleID = ? AND bookID = ? AND chapterNumber = ?"),
      arguments: [book.bibleID, book.bookID, number])
  }
}
