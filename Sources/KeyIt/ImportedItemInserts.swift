import GRDB

/// Inserts imported chapters' items, up to `itemsPerStatement` to a statement, for one import.
/// SQLite's own work for each statement run (opening the table's, indexes' and foreign key's
/// cursors, then closing them) was about half of a one-item insert's: WEB Psalms' 11,178 items took
/// 41-61 ms one to a statement and 22-24 ms 32 to one, in C. A statement binds its chapter's id
/// once, and an item that starts a bridge goes in alone, so the others' bridge columns are written
/// in the statement. Each statement is made ready for `BoundStatement` once per import: GRDB binds
/// a list of arguments value by value.
final class ImportedItemInserts {
  /// The most items one statement inserts.
  static let itemsPerStatement = 32

  /// The values each item not starting a bridge binds, after the chapter's id.
  private static let valuesPerItem = 7

  /// The statement inserting `count` items that start no bridge, for each count up to
  /// `itemsPerStatement`: `?1` is the chapter's id, then each item's values in turn (a bare `?`
  /// is numbered one past the highest before it; named, GRDB would read each name as a string
  /// when it makes the statement ready).
  private static let sql: [String] = (0...itemsPerStatement).map { count in
    insertInto
      + Array(repeating: "(?1" + String(repeating: ", ?", count: valuesPerItem) + ", 0, 0)", count: count)
      .joined(separator: ", ")
  }

  /// The start of every item insert: the columns in the order each statement gives their values.
  private static let insertInto =
    "INSERT INTO VerseItems (chapterID, verseNumber, itemType, itemOrder, itemText, intSeq, marker, uid, "
    + "isStartOfBridge, lastVsOfBridge) VALUES "

  private let db: Database
  /// The statements made ready so far, by the number of items they insert.
  private var statements: [Int: BoundStatement] = [:]

  init(_ db: Database) { self.db = db }

  /// Inserts `items`, in their order, into a chapter with no items, their text ids `uids`.
  func insert(chapterID: Int64, _ items: [ImportedItem], uids: [String]) throws {
    var first = 0
    for index in items.indices {
      let item = items[index]
      if item.lastVerseOfBridge > 0 {
        try insertTogether(chapterID: chapterID, items, uids: uids, first..<index)
        try insertBridge(chapterID: chapterID, item, uid: uids[index])
        first = index + 1
      } else if index + 1 - first == Self.itemsPerStatement {
        try insertTogether(chapterID: chapterID, items, uids: uids, first..<index + 1)
        first = index + 1
      }
    }
    try insertTogether(chapterID: chapterID, items, uids: uids, first..<items.count)
  }

  /// Inserts the items at `range` (at most `itemsPerStatement`, none starting a bridge) with one
  /// statement.
  private func insertTogether(chapterID: Int64, _ items: [ImportedItem], uids: [String], _ range: Range<Int>) throws {
    guard !range.isEmpty else { return }
    let insert = try statement(inserting: range.count)
    try insert.bind(chapterID, at: 1)
    for (row, index) in range.enumerated() {
      let item = items[index]
      let base = Int32(1 + row * Self.valuesPerItem)
      try insert.bind(item.verse, at: base + 1)
      try insert.bind(item.type.rawValue, at: base + 2)
      try insert.bind(item.order, at: base + 3)
      try insert.bind(item.text, at: base + 4)
      try insert.bind(item.intSeq, at: base + 5)
      try insert.bind(item.marker, at: base + 6)
      try insert.bind(uids[index], at: base + 7)
    }
    try insert.execute()
  }

  /// Inserts an item that starts a bridge, then its bridge steps, which need its id.
  private func insertBridge(chapterID: Int64, _ item: ImportedItem, uid: String) throws {
    try db.cachedStatement(
      sql: Self.insertInto + "(?, ?, ?, ?, ?, ?, ?, ?, 1, ?)"
    ).execute(arguments: [
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

  private func statement(inserting count: Int) throws -> BoundStatement {
    if let made = statements[count] { return made }
    let made = BoundStatement(try db.cachedStatement(sql: Self.sql[count]))
    statements[count] = made
    return made
  }
}
