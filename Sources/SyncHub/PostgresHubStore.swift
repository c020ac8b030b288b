import Foundation
import Logging
import PostgresNIO
import SyncLog

/// The hub store for a team server that many projects share: PostgreSQL through postgres-nio. The
/// caller runs the client (`client.run()`) for as long as the store is used.
public final class PostgresHubStore: HubStore {
  private let client: PostgresClient
  private let logger = Logger(label: "scriptorium.hub.postgres")

  public init(client: PostgresClient) { self.client = client }

  /// Creates the tables when they are missing.
  public func prepare() async throws {
    for statement in HubSchema.postgres {
      try await client.query(PostgresQuery(unsafeSQL: statement), logger: logger)
    }
  }

  public func heads(project: String) async throws -> SyncHeads {
    try HubRules.check(project: project)
    return try await client.withConnection { connection in try await Self.heads(connection, project: project) }
  }

  public func changes(project: String, after heads: SyncHeads, limit: Int) async throws -> [SyncChange] {
    try HubRules.check(project: project)
    let devices = Array(heads.counters.keys)
    let counters = devices.map { heads.counters[$0]! }
    let rows = try await client.query(
      """
      SELECT c.device, c.counter, c.clock, c.author, c.payload FROM hub_changes c
      LEFT JOIN unnest(\(devices)::text[], \(counters)::bigint[]) AS h(device, head) ON h.device = c.device
      WHERE c.project = \(project) AND c.counter > COALESCE(h.head, 0) ORDER BY c.seq LIMIT \(limit)
      """, logger: logger)
    var found: [SyncChange] = []
    for try await (device, counter, clock, author, payload) in rows.decode((String, Int64, String, String, String).self)
    {
      found.append(try Self.change(project, device, counter, clock, author, payload))
    }
    return found
  }

  public func add(_ changes: [SyncChange], project: String) async throws -> AddOutcome {
    try HubRules.check(project: project)
    try HubRules.check(changes, project: project)
    let logger = logger
    return try await client.withTransaction(logger: logger) { connection in
      // One writer per project at a time, so two batches cannot both take the same next counter.
      try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(project)))", logger: logger)
      let outcome = admissible(changes, project: project, heads: try await Self.heads(connection, project: project))
      // One statement for the whole batch: a row per change, from arrays.
      let added = outcome.added
      if !added.isEmpty {
        try await connection.query(
          """
          INSERT INTO hub_changes (project, device, counter, clock, author, payload)
          SELECT \(project), * FROM unnest(\(added.map(\.device))::text[], \(added.map(\.counter))::bigint[],
          \(added.map(\.clock.description))::text[], \(added.map(\.author))::text[], \(added.map(\.payload))::text[])
          """, logger: logger)
      }
      return AddOutcome(added: outcome.added, refusedForGap: outcome.refusedForGap, heads: outcome.heads)
    }
  }

  public func invite(project: String, member: String) async throws -> String {
    try HubRules.check(project: project)
    try HubRules.check(member: member)
    let token = HubRules.newToken()
    try await client.query(
      """
      INSERT INTO hub_invitations (digest, project, member, created)
      VALUES (\(HubRules.digest(token)), \(project), \(member), \(Date().timeIntervalSince1970))
      """, logger: logger)
    return token
  }

  public func member(token: String, project: String) async throws -> String? {
    let rows = try await client.query(
      """
      SELECT member FROM hub_invitations WHERE digest = \(HubRules.digest(token)) AND project = \(project)
      AND NOT revoked
      """, logger: logger)
    for try await (member) in rows.decode(String.self) { return member }
    return nil
  }

  public func revoke(project: String, member: String) async throws -> Int {
    let rows = try await client.query(
      """
      UPDATE hub_invitations SET revoked = TRUE WHERE project = \(project) AND member = \(member) AND NOT revoked
      RETURNING digest
      """, logger: logger)
    var count = 0
    for try await _ in rows { count += 1 }
    return count
  }

  private static func heads(_ connection: PostgresConnection, project: String) async throws -> SyncHeads {
    let rows = try await connection.query(
      "SELECT device, MAX(counter) FROM hub_changes WHERE project = \(project) GROUP BY device",
      logger: Logger(label: "scriptorium.hub.postgres"))
    var counters: [String: Int64] = [:]
    for try await (device, head) in rows.decode((String, Int64).self) { counters[device] = head }
    return SyncHeads(counters)
  }

  private static func change(
    _ project: String, _ device: String, _ counter: Int64, _ clockText: String, _ author: String, _ payload: String
  ) throws -> SyncChange {
    guard let clock = HybridTimestamp(clockText) else {
      throw HubError.badChange(device: device, counter: counter, reason: "stored clock \(clockText)")
    }
    return SyncChange(
      project: project, device: device, counter: counter, clock: clock, author: author, payload: payload)
  }
}
