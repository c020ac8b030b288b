import CWALWrites
import Foundation
import GRDB
import SyncLog

/// The embedded hub store: one SQLite file (WAL, `synchronous = FULL`), for a team on one laptop's LAN.
public final class SQLiteHubStore: HubStore {
  let writer: any DatabaseWriter

  /// Opens or creates the hub database at `path`; a file SQLite cannot use is a `HubStoreError`.
  public convenience init(path: String) throws {
    var configuration = Configuration()
    configuration.busyMode = .timeout(5)
    // A commit's frames go to the log in one write, not two per page (see CWALWrites.h).
    _ = scriptorium_gather_wal_writes()
    do {
      let pool = try DatabasePool(path: path, configuration: configuration)
      // Not in `prepareDatabase`: the pool sets `synchronous = NORMAL` when it turns WAL on after it.
      try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
      try self.init(writer: pool)
    } catch let error as DatabaseError {
      throw HubStoreError.unreadableSQLite(path: path, sqliteCode: error.resultCode.primaryResultCode.rawValue)
    }
  }

  init(writer: any DatabaseWriter) throws {
    self.writer = writer
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: changes and invitations") { db in
      try db.execute(sql: HubSchema.sqlite)
    }
    try migrator.migrate(writer)
  }

  public func heads(project: String) async throws -> SyncHeads {
    try HubRules.check(project: project)
    return try await writer.read { db in try Self.heads(db, project: project) }
  }

  public func changes(project: String, after heads: SyncHeads, limit: Int) async throws -> [SyncChange] {
    try HubRules.check(project: project)
    return try await writer.read { db in
      // Each device's rows after its head, in arrival order; devices the reader lacks start at 1.
      var arguments: StatementArguments = []
      for (device, head) in heads.sqlRows { arguments += [device, head] }
      arguments += [project, limit]
      let sql = """
        \(heads.sqlHeadsTable)
        SELECT c.device, c.counter, c.clock, c.author, c.payload FROM HubChanges c
        LEFT JOIN Heads h ON h.device = c.device
        WHERE c.project = ? AND c.counter > COALESCE(h.head, 0) ORDER BY c.seq LIMIT ?
        """
      return try Row.fetchAll(db, sql: sql, arguments: arguments).map { try Self.change($0, project: project) }
    }
  }

  public func add(_ changes: [SyncChange], project: String) async throws -> AddOutcome {
    try HubRules.check(project: project)
    try HubRules.check(changes, project: project)
    return try await writer.write { db in
      let outcome = admissible(changes, project: project, heads: try Self.heads(db, project: project))
      for change in outcome.added {
        try db.execute(
          sql: """
            INSERT INTO HubChanges (project, device, counter, clock, author, payload) VALUES (?, ?, ?, ?, ?, ?)
            """,
          arguments: [project, change.device, change.counter, change.clock.description, change.author, change.payload])
      }
      return AddOutcome(added: outcome.added, refusedForGap: outcome.refusedForGap, heads: outcome.heads)
    }
  }

  public func invite(project: String, member: String) async throws -> String {
    try HubRules.check(project: project)
    try HubRules.check(member: member)
    let token = HubRules.newToken()
    try await writer.write { db in
      try db.execute(
        sql: "INSERT INTO HubInvitations (digest, project, member, created) VALUES (?, ?, ?, ?)",
        arguments: [HubRules.digest(token), project, member, Date().timeIntervalSince1970])
    }
    return token
  }

  public func member(token: String, project: String) async throws -> String? {
    try await writer.read { db in
      try String.fetchOne(
        db, sql: "SELECT member FROM HubInvitations WHERE digest = ? AND project = ? AND NOT revoked",
        arguments: [HubRules.digest(token), project])
    }
  }

  public func revoke(project: String, member: String) async throws -> Int {
    try await writer.write { db in
      try db.execute(
        sql: "UPDATE HubInvitations SET revoked = 1 WHERE project = ? AND member = ? AND NOT revoked",
        arguments: [project, member])
      return db.changesCount
    }
  }

  private static func heads(_ db: Database, project: String) throws -> SyncHeads {
    var counters: [String: Int64] = [:]
    for row in try Row.fetchAll(
      db.cachedStatement(sql: SyncHeads.sqliteQuery(table: "HubChanges", scope: "project")), arguments: [project])
    {
      counters[row["device"]] = row["head"]
    }
    return SyncHeads(counters)
  }

  private static func change(_ row: Row, project: String) throws -> SyncChange {
    let clockText: String = row["clock"]
    guard let clock = HybridTimestamp(clockText) else {
      throw HubError.badChange(device: row["device"], counter: row["counter"], reason: .unreadableClock(clockText))
    }
    return SyncChange(
      project: project, device: row["device"], counter: row["counter"], clock: clock, author: row["author"],
      payload: row["payload"])
  }
}
