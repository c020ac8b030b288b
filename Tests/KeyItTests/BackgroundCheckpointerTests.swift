import Foundation
import GRDB
import Testing

@testable import KeyIt

/// The write-ahead log is copied once it is long enough, restarted once copied, and kept to a
/// bounded size while writes never pause.
@Suite struct BackgroundCheckpointerTests {
  /// A database in WAL mode as `KeyItStore` opens one (no automatic checkpoint, each commit
  /// synced), with a table of rows.
  struct LoggedDatabase {
    let path = scratchDatabasePath()
    let pool: DatabasePool

    init() throws {
      var configuration = Configuration()
      configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
      pool = try DatabasePool(path: path, configuration: configuration)
      try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
      try pool.write { db in try db.execute(sql: "CREATE TABLE rows (id INTEGER PRIMARY KEY, body BLOB NOT NULL)") }
    }

    /// Commits `count` rows of `bytes` random bytes each, one by one.
    func insert(_ count: Int, bytes: Int = 3000) throws {
      for _ in 0..<count { try insertAtOnce(1, bytes: bytes) }
    }

    /// Commits `count` rows of `bytes` random bytes each, together.
    func insertAtOnce(_ count: Int, bytes: Int = 3000) throws {
      try pool.write { db in
        for _ in 0..<count {
          try db.execute(sql: "INSERT INTO rows (body) VALUES (randomblob(?))", arguments: [bytes])
        }
      }
    }

    func size(_ suffix: String = "") throws -> Int {
      try FileManager.default.attributesOfItem(atPath: path + suffix)[.size] as? Int ?? 0
    }

    func remove() { removeDatabase(path) }
  }

  /// Waits up to 5 s for `condition`.
  func eventually(_ condition: () throws -> Bool) async throws -> Bool {
    for _ in 0..<500 {
      if try condition() { return true }
      try await Task.sleep(for: .milliseconds(10))
    }
    return false
  }

  @Test func aShortLogIsLeftAloneAndALongOneIsCopiedThenRestarted() async throws {
    let database = try LoggedDatabase()
    defer { database.remove() }
    try await withCheckpointer(database, copyAt: 100, restartAt: 1_000) { checkpointer in
      let fileBefore = try database.size()
      try database.insert(20)
      try await Task.sleep(for: .milliseconds(200))
      // Twenty ticks went by: a log of twenty-odd pages is not worth copying (nor restarting).
      #expect(try database.size() == fileBefore)
      #expect(checkpointer.length.pages.load(ordering: .relaxed) > 20)

      // At once, so that no commit comes while it is copied.
      try database.insertAtOnce(100)
      #expect(try await eventually { checkpointer.length.pages.load(ordering: .relaxed) == 0 })
      let pages = try await database.pool.read { db in try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0 }
      #expect(try database.size() == pages * 4096)
      // Copied whole: the next commit starts the log again from its beginning, so its file keeps
      // its size instead of growing by a page.
      let logBefore = try database.size("-wal")
      try database.insert(1)
      #expect(try database.size("-wal") == logBefore)
      #expect(checkpointer.length.pages.load(ordering: .relaxed) < 5)
    }
  }

  @Test func aCopyFromItsOwnConnectionWaitsForTheCommitsToPause() async throws {
    let database = try LoggedDatabase()
    defer { database.remove() }
    try await withCheckpointer(database, copyAt: 20, restartAt: 1_000_000, interval: .milliseconds(100)) {
      checkpointer in
      let fileBefore = try database.size()
      // Half a second of commits back to back, five looks: a copy beside them would make them
      // wait for the disk, so none is copied however long the log grows.
      let clock = ContinuousClock()
      let start = clock.now
      while clock.now - start < .milliseconds(500) { try database.insert(1, bytes: 500) }
      #expect(try database.size() == fileBefore)
      #expect(checkpointer.length.pages.load(ordering: .relaxed) > 20)
      // Once they pause, the log is copied.
      #expect(try await eventually { checkpointer.length.pages.load(ordering: .relaxed) == 0 })
      #expect(try database.size() > fileBefore)
    }
  }

  @Test func commitsThatNeverPauseKeepTheLogBounded() async throws {
    let database = try LoggedDatabase()
    defer { database.remove() }
    try await withCheckpointer(database, copyAt: 50, restartAt: 200) { _ in
      // Commits back to back: a copy from another connection never catches up with them, so
      // without the writer's own copy the log is never restarted and grows by every page written,
      // at least one per commit.
      try database.insert(6_000, bytes: 500)
    }
    let pageAndHeader = 4096 + 24
    let log = try database.size("-wal")
    // The file is as long as the log ever was: a bound that holds even when a busy machine delays
    // the copies by a while.
    #expect(log < 3_000 * pageAndHeader, "the log grew to \(log / pageAndHeader) pages")
    #expect(try await database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM rows") } == 6_000)
  }

  @Test func theLogStaysBoundedWhenTheLooksNeverCome() async throws {
    let database = try LoggedDatabase()
    defer { database.remove() }
    // A machine so busy that the background looks never run: the commit that finds the log at
    // `restartAt` copies it itself, and the next one starts it again from its beginning (a
    // commit adds a page or two, three when a page splits).
    try await withCheckpointer(database, copyAt: 50, restartAt: 200, interval: .seconds(3600)) { checkpointer in
      try database.insert(3_000, bytes: 500)
      #expect(checkpointer.length.pages.load(ordering: .relaxed) < 400)
    }
    let pageAndHeader = 4096 + 24
    let log = try database.size("-wal")
    #expect(log <= 32 + 410 * pageAndHeader, "the log grew to \(log / pageAndHeader) pages")
    #expect(try await database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM rows") } == 3_000)
  }

  /// Runs `body` with a checkpointer on `database` looking every `interval`.
  func withCheckpointer<T>(
    _ database: LoggedDatabase, copyAt: Int, restartAt: Int, interval: Duration = .milliseconds(10),
    _ body: (BackgroundCheckpointer) async throws -> T
  ) async throws -> T {
    let checkpointer = try BackgroundCheckpointer(
      path: database.path, writer: database.pool, interval: interval, copyAt: copyAt, restartAt: restartAt)
    return try await body(checkpointer)
  }
}
