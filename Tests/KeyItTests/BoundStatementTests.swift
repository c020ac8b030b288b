import GRDB
import Testing

@testable import KeyIt

/// Values bound through SQLite's C API must land as GRDB's arguments would land them, row after
/// row on one statement, and a bind SQLite refuses must be an error, not a row written with the
/// last row's values.
@Suite struct BoundStatementTests {
  @Test func rowsAfterRowsLandWithTheirOwnValuesEmptyTextAndNulls() throws {
    let queue = try DatabaseQueue()
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE t (n INTEGER NOT NULL, flag INTEGER NOT NULL, text TEXT NOT NULL, note TEXT)")
      let insert = BoundStatement(
        try db.cachedStatement(sql: "INSERT INTO t (n, flag, text, note) VALUES (?, ?, ?, ?)"))
      let rows: [(Int, Bool, String, String?)] = [
        (1, true, "שָׁלוֹם 🙂", nil), (2, false, "", "a note"),
        (-3, true, "a longer text than fits inline in a String", ""),
      ]
      for (n, flag, text, note) in rows {
        try insert.bind(n, at: 1)
        try insert.bind(flag, at: 2)
        try insert.bind(text, at: 3)
        try insert.bind(note, at: 4)
        try insert.execute()
      }
      let stored = try Row.fetchAll(db, sql: "SELECT n, flag, text, note, typeof(note) FROM t ORDER BY rowid")
      #expect(stored.map { $0[0] as Int } == [1, 2, -3])
      #expect(stored.map { $0[1] as Bool } == [true, false, true])
      #expect(stored.map { $0[2] as String } == rows.map(\.2))
      #expect(stored.map { $0[3] as String? } == rows.map(\.3))
      #expect(stored.map { $0[4] as String } == ["null", "text", "text"])
      // The same statement still takes GRDB's own arguments afterwards.
      try db.cachedStatement(sql: "INSERT INTO t (n, flag, text, note) VALUES (?, ?, ?, ?)")
        .execute(arguments: [4, false, "through GRDB", nil])
      #expect(try Int.fetchOne(db, sql: "SELECT n FROM t WHERE text = 'through GRDB'") == 4)
    }
  }

  @Test func textGivenAsItsUTF8BytesLandsAsTheSameText() throws {
    let queue = try DatabaseQueue()
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE t (text TEXT)")
      let insert = BoundStatement(try db.cachedStatement(sql: "INSERT INTO t (text) VALUES (?)"))
      let texts = ["שָׁלוֹם 🙂 {\"a\":\"\\u0000\"}", "", "plain"]
      for text in texts {
        try insert.bind(utf8: Array(text.utf8), at: 1)
        try insert.execute()
      }
      let stored = try Row.fetchAll(db, sql: "SELECT text, typeof(text) FROM t ORDER BY rowid")
      #expect(stored.map { $0[0] as String } == texts)
      #expect(stored.map { $0[1] as String } == ["text", "text", "text"], "empty bytes are empty text, not NULL")
    }
  }

  @Test func aBindSQLiteRefusesIsAnErrorAndWritesNothing() throws {
    let queue = try DatabaseQueue()
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE t (n INTEGER NOT NULL)")
      let insert = BoundStatement(try db.makeStatement(sql: "INSERT INTO t (n) VALUES (?)"))
      let refused = #expect(throws: DatabaseError.self) { try insert.bind(1, at: 2) }
      #expect(refused?.message == "binding value 2 failed", "the error names the value")
      #expect(throws: DatabaseError.self) { try insert.bind("x", at: 0) }
      #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") == 0)
    }
  }
}
