import BenchmarkSupport
import Foundation
import HummingbirdWSClient
import KeyIt
import Logging
import SyncHub
import SyncLog
import Synchronization

/// Goal: a save on device A is in device B's store p50 ≤ 50 ms, p99 ≤ 250 ms, both online, 5 devices.
/// Each device is a real Key It store (a file in a temporary folder) with the benchmark's stand-in
/// for `serve`'s sync loop: it listens on the hub's live socket and, when a batch brings a change it
/// lacks, syncs with `KeyItSync`. A saves a verse and syncs (that sends it); the time runs from A's
/// save call until B, after its sync, reads the new text from its own store. Saves come one after
/// another from each device in turn, each to a random verse of Ruth.
struct LivePropagation {
  struct Result {
    /// Save → text in the other device's store, one per save and receiving device (ms).
    var times: [Double] = []
    /// Receipts that did not come within 10 s.
    var missing = 0
    /// Tokens not in some device's verses or conflicts after the run.
    var lost = 0
    var saves = 0
  }

  let devices: Int
  let saves: Int
  let folder: URL

  func run() async throws -> Result {
    let hubStore = try SQLiteHubStore(path: folder.appendingPathComponent("live-hub.sqlite").path)
    let stores = try (0..<devices).map {
      try KeyItStore(path: folder.appendingPathComponent("live-device-\($0).sqlite").path)
    }
    let uid = try await stores[0].createBible(name: "Live").uid
    let project = SyncChange.keyItProject(bibleUID: uid)
    return try await HubRun.serving(hubStore, project: project) { hub in
      var bibleIDs: [Int64] = []
      for store in stores {
        try await KeyItSync(store: store, hub: hub.client).sync(bibleUID: uid)
        bibleIDs.append(try await store.bible(uid: uid)!.bibleID!)
      }
      let receipts = Receipts()
      let listeners = stores.indices.map {
        Listener(index: $0, store: stores[$0], bibleID: bibleIDs[$0], bibleUID: uid, hub: hub, receipts: receipts)
      }
      return try await withThrowingTaskGroup(of: Void.self) { group in
        for listener in listeners { group.addTask { try await listener.listen(project: project) } }
        while await hub.broadcaster.count < devices { try await Task.sleep(for: .milliseconds(10)) }
        var typing = try TeamTyping(seed: 23)
        var result = Result()
        for save in 0..<saves {
          let sender = save % devices
          let chapter = Int.random(in: 1...4, using: &typing.random)
          let verse = Int.random(in: 1...(chapter == 1 ? 22 : 18), using: &typing.random)
          let content = try await stores[sender].chapter(bibleID: bibleIDs[sender], code: "RUT", chapter: chapter)
          let item = content.items.first { $0.itemType == .verse && $0.verseNumber == verse }!
          let text = typing.nextText(after: item.itemText)
          let start = ContinuousClock.now
          receipts.expect(
            Receipts.Expected(chapter: chapter, verse: verse, token: typing.tokens.last!, start: start),
            devices: Set(stores.indices).subtracting([sender]))
          _ = try await stores[sender].setText(bibleID: bibleIDs[sender], itemID: item.itemID!, text: text)
          try await KeyItSync(store: stores[sender], hub: hub.client).sync(bibleUID: uid)
          while receipts.waiting > 0, ContinuousClock.now - start < .seconds(10) {
            try await Task.sleep(for: .milliseconds(1))
          }
          let (times, missing) = receipts.take()
          if save >= devices {  // the first round warms every device up
            result.times += times
            result.missing += missing
            result.saves += 1
          }
        }
        for listener in listeners { listener.stop() }
        try await group.waitForAll()
        for store in stores {
          try await KeyItSync(store: store, hub: hub.client).sync(bibleUID: uid)
          result.lost += try await lostTokens(store, bibleUID: uid, typed: typing.tokens).count
        }
        return result
      }
    }
  }
}

/// Which device still waits for which text, and how long the others took.
final class Receipts: Sendable {
  struct Expected {
    let chapter: Int
    let verse: Int
    let token: String
    let start: ContinuousClock.Instant
  }

  private let state = Mutex<(expected: [Int: Expected], times: [Double])>(([:], []))

  func expect(_ expected: Expected, devices: Set<Int>) {
    state.withLock { $0 = (Dictionary(uniqueKeysWithValues: devices.map { ($0, expected) }), []) }
  }

  func expected(by device: Int) -> Expected? { state.withLock { $0.expected[device] } }

  func arrived(_ device: Int, at instant: ContinuousClock.Instant) {
    state.withLock {
      guard let expected = $0.expected.removeValue(forKey: device) else { return }
      $0.times.append(milliseconds(instant - expected.start))
    }
  }

  var waiting: Int { state.withLock { $0.expected.count } }

  /// The times so far and how many devices never got the text; starts afresh.
  func take() -> (times: [Double], missing: Int) {
    state.withLock { state in
      defer { state = ([:], []) }
      return (state.times, state.expected.count)
    }
  }
}

/// One device's sync loop: a batch on the live socket that holds a change the device lacks wakes
/// it; it syncs (wakeups during a sync make one more sync, not one each).
struct Listener: Sendable {
  let index: Int
  let store: KeyItStore
  let bibleID: Int64
  let bibleUID: String
  let hub: HubRun
  let receipts: Receipts
  private let stopping = AsyncStream.makeStream(of: Void.self)

  init(index: Int, store: KeyItStore, bibleID: Int64, bibleUID: String, hub: HubRun, receipts: Receipts) {
    (self.index, self.store, self.bibleID, self.bibleUID, self.hub, self.receipts) =
      (index, store, bibleID, bibleUID, hub, receipts)
  }

  func stop() { stopping.continuation.finish() }

  func listen(project: String) async throws {
    let (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        for await _ in wakeups {
          try await KeyItSync(store: store, hub: hub.client).sync(bibleUID: bibleUID)
          try await noteReceipt()
        }
      }
      try await WebSocketClient.connect(url: hub.liveURL(project: project), logger: Logger(label: "live")) {
        inbound, outbound, _ in
        try await withThrowingTaskGroup(of: Void.self) { socket in
          socket.addTask {
            for try await message in inbound.messages(maxSize: 32 << 20) {
              guard case .text(let text) = message else { continue }
              let batch = try JSONDecoder().decode(ChangeBatch.self, from: Data(text.utf8))
              let heads = try await store.heads(bibleUID: bibleUID)
              if batch.changes.contains(where: { !heads.holds($0) }) { wake.yield() }
            }
          }
          socket.addTask {
            for await _ in stopping.stream {}
            try await outbound.close(.normalClosure, reason: nil)
          }
          try await socket.next()
          socket.cancelAll()
        }
      }
      wake.finish()
      try await group.waitForAll()
    }
  }

  /// Notes the time when this device's store has the text it waits for.
  private func noteReceipt() async throws {
    guard let expected = receipts.expected(by: index) else { return }
    let content = try await store.chapter(bibleID: bibleID, code: "RUT", chapter: expected.chapter)
    let text = content.items.first { $0.itemType == .verse && $0.verseNumber == expected.verse }?.itemText ?? ""
    if text.split(separator: " ").contains(Substring(expected.token)) { receipts.arrived(index, at: .now) }
  }
}
