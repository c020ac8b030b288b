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

  /// Adds a batch in one statement when each device's head is where its first change in the batch
  /// says (as when a device sends what the hub lacks): the statement moves those heads only if they
  /// are still there, and stores the changes of the devices it moved. A device whose head was
  /// elsewhere, or moved meanwhile, goes through `addLocked`.
  public func add(_ changes: [SyncChange], project: String) async throws -> AddOutcome {
    try HubRules.check(project: project)
    try HubRules.check(changes, project: project)
    var guessed: [String: Int64] = [:]
    for change in changes where guessed[change.device] == nil { guessed[change.device] = change.counter - 1 }
    let outcome = admissible(changes, project: project, heads: SyncHeads(guessed))
    let moves = guessed.keys.sorted()
    let rows = try await client.execute(
      PostgresHubStatements.AddIfHeadsHold(
        project: project, devices: moves, old: moves.map { guessed[$0]! }, new: moves.map { outcome.heads[$0] },
        changes: outcome.added.map {
          SyncChangeColumns(
            device: $0.device, counter: $0.counter, clock: $0.clock.description, author: $0.author, payload: $0.payload)
        }), logger: logger)
    var settled: Set<String> = []
    var heads = SyncHeads()
    for try await (isSettled, device, head) in rows {
      if isSettled { settled.insert(device) } else { heads.counters[device] = head }
    }
    for device in settled { heads.counters[device] = outcome.heads[device] }
    // The guess was right for the settled devices, so what it admitted of them is what the log took.
    let done = admissible(changes.filter { settled.contains($0.device) }, project: project, heads: SyncHeads(guessed))
    let rest = changes.filter { !settled.contains($0.device) }
    guard !rest.isEmpty else { return AddOutcome(added: done.added, refusedForGap: done.refusedForGap, heads: heads) }
    let locked = try await addLocked(rest, project: project)
    let order = Dictionary(changes.enumerated().map { ("\($1.device) \($1.counter)", $0) }) { first, _ in first }
    return AddOutcome(
      added: (done.added + locked.added).sorted {
        order["\($0.device) \($0.counter)"]! < order["\($1.device) \($1.counter)"]!
      },
      refusedForGap: done.refusedForGap + locked.refusedForGap,
      heads: SyncHeads(heads.counters.merging(locked.heads.counters) { max($0, $1) }))
  }

  /// Adds a batch in a transaction that locks its devices' head rows (made at 0 for a new device),
  /// in device order so two batches cannot deadlock: a batch of other devices goes on at the same time.
  private func addLocked(_ changes: [SyncChange], project: String) async throws -> AddOutcome {
    let logger = logger
    let devices = Set(changes.map(\.device)).sorted()
    return try await client.withTransaction(logger: logger) { connection in
      var locked: [String: Int64] = [:]
      let rows = try await connection.query(
        """
        INSERT INTO hub_heads (project, device, head) SELECT \(project), d, 0 FROM unnest(\(devices)::text[]) AS d
        ORDER BY d ON CONFLICT (project, device) DO UPDATE SET head = hub_heads.head RETURNING device, head
        """, logger: logger)
      for try await (device, head) in rows.decode((String, Int64).self) { locked[device] = head }
      let outcome = admissible(changes, project: project, heads: SyncHeads(locked))
      let added = outcome.added
      // The changes and the new heads in one statement, which also reads the other devices' heads.
      let moved = devices.filter { outcome.heads[$0] != locked[$0] }
      let others = try await connection.query(
        """
        WITH stored AS (
          INSERT INTO hub_changes (project, device, counter, clock, author, payload)
          SELECT \(project), * FROM unnest(\(added.map(\.device))::text[], \(added.map(\.counter))::bigint[],
          \(added.map(\.clock.description))::text[], \(added.map(\.author))::text[], \(added.map(\.payload))::text[])),
        moved AS (
          UPDATE hub_heads h SET head = m.head FROM unnest(\(moved)::text[], \(moved.map { outcome.heads[$0] })::bigint[])
          AS m(device, head) WHERE h.project = \(project) AND h.device = m.device)
        SELECT device, head FROM hub_heads WHERE project = \(project) AND head > 0
          AND NOT (device = ANY(\(devices)::text[]))
        """, logger: logger)
      var heads = SyncHeads(outcome.heads.counters.filter { $0.value > 0 })
      for try await (device, head) in others.decode((String, Int64).self) { heads.counters[device] = head }
      return AddOutcome(added: added, refusedForGap: outcome.refusedForGap, heads: heads)
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
    let rows = try await client.execute(
      PostgresHubStatements.Member(digest: HubRules.digest(token), project: project), logger: logger)
    for try await member in rows { return member }
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
      "SELECT device, head FROM hub_heads WHERE project = \(project) AND head > 0",
      logger: Logger(label: "scriptorium.hub.postgres"))
    var counters: [String: Int64] = [:]
    for try await (device, head) in rows.decode((String, Int64).self) { counters[device] = head }
    return SyncHeads(counters)
  }

  private static func change(
    _ project: String, _ device: String, _ counter: Int64, _ clockText: String, _ author: String, _ payload: String
  ) throws -> SyncChange {
    guard let clock = HybridTimestamp(clockText) else {
      throw HubError.badChange(device: device, counter: counter, reason: .unreadableClock(clockText))
    }
    return SyncChange(
      project: project, device: device, counter: counter, clock: clock, author: author, payload: payload)
  }
}
