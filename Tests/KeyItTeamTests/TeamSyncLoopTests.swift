import Foundation
import Hummingbird
import KeyIt
import KeyItTeam
import ServiceLifecycle
import SyncHub
import SyncHubServer
import SyncLog
import Synchronization
import TestSupport
import Testing

/// A hub on a fixed loopback port that can be stopped and started again, its log kept.
final class StoppableHub: Sendable {
  let store: SQLiteHubStore
  /// The live sockets open on the hub.
  let broadcaster = HubBroadcaster()
  let port: Int
  let path = NSTemporaryDirectory() + "hub-\(UUID().uuidString).sqlite"
  private let running = Mutex<Task<Void, any Error>?>(nil)
  /// Why the server last stopped on its own (it could not listen, say).
  private let failure = Mutex<(any Error)?>(nil)
  /// The port, kept from the moment the hub stops until it listens again, so that no other socket
  /// takes it meanwhile.
  private let hold = Mutex<Result<PortHold, any Error>?>(nil)

  init() throws {
    store = try SQLiteHubStore(path: path)
    port = try DictdServer.freePort()
  }

  var address: String { "http://127.0.0.1:\(port)" }

  func start() async throws {
    let app = HubServer.application(
      store: store, broadcaster: broadcaster, configuration: .init(address: .hostname("127.0.0.1", port: port)))
    failure.withLock { $0 = nil }
    // The port stays held until the server listens on it (both bound with `SO_REUSEADDR`), so it
    // is never free in between.
    if case .failure(let error) = hold.withLock({ $0 }) { throw error }
    running.withLock {
      $0 = Task { [self] in
        do { try await app.runService(gracefulShutdownSignals: []) } catch {
          self.failure.withLock { $0 = error }
          throw error
        }
      }
    }
    // It answers (401 for a token it does not know) once it listens. A server that could not
    // listen says so at once, instead of the test waiting out its time limit.
    while !(await refusesStrangers()) {
      if let error = failure.withLock({ $0 }) { throw error }
      try await Task.sleep(for: .milliseconds(20))
    }
    if let error = failure.withLock({ $0 }) { throw error }
    hold.withLock { $0 = nil }
  }

  private func refusesStrangers() async -> Bool {
    do {
      _ = try await HubClient(base: URL(string: address)!, token: "-", timeout: .seconds(2)).heads(project: "keyit:x")
      return false
    } catch { return error is HubClientError }
  }

  func stop() async {
    let task = running.withLock { $0 }
    task?.cancel()
    _ = await task?.result
    // Refused like a hub that is down, and no other socket takes the port meanwhile.
    hold.withLock { $0 = Result { try PortHold(port: port) } }
  }

  deinit {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
  }
}

/// Waits (without a time limit of its own: the test's) until `condition` holds.
func eventually(_ condition: () async throws -> Bool) async throws {
  while !(try await condition()) { try await Task.sleep(for: .milliseconds(20)) }
}

@Suite(.timeLimit(.minutes(2))) struct TeamSyncLoopTests {
  @Test func joiningSharesOrFetchesTheBibleAndLeavingKeepsIt() async throws {
    let hub = try StoppableHub()
    try await hub.start()
    defer { Task { await hub.stop() } }
    let a = try KeyItStore.inMemory()
    let b = try KeyItStore.inMemory()
    let bible = try await a.createBible(name: "Bislama")
    let project = SyncChange.keyItProject(bibleUID: bible.uid)
    let tokenA = try await hub.store.invite(project: project, member: "Ana")
    let tokenB = try await hub.store.invite(project: project, member: "Ben")
    await #expect(throws: KeyItError.hubRefused(status: 401)) {
      try await TeamHub(store: a).join(bibleUID: bible.uid, hub: hub.address, token: "not-a-member")
    }
    try await TeamHub(store: a).join(bibleUID: bible.uid, hub: hub.address, token: tokenA)
    let elsewhere = try await hub.store.invite(project: "keyit:0000-none", member: "Ben")
    await #expect(throws: KeyItError.notOnHub(bibleUID: "0000-none")) {
      try await TeamHub(store: b).join(bibleUID: "0000-none", hub: hub.address, token: elsewhere)
    }
    await #expect(throws: KeyItError.notOnHub(bibleUID: "../heads?x")) {
      try await TeamHub(store: b).join(bibleUID: "../heads?x", hub: hub.address, token: tokenB)
    }
    let fetched = try await TeamHub(store: b).join(bibleUID: bible.uid, hub: hub.address, token: tokenB)
    #expect(fetched.uid == bible.uid && fetched.name == "Bislama")
    let status = try #require(try await b.teamStatus(bibleID: fetched.bibleID))
    #expect(status.hub == hub.address && status.reachable == true && status.unsent == 0)
    // The token is never part of what a page or --json shows.
    let shown = String(decoding: try JSONEncoder().encode(try await b.teamStatuses()), as: UTF8.self)
    #expect(!shown.contains(tokenB))
    try await b.leaveTeam(bibleUID: bible.uid)
    #expect(try await b.teamMemberships().isEmpty)
    #expect(try await b.bibles().map(\.uid) == [bible.uid])
  }

  /// A device's HTTP client (AsyncHTTPClient's shared one) can keep a connection it opened but never
  /// sent a request on, for ten minutes: stopping the hub must not wait for it. It did: the test
  /// below then hung in the hub's last `stop()` until the client dropped the connection (after
  /// 637 s in one full local run and 645 s in CI; `ss` showed a connection whose client had sent no
  /// byte).
  @Test func aStoppingHubClosesConnectionsThatSentNothing() async throws {
    let hub = try StoppableHub()
    try await hub.start()
    #expect(try await RawConnection.stopClosesSilentConnections(port: hub.port) { await hub.stop() })
  }

  @Test func theLoopSurvivesAHubThatIsDownAndSyncsWhenItIsBack() async throws {
    let hub = try StoppableHub()
    try await hub.start()
    let a = try KeyItStore.inMemory()
    let b = try KeyItStore.inMemory()
    let bible = try await a.createBible(name: "Kiswahili")
    let project = SyncChange.keyItProject(bibleUID: bible.uid)
    try await TeamHub(store: a).join(
      bibleUID: bible.uid, hub: hub.address, token: try await hub.store.invite(project: project, member: "A"))
    try await TeamHub(store: b).join(
      bibleUID: bible.uid, hub: hub.address, token: try await hub.store.invite(project: project, member: "B"))
    await hub.stop()

    var timing = TeamSyncService.Timing(interval: .seconds(1))
    timing.firstBackoff = .milliseconds(100)
    let loopA = TeamSyncService(hub: TeamHub(store: a, timeout: .seconds(2)), timing: timing)
    let loopB = TeamSyncService(hub: TeamHub(store: b, timeout: .seconds(2)), timing: timing)
    let group = ServiceGroup(
      configuration: .init(
        services: [.init(service: loopA), .init(service: loopB)], logger: .init(label: "test")))
    let running = Task { try await group.run() }
    defer { running.cancel() }

    // Hub down: the status says so, and edits still save.
    try await eventually { try await a.teamStatus(bibleID: nil)?.reachable == false }
    let verse = try #require(
      try await a.chapter(bibleID: nil, code: "JHN", chapter: 3).items.first { $0.verseNumber == 16 })
    _ = try await a.setText(bibleID: nil, itemID: verse.itemID!, text: "Kwa maana jinsi hii Mungu aliupenda ulimwengu")
    #expect((try await a.teamStatus(bibleID: nil)?.unsent ?? 0) > 0)
    #expect(try await a.teamStatus(bibleID: nil)?.lastError?.contains("cannot be reached") == true)

    // Hub back: A sends, B receives, without anyone asking.
    try await hub.start()
    try await eventually {
      try await b.chapter(bibleID: nil, code: "JHN", chapter: 3).items.first { $0.verseNumber == 16 }?.itemText
        == "Kwa maana jinsi hii Mungu aliupenda ulimwengu"
    }
    try await eventually {
      try await a.teamStatus(bibleID: nil).map { $0.reachable == true && $0.unsent == 0 } ?? false
    }
    await group.triggerGracefulShutdown()
    try await running.value
    await hub.stop()
  }

  /// With the fallback sync ten minutes away, B can only learn A's save through the hub's live
  /// socket (opened with the token in its `Authorization` header): the test's time limit fails it
  /// otherwise.
  @Test func aSaveReachesTheOtherDeviceThroughTheLiveSocket() async throws {
    let hub = try StoppableHub()
    try await hub.start()
    let a = try KeyItStore.inMemory()
    let b = try KeyItStore.inMemory()
    let bible = try await a.createBible(name: "Tok Pisin")
    let project = SyncChange.keyItProject(bibleUID: bible.uid)
    for (store, member) in [(a, "A"), (b, "B")] {
      try await TeamHub(store: store).join(
        bibleUID: bible.uid, hub: hub.address, token: try await hub.store.invite(project: project, member: member))
    }
    let timing = TeamSyncService.Timing(interval: .seconds(600))
    let group = ServiceGroup(
      configuration: .init(
        services: [a, b].map { .init(service: TeamSyncService(hub: TeamHub(store: $0), timing: timing)) },
        logger: .init(label: "test")))
    let running = Task { try await group.run() }
    defer { running.cancel() }
    try await eventually { try await b.teamStatus(bibleID: nil)?.reachable == true }
    try await eventually { await hub.broadcaster.count == 2 }

    let verse = try #require(
      try await a.chapter(bibleID: nil, code: "JHN", chapter: 3).items.first { $0.verseNumber == 16 })
    _ = try await a.setText(bibleID: nil, itemID: verse.itemID!, text: "God i laikim tumas ol manmeri")
    try await eventually {
      try await b.chapter(bibleID: nil, code: "JHN", chapter: 3).items.first { $0.verseNumber == 16 }?.itemText
        == "God i laikim tumas ol manmeri"
    }
    await group.triggerGracefulShutdown()
    try await running.value
    await hub.stop()
  }
}
