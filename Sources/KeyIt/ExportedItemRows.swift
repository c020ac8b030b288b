import GRDB
import GRDBSQLite

/// Rows of a `SELECT \(VerseItem.exportSelection) …` query read through SQLite's C API. GRDB's
/// rows check each column's type, box it and retain the row for every value read: for a whole
/// Bible's 40,000 items that was more than SQLite's own reading of them.
struct ExportedItemRows {
  private let statement: Statement

  init(_ db: Database, sql: String) throws { statement = try db.makeStatement(sql: sql) }

  /// The rows of `statement` (a cached one, say) with `arguments` bound.
  init(_ statement: Statement, arguments: StatementArguments) throws {
    try statement.setArguments(arguments)
    self.statement = statement
  }

  /// Steps through the rows, handing each to `body` while the statement is on it.
  func forEach(_ body: (Row) throws -> Void) throws {
    let raw = statement.sqliteStatement
    defer { sqlite3_reset(raw) }
    while true {
      let code = sqlite3_step(raw)
      guard code == SQLITE_ROW else {
        guard code == SQLITE_DONE else {
          throw DatabaseError(
            resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(raw))),
            sql: statement.sql)
        }
        return
      }
      try body(Row(statement: raw))
    }
  }

  /// The row the statement is on; valid only inside `forEach`'s body.
  struct Row {
    fileprivate let statement: OpaquePointer

    var chapterID: Int64 { sqlite3_column_int64(statement, 1) }

    /// The row's item, its text id left empty and its revision 0: an export writes neither.
    func item() throws -> VerseItem {
      try VerseItem(
        itemID: integer(0), chapterID: chapterID, verseNumber: Int(integer(2)), type: text(3),
        itemOrder: Int(integer(4)), itemText: text(5), intSeq: Int(integer(6)), isStartOfBridge: integer(7) != 0,
        lastVsOfBridge: Int(integer(8)), marker: sqlite3_column_type(statement, 9) == SQLITE_NULL ? nil : text(9),
        revision: 0, uid: "")
    }

    /// The text id, from an eleventh column after those of `exportSelection`.
    var uid: String { text(10) }

    private func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    /// A column's text, invalid UTF-8 repaired as GRDB repairs it.
    private func text(_ column: Int32) -> String {
      guard let bytes = sqlite3_column_text(statement, column) else { return "" }
      return String(
        decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column))), as: UTF8.self)
    }
  }
}
