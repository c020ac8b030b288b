import GRDB
import GRDBSQLite

/// A GRDB statement whose values are bound through SQLite's C API, for the statements an import
/// runs for every item. GRDB's arguments box each value, copy the list twice and bind it in nested
/// closures: for an import's item inserts that cost more than SQLite's inserting. GRDB still runs
/// the statement (`execute()`: its errors, its transaction observers); running it without
/// arguments resets it and keeps what was bound; it is reset after each run, as SQLite binds
/// nothing on a statement run and not reset.
struct BoundStatement {
  private let statement: Statement
  private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

  /// Takes over `statement`, one of the connection's cached statements that only a
  /// `BoundStatement` runs: GRDB is told its arguments are set (to NULLs), so that `execute()` runs
  /// what `bind` binds. GRDB keeps that with the statement, so it is told once per connection, not
  /// each time the statement is taken over: making a 128-item insert's 1,024 arguments for every
  /// import was an eighth of a small one (WEB Ruth, 1 John and 3 John into a new Bible: p50 2.85 →
  /// 2.46 ms, the medians of eight alternating runs on a noisy machine).
  init(_ statement: Statement) {
    self.statement = statement
    guard statement.arguments.isEmpty else { return }
    // From `nil`s: GRDB makes arguments from `DatabaseValue`s through a key path, value by value,
    // which for a statement of 32 items cost more than running it.
    statement.setUncheckedArguments(
      StatementArguments(
        Array(
          repeating: nil as (any DatabaseValueConvertible)?,
          count: Int(sqlite3_bind_parameter_count(statement.sqliteStatement)))))
  }

  func bind(_ value: Int64, at index: Int32) throws {
    try check(sqlite3_bind_int64(statement.sqliteStatement, index, value), at: index)
  }

  func bind(_ value: Int, at index: Int32) throws { try bind(Int64(value), at: index) }

  func bind(_ value: Bool, at index: Int32) throws { try bind(Int64(value ? 1 : 0), at: index) }

  /// Text, copied by SQLite; nil is NULL and "" is empty text, not NULL. A text longer than
  /// SQLite's 32-bit length is refused (`SQLITE_TOOBIG`), not cut.
  func bind(_ value: String?, at index: Int32) throws {
    guard var value else { return try check(sqlite3_bind_null(statement.sqliteStatement, index), at: index) }
    try value.withUTF8 { try bind(text: $0, at: index) }
  }

  /// Text given as its UTF-8 bytes (valid UTF-8, as `JSONBytes` writes), bound without making a
  /// `String` of them first, which checks every byte again.
  func bind(utf8 bytes: [UInt8], at index: Int32) throws {
    try bytes.withUnsafeBufferPointer { try bind(text: $0, at: index) }
  }

  private func bind(text utf8: UnsafeBufferPointer<UInt8>, at index: Int32) throws {
    guard let length = Int32(exactly: utf8.count) else { return try check(SQLITE_TOOBIG, at: index) }
    // An empty buffer may have no address, which SQLite would bind as NULL.
    let bytes = utf8.isEmpty ? UnsafeRawPointer(("" as StaticString).utf8Start) : UnsafeRawPointer(utf8.baseAddress!)
    try check(
      sqlite3_bind_text(
        statement.sqliteStatement, index, bytes.assumingMemoryBound(to: CChar.self), length, Self.transient),
      at: index)
  }

  /// Runs the statement with what is bound, then resets it for the next values.
  func execute() throws {
    defer { sqlite3_reset(statement.sqliteStatement) }
    try statement.execute()
  }

  /// An error naming the value (its place among the statement's `?`) that SQLite refused.
  private func check(_ code: Int32, at index: Int32) throws {
    guard code == SQLITE_OK else {
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code), message: "binding value \(index) failed", sql: statement.sql)
    }
  }
}
