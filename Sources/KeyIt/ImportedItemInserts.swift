import GRDB

/// Inserts an import's items, many to a statement and across chapters, in the order they are given.
///
/// SQLite's own work for each statement run (its cursors on the table, its indexes and the chapter
/// the items belong to; the table's AUTOINCREMENT counter read and written back) costs as much as
/// inserting several items. In C on WEB Psalms' 11,178 items, binding as this does, SQLite's steps
/// took 17.1 ms at 8 items to a statement, 11.6 ms at 32 and 9.3 ms at 128. Items wait until
/// `itemsPerStatement` of them are given, whatever their chapters; an item that starts a bridge
/// goes in alone, after those before it, as its bridge steps need its id. What still waits at the
/// end is inserted in statements of 64, 32, … 1 items, so that an import makes ready at most eight
/// statements, each once per connection.
final class ImportedItemInserts {
  /// The most items one statement inserts.
  static let itemsPerStatement = 128

  /// The values each item not starting a bridge binds.
  private static let valuesPerItem = 8

  /// The start of every item insert: the columns in the order each statement gives their values.
  private static let insertInto =
    "INSERT INTO VerseItems (chapterID, verseNumber, itemType, itemOrder, itemText, intSeq, marker, uid, "
    + "isStartOfBridge, lastVsOfBridge) VALUES "

  /// An item given and not inserted yet, with its chapter and text id.
  private typealias Waiting = (chapterID: Int64, item: ImportedItem, uid: String)

  private let db: Database
  /// The statements made ready so far, by the number of items they insert.
  private var statements: [Int: BoundStatement] = [:]
  private var waiting: [Waiting] = []

  private init(_ db: Database) {
    self.db = db
    waiting.reserveCapacity(Self.itemsPerStatement)
  }

  /// Runs `body`, which gives the import's items, then inserts those still waiting: every item
  /// given is inserted when this returns.
  static func inserting(_ db: Database, _ body: (ImportedItemInserts) throws -> Void) throws {
    let inserts = ImportedItemInserts(db)
    try body(inserts)
    try inserts.insertWaiting()
  }

  /// Inserts `items` of a chapter, their text ids `uids`, after those given before; some may wait.
  /// A chapter's items may be given once its old items are deleted: a text id comes back only in
  /// its own chapter.
  func insert(chapterID: Int64, _ items: [ImportedItem], uids: [String]) throws {
    precondition(items.count == uids.count, "a text id for each item")
    for (item, uid) in zip(items, uids) {
      if item.lastVerseOfBridge > 0 {
        try insertWaiting()
        try insertBridge(chapterID: chapterID, item, uid: uid)
      } else {
        waiting.append((chapterID, item, uid))
        if waiting.count == Self.itemsPerStatement { try insertWaiting() }
      }
    }
  }

  /// Inserts every item waiting, in statements of the largest powers of two that fit.
  private func insertWaiting() throws {
    var start = 0
    while start < waiting.count {
      let count = 1 << (Int.bitWidth - 1 - (waiting.count - start).leadingZeroBitCount)
      try insertTogether(start..<start + count)
      start += count
    }
    waiting.removeAll(keepingCapacity: true)
  }

  /// Inserts the waiting items at `range` with one statement.
  private func insertTogether(_ range: Range<Int>) throws {
    let insert = try statement(inserting: range.count)
    for (row, index) in range.enumerated() {
      let (chapterID, item, uid) = waiting[index]
      let base = Int32(row * Self.valuesPerItem)
      try insert.bind(chapterID, at: base + 1)
      try insert.bind(item.verse, at: base + 2)
      try insert.bind(item.type.rawValue, at: base + 3)
      try insert.bind(item.order, at: base + 4)
      try insert.bind(item.text, at: base + 5)
      try insert.bind(item.intSeq, at: base + 6)
      try insert.bind(item.marker, at: base + 7)
      try insert.bind(uid, at: base + 8)
    }
    try insert.execute()
  }

  /// Inserts an item that starts a bridge, then its bridge steps, which need its id.
  private func insertBridge(chapterID: Int64, _ item: ImportedItem, uid: String) throws {
    try db.cachedStatement(sql: Self.insertInto + "(?, ?, ?, ?, ?, ?, ?, ?, 1, ?)").execute(arguments: [
      chapterID, item.verse, item.type.rawValue, item.order, item.text, item.intSeq, item.marker, uid,
      item.lastVerseOfBridge,
    ])
    let itemID = db.lastInsertedRowID
    for _ in 0..<item.bridgeSteps {
      try db.cachedStatement(
        sql: "INSERT INTO BridgeItems (itemID, textCurrentBridge, textExtraVerse) VALUES (?, ?, '')"
      ).execute(arguments: [itemID, item.text])
    }
  }

  /// The SQL inserting `count` items that start no bridge, each with its values in turn, for each
  /// power of two up to `itemsPerStatement`.
  private static let sql: [Int: String] = {
    let values = "(" + Array(repeating: "?", count: valuesPerItem).joined(separator: ", ") + ", 0, 0)"
    let counts = sequence(first: 1) { $0 < itemsPerStatement ? $0 * 2 : nil }
    return Dictionary(
      uniqueKeysWithValues: counts.map {
        ($0, insertInto + Array(repeating: values, count: $0).joined(separator: ", "))
      })
  }()

  /// The statement inserting `count` items (a power of two) that start no bridge.
  private func statement(inserting count: Int) throws -> BoundStatement {
    if let made = statements[count] { return made }
    let made = BoundStatement(try db.cachedStatement(sql: Self.sql[count]!))
    statements[count] = made
    return made
  }
}
