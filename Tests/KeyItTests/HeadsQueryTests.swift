import GRDB
import SyncLog
import TestSupport
import Testing

/// `SyncHeads.sqliteQuery` gives what `GROUP BY device` gives, on random logs of several scopes.
@Suite struct HeadsQueryTests {
  @Test(arguments: 0..<20)
  func theHeadsSoughtDeviceByDeviceAreThoseOfEveryChangeRead(seed: UInt64) throws {
    var random = SeededGenerator(mixing: seed)
    let db = try DatabaseQueue()
    try db.write { db in
      try db.execute(
        sql: "CREATE TABLE Log (scope INTEGER NOT NULL, device TEXT NOT NULL, counter INTEGER NOT NULL, "
          + "UNIQUE (scope, device, counter))")
      for _ in 0..<Int.random(in: 0..<300, using: &random) {
        try db.execute(
          sql: "INSERT OR IGNORE INTO Log VALUES (?, ?, ?)",
          arguments: [
            Int.random(in: 1...3, using: &random), "device \(Int.random(in: 0..<8, using: &random))",
            Int.random(in: 1...50, using: &random),
          ])
      }
    }
    try db.read { db in
      for scope in 0...4 {
        let heads = { (sql: String) in
          Dictionary(
            uniqueKeysWithValues: try Row.fetchAll(db, sql: sql, arguments: [scope]).map {
              ($0["device"] as String, $0["head"] as Int64)
            })
        }
        let sought = try heads(SyncHeads.sqliteQuery(table: "Log", scope: "scope"))
        let read = try heads("SELECT device, MAX(counter) AS head FROM Log WHERE scope = ? GROUP BY device")
        #expect(sought == read, "scope \(scope)")
      }
    }
  }
}
