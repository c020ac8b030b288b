import CWALWrites
import Foundation
import GRDB
import Testing

@testable import KeyIt

/// The layer that gathers a log's writes into one (`CWALWrites`): every other connection reads each
/// commit whole, as SQLite made it, and nothing a connection gathered lands on another's commit.
@Suite struct WALWritesTests {
  static func counts() -> (writes: Int64, gathered: Int64) {
    var writes: Int64 = 0
    var gathered: Int64 = 0
    scriptorium_wal_write_counts(&writes, &gathered)
    return (writes, gathered)
  }

  /// A whole book imported in one commit reaches the log in gathered writes, and a connection of
  /// its own reads every row of it, the file whole.
  @Test func aLongCommitIsWrittenGatheredAndReadWhole() async throws {
    let path = scratchDatabasePath()
    defer { removeDatabase(path) }
    let store = try KeyItStore(path: path)
    _ = try await store.createBible(name: "Gathered")
    let before = Self.counts()
    _ = try await store.importUSFM(
      [("psalms", everyVerse(of: "PSA", in: .english, saying: "Praise him, all you nations"))], bibleID: nil)
    #expect(Self.counts().gathered > before.gathered)
    let ours = try await store.writer.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM VerseItems") }
    let (items, praised, check) = try await DatabaseQueue(path: path).read { db in
      (
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM VerseItems"),
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM VerseItems WHERE itemText = 'Praise him, all you nations'"),
        try String.fetchOne(db, sql: "PRAGMA integrity_check")
      )
    }
    #expect(items == ours)
    #expect(praised == 2_461)
    #expect(check == "ok")
  }

  /// A transaction larger than its page cache writes frames to the log before it ends. Rolled
  /// back, those frames are past the log's end: the next writer, another connection, writes its
  /// commit over them. What the first gathered must go out before it lets go of the log, never
  /// after the other's commit (with the flush at the lock's release taken out, this fails).
  @Test func aRolledBackTransactionsFramesNeverLandOnALaterCommit() throws {
    _ = scriptorium_gather_wal_writes()
    let path = scratchDatabasePath()
    defer { removeDatabase(path) }
    func connection() throws -> DatabaseQueue {
      let queue = try DatabaseQueue(path: path)
      try queue.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA cache_size = 20")
      }
      return queue
    }
    let first = try connection()
    try first.write { db in try db.execute(sql: "CREATE TABLE t (n INTEGER, body BLOB)") }
    // The log copied and emptied: the rollback reads nothing back from it (which would write what
    // was gathered), so the first connection's last frames are still gathered when it ends.
    try first.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
    let blob = Data(repeating: 0x5A, count: 900)
    try first.inTransaction { db in
      for n in 0..<600 { try db.execute(sql: "INSERT INTO t VALUES (?, ?)", arguments: [n, blob]) }
      return .rollback
    }
    let second = try connection()
    let kept = Data(repeating: 0x4B, count: 900)
    try second.inTransaction { db in
      // More than the first wrote, so its commit's frames reach past the first's last ones.
      for n in 0..<800 { try db.execute(sql: "INSERT INTO t VALUES (?, ?)", arguments: [n, kept]) }
      return .commit
    }
    // The first connection reads and closes: anything it still held would be written now.
    #expect(try first.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM t") } == 800)
    try first.close()
    let (rows, intact, check) = try DatabaseQueue(path: path).read { db in
      (
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t"),
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t WHERE body = ?", arguments: [kept]),
        try String.fetchOne(db, sql: "PRAGMA integrity_check")
      )
    }
    #expect(rows == 800)
    #expect(intact == 800)
    #expect(check == "ok")
  }

  /// Each commit is read by another connection at once, whether the log is synced at each commit
  /// (gathered, written at the sync) or not (`NORMAL`: not gathered, as nothing would write it
  /// before the commit is published).
  @Test(arguments: ["NORMAL", "FULL"]) func aCommitIsReadByAnotherConnectionAtOnce(synchronous: String) throws {
    _ = scriptorium_gather_wal_writes()
    let path = scratchDatabasePath()
    defer { removeDatabase(path) }
    let writer = try DatabaseQueue(path: path)
    try writer.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = \(synchronous)")
      try db.execute(sql: "CREATE TABLE t (n INTEGER, body TEXT)")
    }
    let reader = try DatabaseQueue(path: path)
    for n in 1...50 {
      try writer.write { db in
        try db.execute(sql: "INSERT INTO t VALUES (?, ?)", arguments: [n, String(repeating: "x", count: 5_000)])
      }
      #expect(try reader.read { try Int.fetchOne($0, sql: "SELECT MAX(n) FROM t") } == n)
    }
  }
}
