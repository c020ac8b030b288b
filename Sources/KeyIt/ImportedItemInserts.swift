import GRDB

/// Inserts imported chapters' items, up to `itemsPerStatement` to a statement, for one import.
/// SQLite's own work for each statement run (opening the table's, indexes' and foreign key's
/// cursors, then closing them) was about half of a one-item insert's: WEB Psalms' 11,178 items took
/// 41-61 ms one to a statement and 22-24 ms 32 to one, in C. Each statement is made ready for
/// `BoundStatement` once per import: GRDB binds a list of arguments value by value.
final class ImportedItemInserts {
  /// The most items one statement inserts.
  static let itemsPerStatement = 32

  /// The statement inserting `count` items, for each count up to `itemsPerStatement`.
  private static let sql: [String] = (0...itemsPerStatement).map { count in
    "INSERT INTO VerseItems (chapterID, verseNumber, itemType, itemOrder, itemText, intSeq, isStartOfBridge, "
      + "lastVsOfBridge, marker, uid) VALUES "
      + Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: count).joined(separator: ", ")
  }

  private let db: Database
  /// The statements made ready so far, by the number of items they insert.
  private var statements: [Int: BoundStatement] = [:]

  init(_ db: Database) { self.db = db }

  /// Inserts `items`, in their order, into a chapter with no items, their text ids `uids`. An item
  /// with bridge steps goes in alone, as its steps need its id.
  func insert(chapterID: Int64, _ items: [ImportedItem], uids: [String]) throws {
    var first = 0
    for index in items.indices {
      let item = items[index]
      if item.bridgeSteps > 0 {
        try insert(chapterID: chapterID, items, uids: uids, first..<index)
        try insert(chapterID: chapterID, items, uids: uids, index..<index + 1)
        let itemID = db.lastInsertedRowID
        for _ in 0..<item.bridgeSteps {
          try db.cachedStatement(
            sql: "INSERT INTO BridgeItems (itemID, textCurrentBridge, textExtraVerse) VALUES (?, ?, '')"
          ).execute(arguments: [itemID, item.text])
        }
        first = index + 1
      } else if index + 1 - first == Self.itemsPerStatement {
        try insert(chapterID: chapterID, items, uids: uids, first..<index + 1)
        first = index + 1
      }
    }
    try insert(chapterID: chapterID, items, uids: uids, first..<items.count)
  }

  /// Inserts the items at `range` (at most `itemsPerStatement`) with one statement.
  private func insert(chapterID: Int64, _ items: [ImportedItem], uids: [String], _ range: Range<Int>) throws {
    guard !range.isEmpty else { return }
    let insert = try statement(inserting: range.count)
    for (row, index) in range.enumerated() {
      let item = items[index]
      let base = Int32(row * 10)
      try insert.bind(chapterID, at: base + 1)
      try insert.bind(item.verse, at: base + 2)
      try insert.bind(item.type.rawValue, at: base + 3)
      try insert.bind(item.order, at: base + 4)
      try insert.bind(item.text, at: base + 5)
      try insert.bind(item.intSeq, at: base + 6)
      try insert.bind(item.lastVerseOfBridge > 0, at: base + 7)
      try insert.bind(item.lastVerseOfBridge, at: base + 8)
      try insert.bind(item.marker, at: base + 9)
      try insert.bind(uids[index], at: base + 10)
    }
    try insert.execute()
  }

  private func statement(inserting count: Int) throws -> BoundStatement {
    if let made = statements[count] { return made }
    let made = BoundStatement(try db.cachedStatement(sql: Self.sql[count]))
    statements[count] = made
    return made
  }
}
