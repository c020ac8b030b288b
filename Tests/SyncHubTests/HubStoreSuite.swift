import Foundation
import Logging
import PostgresNIO
import SyncHub
import SyncLog
import TestSupport
import Testing

/// The two stores a hub can run on; every test of the suite runs on both.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible {
  case sqlite, postgres
  var testDescription: String { rawValue }
}

/// Runs `body` with a fresh, empty store of `kind`: a SQLite file, or a real PostgreSQL server made
/// for the test (initdb in a temporary folder), stopped afterwards.
func withStore(_ kind: StoreKind, _ body: @Sendable (any HubStore) async throws -> Void) async throws {
  switch kind {
  case .sqlite:
    let path = NSTemporaryDirectory() + "hub-\(UUID().uuidString).sqlite"
    defer {
      for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
    try await body(try SQLiteHubStore(path: path))
  case .postgres:
    guard let server = PostgresServer.shared else {
      throw OracleError(description: "PostgreSQL could not be started: run scripts/setup.sh (make test does)")
    }
    // One server for the process, a new database for each test.
    try await withPostgres(server, database: try await freshDatabase(on: server)) { client in
      let store = PostgresHubStore(client: client)
      try await store.prepare()
      try await body(store)
    }
  }
}

/// Makes a new, empty database on `server` and returns its name.
func freshDatabase(on server: PostgresServer) async throws -> String {
  let database = "hub_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
  try await withPostgres(server, database: server.database) { client in
    try await client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(database)"))
  }
  return database
}

/// Runs `body` with a client of `database` on `server`, its pool running meanwhile.
func withPostgres(
  _ server: PostgresServer, database: String, _ body: @Sendable (PostgresClient) async throws -> Void
) async throws {
  let client = PostgresClient(
    configuration: .init(unixSocketPath: server.socketPath, username: server.user, password: nil, database: database),
    backgroundLogger: Logger(label: "pg"))
  try await withThrowingTaskGroup(of: Void.self) { group in
    group.addTask { await client.run() }
    defer { group.cancelAll() }
    try await body(client)
  }
}

func change(
  _ device: String, _ counter: Int64, project: String = "keyit:team", payload: String? = nil
) -> SyncChange {
  SyncChange(
    project: project, device: device, counter: counter,
    clock: HybridTimestamp(wallMillis: 1_700_000_000_000 + counter, logical: 0, device: device),
    author: "Keyboarder \(device)", payload: payload ?? #"{"verse":\#(counter),"text":"Nupela tok ✓ \#(device)"}"#)
}

@Suite struct HubStoreSuite {
  @Test(arguments: StoreKind.allCases) func addsEachChangeOnceWithoutGapsAndKeepsProjectsApart(kind: StoreKind)
    async throws
  {
    try await withStore(kind) { store in
      var outcome = try await store.add([change("a", 1), change("a", 2), change("b", 1)], project: "keyit:team")
      #expect(outcome.added.count == 3)
      outcome = try await store.add(
        [change("a", 2), change("a", 3), change("a", 5), change("b", 1)], project: "keyit:team")
      #expect(outcome.added.map(\.counter) == [3])
      #expect(outcome.refusedForGap == 1)
      #expect(outcome.heads == SyncHeads(["a": 3, "b": 1]))
      #expect(try await store.heads(project: "keyit:team") == SyncHeads(["a": 3, "b": 1]))
      #expect(try await store.heads(project: "keyit:other") == SyncHeads())
      // What was stored comes back byte for byte, the clock and the non-ASCII payload included.
      let all = try await store.changes(project: "keyit:team", after: SyncHeads(), limit: 100)
      #expect(all == [change("a", 1), change("a", 2), change("b", 1), change("a", 3)])
    }
  }

  @Test(arguments: StoreKind.allCases) func changesAfterHeadsComeInChunksInArrivalOrder(kind: StoreKind) async throws {
    try await withStore(kind) { store in
      _ = try await store.add((1...5).flatMap { [change("a", $0), change("b", $0)] }, project: "keyit:team")
      var heads = SyncHeads(["a": 2])
      var received: [String] = []
      while true {
        let chunk = try await store.changes(project: "keyit:team", after: heads, limit: 3)
        if chunk.isEmpty { break }
        #expect(chunk.count <= 3)
        for item in chunk {
          #expect(heads.follows(item), "a reader's heads stay gap-free after any prefix")
          heads.record(item)
          received.append("\(item.device)\(item.counter)")
        }
      }
      #expect(received == ["b1", "b2", "a3", "b3", "a4", "b4", "a5", "b5"])
      #expect(try await store.heads(project: "keyit:team") == heads)
    }
  }

  @Test(arguments: StoreKind.allCases) func concurrentPushesOfTheSameChangesStoreEachOnce(kind: StoreKind) async throws
  {
    try await withStore(kind) { store in
      let batch = (1...40).map { change("a", Int64($0)) }
      try await withThrowingTaskGroup(of: Void.self) { group in
        for start in 0..<8 {
          // Each task sends a different prefix, as devices resuming an interrupted upload would.
          group.addTask { _ = try await store.add(Array(batch.prefix(5 * (start + 1))), project: "keyit:team") }
        }
        try await group.waitForAll()
      }
      #expect(try await store.changes(project: "keyit:team", after: SyncHeads(), limit: 1000) == batch)
    }
  }

  @Test(arguments: StoreKind.allCases) func invitationsAdmitTheirMemberToTheirProjectOnly(kind: StoreKind) async throws
  {
    try await withStore(kind) { store in
      let token = try await store.invite(project: "keyit:team", member: "Mary Kila")
      #expect(token.count >= 40)
      #expect(try await store.member(token: token, project: "keyit:team") == "Mary Kila")
      #expect(try await store.member(token: token, project: "keyit:other") == nil)
      #expect(try await store.member(token: token + "x", project: "keyit:team") == nil)
      #expect(try await store.member(token: "", project: "keyit:team") == nil)
      let second = try await store.invite(project: "keyit:team", member: "Mary Kila")
      #expect(second != token)
      #expect(try await store.revoke(project: "keyit:team", member: "Mary Kila") == 2)
      #expect(try await store.member(token: token, project: "keyit:team") == nil)
    }
  }

  @Test(arguments: StoreKind.allCases) func malformedInputIsRefusedAndChangesNothing(kind: StoreKind) async throws {
    try await withStore(kind) { store in
      await #expect(throws: HubError.badProject("keyit/team")) { try await store.heads(project: "keyit/team") }
      await #expect(throws: HubError.badMember(" ")) { try await store.invite(project: "keyit:team", member: " ") }
      let foreign = change("a", 1, project: "keyit:other")
      await #expect(throws: HubError.badChange(device: "a", counter: 1, reason: .otherProject("keyit:other"))) {
        try await store.add([change("a", 1), foreign], project: "keyit:team")
      }
      await #expect(throws: HubError.badChange(device: "a", counter: 0, reason: .counterBelowOne)) {
        try await store.add([change("a", 0)], project: "keyit:team")
      }
      let nameless = change("", 1)
      await #expect(throws: HubError.badChange(device: "", counter: 1, reason: .badDevice)) {
        try await store.add([nameless], project: "keyit:team")
      }
      let huge = change("a", 1, payload: String(repeating: "x", count: (1 << 20) + 1))
      await #expect(throws: HubError.badChange(device: "a", counter: 1, reason: .payloadTooLarge)) {
        try await store.add([huge], project: "keyit:team")
      }
      let heads = try await store.heads(project: "keyit:team")
      #expect(heads == SyncHeads(), "a refused batch adds nothing")
    }
  }
}

@Suite struct PostgresHeadsTableTests {
  /// A PostgreSQL hub made before the heads table: its log is kept, and preparing it again gives
  /// every device its head, so pushes go on where they were.
  @Test func aHubFromBeforeTheHeadsTableKeepsEveryDevicesHead() async throws {
    let server = try #require(PostgresServer.shared)
    try await withPostgres(server, database: try await freshDatabase(on: server)) { client in
      let store = PostgresHubStore(client: client)
      try await store.prepare()
      _ = try await store.add([change("a", 1), change("a", 2), change("b", 1)], project: "keyit:team")
      _ = try await store.add([change("a", 1, project: "keyit:other")], project: "keyit:other")
      try await client.query("DROP TABLE hub_heads")
      try await store.prepare()
      #expect(try await store.heads(project: "keyit:team") == SyncHeads(["a": 2, "b": 1]))
      let outcome = try await store.add([change("a", 2), change("a", 3), change("c", 2)], project: "keyit:team")
      #expect(outcome.added.map(\.counter) == [3])
      #expect(outcome.refusedForGap == 1)
      #expect(outcome.heads == SyncHeads(["a": 3, "b": 1]))
      #expect(try await store.heads(project: "keyit:other") == SyncHeads(["a": 1]))
    }
  }
}

@Suite struct HubStoreAgreementTests {
  /// Random batches as devices (and retries, and forgers) send them: the next changes, ones the log
  /// holds, repeats, gaps, changes out of order, several devices at once. Each store answers every
  /// batch as the in-memory log does (the same rule), and holds the same log afterwards.
  @Test(arguments: StoreKind.allCases) func everyBatchIsAnsweredAsTheRuleSays(kind: StoreKind) async throws {
    try await withStore(kind) { store in
      var random = SeededGenerator(seed: 23)
      let reference = InMemoryChangeLog()
      var sent: [String: Int64] = ["a": 0, "b": 0, "c": 0]
      for _ in 0..<60 {
        var batch: [SyncChange] = []
        for device in sent.keys.sorted() where Bool.random(using: &random) {
          let head = await reference.heads(project: "keyit:team")[device]
          let from = max(1, head + Int64.random(in: -2...2, using: &random))
          var counters = Array(from...(from + Int64.random(in: 0...3, using: &random)))
          if Int.random(in: 0..<4, using: &random) == 0 { counters.shuffle(using: &random) }
          if Int.random(in: 0..<4, using: &random) == 0, let repeated = counters.first { counters.append(repeated) }
          batch += counters.map { change(device, $0) }
          sent[device] = max(sent[device]!, counters.max()!)
        }
        if Bool.random(using: &random) { batch.shuffle(using: &random) }
        let expected = await reference.add(batch, project: "keyit:team")
        let outcome = try await store.add(batch, project: "keyit:team")
        #expect(outcome == expected, "batch \(batch.map { "\($0.device)\($0.counter)" })")
      }
      #expect(try await store.heads(project: "keyit:team") == (await reference.heads(project: "keyit:team")))
      let stored = try await store.changes(project: "keyit:team", after: SyncHeads(), limit: 10_000)
      let held = await reference.changes(project: "keyit:team", after: SyncHeads(), limit: 10_000)
      #expect(stored.count == held.count)
      #expect(Set(stored.map { "\($0.device) \($0.counter)" }) == Set(held.map { "\($0.device) \($0.counter)" }))
    }
  }

  /// The same device's batches pushed at once (a retry racing the push it retries): each change is
  /// stored once and the head is the highest counter sent.
  @Test(arguments: StoreKind.allCases) func racingPushesOfOneDeviceStoreEachChangeOnce(kind: StoreKind) async throws {
    try await withStore(kind) { store in
      try await withThrowingTaskGroup(of: Void.self) { group in
        for start in stride(from: 1, through: 37, by: 4) {
          group.addTask {
            // Each batch starts where the one before left off or overlaps it: some wait for a gap.
            for _ in 0..<3 {
              _ = try await store.add((Int64(start)...Int64(start + 7)).map { change("a", $0) }, project: "keyit:team")
              _ = try await store.add((1...Int64(start + 7)).map { change("a", $0) }, project: "keyit:team")
            }
          }
        }
        try await group.waitForAll()
      }
      #expect(try await store.heads(project: "keyit:team") == SyncHeads(["a": 44]))
      let stored = try await store.changes(project: "keyit:team", after: SyncHeads(), limit: 1_000)
      #expect(stored.map(\.counter) == Array(1...44))
    }
  }
}

@Test func aFileThatIsNoSQLiteDatabaseIsRefusedWithSQLitesCode() throws {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("hub-\(UUID().uuidString).sqlite").path
  defer { try? FileManager.default.removeItem(atPath: path) }
  try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: path))
  #expect(throws: HubStoreError.unreadableSQLite(path: path, sqliteCode: 26)) { try SQLiteHubStore(path: path) }
}
