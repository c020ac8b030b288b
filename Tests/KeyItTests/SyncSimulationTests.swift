import Foundation
import GRDB
import SyncLog
import TestSupport
import Testing

@testable import KeyIt

/// The simulation's time: every replica reads it with its own clock error.
final class SimClock: @unchecked Sendable {
  var millis: Int64 = 1_750_000_000_000
}

/// A network that loses, repeats, reorders, delays and cuts what devices and the hub send.
final class SimNetwork: @unchecked Sendable {
  struct Lost: Error {}
  let hub: InMemoryChangeLog
  var random: SeededGenerator
  var faulty = true
  var cut: Set<Int> = []
  var delayed: [[SyncChange]] = []

  init(hub: InMemoryChangeLog, seed: UInt64) {
    self.hub = hub
    random = SeededGenerator(mixing: seed ^ 0xA5A5)
  }

  func roll(_ percent: Int) -> Bool { faulty && Int.random(in: 0..<100, using: &random) < percent }

  /// Hands the hub a batch that was held back (it arrives late, out of order with newer ones).
  func deliverDelayed(project: String) async {
    guard !delayed.isEmpty else { return }
    let batch = delayed.removeFirst()
    _ = await hub.add(batch, project: project)
  }
}

/// One replica's link to the hub through the simulated network.
struct SimLink: ChangeLogStore {
  let network: SimNetwork
  let replica: Int

  private func reach() throws {
    if network.cut.contains(replica) || network.roll(8) { throw SimNetwork.Lost() }
  }

  func heads(project: String) async throws -> SyncHeads {
    try reach()
    return await network.hub.heads(project: project)
  }

  func changes(project: String, after heads: SyncHeads, limit: Int) async throws -> [SyncChange] {
    try reach()
    var found = await network.hub.changes(project: project, after: heads, limit: limit)
    if network.roll(8) { throw SimNetwork.Lost() }  // the answer is lost
    if network.roll(10) { found.shuffle(using: &network.random) }
    if network.roll(10), !found.isEmpty {
      found = Array(found.prefix(Int.random(in: 0..<found.count, using: &network.random)))
    }
    if network.roll(10) { found += found.prefix(2) }
    return found
  }

  func add(_ changes: [SyncChange], project: String) async throws -> AddOutcome {
    try reach()
    var batch = changes
    if network.roll(8) {
      network.delayed.append(batch)
      throw SimNetwork.Lost()
    }
    if network.roll(10) { batch.shuffle(using: &network.random) }
    var outcome = await network.hub.add(batch, project: project)
    if network.roll(10) { outcome = await network.hub.add(batch, project: project) }
    if network.roll(8) { throw SimNetwork.Lost() }  // added, but the answer is lost
    return outcome
  }
}

/// Replicas reused from seed to seed (each seed shares a new Bible): a store per device on its own clock.
struct SimLane {
  let clock = SimClock()
  let stores: [KeyItStore]

  init(replicas: Int, folder: URL) throws {
    let clock = clock
    // Clocks wrong by up to an hour either way.
    stores = try (0..<replicas).map { index in
      let skew = Int64(index - 1) * 3_600_000
      return try KeyItStore(writer: Self.scratchPool(in: folder), checkpointer: nil, now: { clock.millis + skew })
    }
  }

  /// A store's database as the app opens it (a WAL pool whose readers are read-only connections), in
  /// `folder`, not synced. An in-memory queue would compile every statement again after each read:
  /// a queue's read sets `PRAGMA query_only`, and SQLite expires every prepared statement when a
  /// flag pragma changes (28% of the simulation's `perf` samples went to that).
  static func scratchPool(in folder: URL) throws -> DatabasePool {
    var configuration = Configuration()
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = OFF") }
    return try DatabasePool(
      path: folder.appendingPathComponent("\(UUID().uuidString).sqlite").path, configuration: configuration)
  }

  /// One seed: a Bible shared, edits offline and online over a faulty network, then healing; returns what broke.
  func run(seed: UInt64, steps: Int = 16) async throws -> [String] {
    var random = SeededGenerator(mixing: seed)
    let network = SimNetwork(hub: InMemoryChangeLog(), seed: seed)
    let links = stores.indices.map { SimLink(network: network, replica: $0) }
    let created = try await stores[0].createBible(name: "Sim \(seed)")
    let uid = created.uid
    let project = SyncChange.keyItProject(bibleUID: uid)
    var acknowledged: [(device: String, counter: Int64)] = []
    var typed: Set<String> = []
    var removed: Set<String> = []
    for step in 0..<steps {
      clock.millis += Int64.random(in: 0..<3000, using: &random)
      if Int.random(in: 0..<100, using: &random) < 15 {
        let replica = Int.random(in: 0..<stores.count, using: &random)
        if network.cut.contains(replica) { network.cut.remove(replica) } else { network.cut.insert(replica) }
      }
      if Int.random(in: 0..<100, using: &random) < 10 { await network.deliverDelayed(project: project) }
      let replica = Int.random(in: 0..<stores.count, using: &random)
      let store = stores[replica]
      let roll = Int.random(in: 0..<100, using: &random)
      guard let bible = try await store.bible(uid: uid), roll < 85 else {
        _ = try? await KeyItSync(store: store, hub: links[replica], chunk: 3).sync(bibleUID: uid)
        continue
      }
      let device = try await store.device().device
      if roll < 72 {
        let word = "w\(seed)x\(step)"
        let outcome = try await SimEditor(store: store, bibleID: bible.bibleID!).randomEdit(&random, word: word)
        if let added = outcome.added { typed.insert(added) }
        removed.formUnion(outcome.removed)
      } else {
        removed.formUnion(try await resolveOne(store, bibleID: bible.bibleID!, &random))
      }
      let counter = try await store.heads(bibleUID: uid)[device]
      acknowledged.append((device, counter))
    }
    // Heal: every device reachable, nothing lost or held back any more.
    network.faulty = false
    network.cut = []
    while !network.delayed.isEmpty { await network.deliverDelayed(project: project) }
    // Two rounds bring every device level (the first round's last device may have sent something new).
    for _ in 0..<2 {
      for (store, link) in zip(stores, links) {
        try await KeyItSync(store: store, hub: link, chunk: 8).sync(bibleUID: uid)
      }
    }
    return try await problems(uid: uid, hub: network.hub, acknowledged: acknowledged, typed: typed.subtracting(removed))
  }

  private func resolveOne(_ store: KeyItStore, bibleID: Int64, _ random: inout SeededGenerator) async throws -> [String]
  {
    let all = try await store.conflicts(bibleID: bibleID, includeResolved: true)
    guard let pick = all.randomElement(using: &random)?.conflict else { return [] }
    func words(_ text: String) -> Set<String> { Set(text.split(separator: " ").map(String.init)) }
    if pick.resolution != nil {
      try await store.resolveConflict(bibleID: bibleID, conflictID: pick.id, choice: .undo)
      return []
    }
    let choice = [ResolutionChoice.keepCurrent, .keepIncoming, .edited].randomElement(using: &random)!
    try await store.resolveConflict(
      bibleID: bibleID, conflictID: pick.id, choice: choice, text: pick.current + " " + pick.incoming)
    return Array(
      choice == .keepCurrent
        ? words(pick.incoming).subtracting(words(pick.current))
        : choice == .keepIncoming ? words(pick.current).subtracting(words(pick.incoming)) : [])
  }

  private func problems(
    uid: String, hub: InMemoryChangeLog, acknowledged: [(device: String, counter: Int64)], typed: Set<String>
  ) async throws -> [String] {
    var problems: [String] = []
    let project = SyncChange.keyItProject(bibleUID: uid)
    let hubHeads = await hub.heads(project: project)
    let snapshot = try await stores[0].teamSnapshot(bibleUID: uid)
    for (index, store) in stores.enumerated() {
      if try await store.heads(bibleUID: uid) != hubHeads {
        problems.append("replica \(index): heads differ from the hub's")
      }
      if try await store.teamSnapshot(bibleUID: uid) != snapshot {
        problems.append("replica \(index): content differs")
      }
      let differing = try await store.chaptersDifferingFromLog(bibleUID: uid)
      if !differing.isEmpty { problems.append("replica \(index): tables differ from the log in \(differing)") }
    }
    for ack in acknowledged where hubHeads[ack.device] < ack.counter {
      problems.append("acknowledged change \(ack.device)#\(ack.counter) missing")
    }
    // Every word typed and not knowingly removed is in a verse, a heading or a conflict, and every
    // chapter holds each of its verses once, with none missing.
    var texts: [String] = []
    var verses: [String: [Int]] = [:]
    var chapter = ""
    for line in snapshot.split(separator: "\n") where !line.hasPrefix("=") {
      if line.hasPrefix("# ") {
        chapter = String(line.dropFirst(2))
      } else if line.hasPrefix("! ") {
        let conflict = try JSONDecoder().decode(TextConflict.self, from: Data(line.dropFirst(2).utf8))
        texts += [conflict.current, conflict.incoming]
        if conflict.current == conflict.incoming { problems.append("conflict \(conflict.id) has one text twice") }
      } else if let space = line.firstIndex(of: " ") {
        let state = try JSONDecoder().decode(ItemState.self, from: Data(line[line.index(after: space)...].utf8))
        texts.append(state.text)
        verses[chapter, default: []] += state.coveredVerses.map(Array.init) ?? []
      }
    }
    for (chapter, held) in verses where held.sorted() != Array(1..<((held.max() ?? 0) + 1)) {
      problems.append("\(chapter) holds verses \(held.sorted())")
    }
    let present = Set(texts.flatMap { $0.split(separator: " ").map(String.init) })
    for word in typed.sorted() where !present.contains(word) { problems.append("typed word \(word) lost") }
    return problems
  }
}

@Suite struct SyncSimulationTests {
  /// Seeds per run: `SIM_SEEDS` (10,000 by default; `make soak` runs more), from `SIM_FIRST`.
  static let seeds = UInt64(ProcessInfo.processInfo.environment["SIM_SEEDS"] ?? "") ?? 10_000
  static let first = UInt64(ProcessInfo.processInfo.environment["SIM_FIRST"] ?? "") ?? 1

  @Test func devicesConvergeAndLoseNothingOverAFaultyNetwork() async throws {
    // Lanes of their own stores run side by side: a lane spends much of a seed waiting on its
    // databases' queues, and two lanes kept the two cores of this machine only 60% busy. The count is
    // even, so a lane's seeds share their parity, which picks three or four devices: a seed run
    // alone (`SIM_FIRST`, `SIM_SEEDS=1`) has the devices it had in the whole run.
    let lanes: UInt64 = 8
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sync-sim-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let failures = try await withThrowingTaskGroup(of: [String].self) { group in
      for lane in 0..<lanes {
        group.addTask {
          var seed = Self.first + lane
          let sim = try SimLane(replicas: 3 + Int(seed % 2), folder: folder)
          while seed < Self.first + Self.seeds {
            let problems = try await sim.run(seed: seed)
            if !problems.isEmpty { return ["seed \(seed): " + problems.prefix(5).joined(separator: "; ")] }
            seed += lanes
          }
          return []
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(failures == [])
  }

  @Test func twoDevicesEditingOneVerseOfflineGetOneConflictWithBothTexts() async throws {
    let hub = InMemoryChangeLog()
    let a = try KeyItStore.inMemory()
    let b = try KeyItStore.inMemory()
    let bible = try await a.createBible(name: "Team")
    try await KeyItSync(store: a, hub: hub).sync(bibleUID: bible.uid)
    try await KeyItSync(store: b, hub: hub).sync(bibleUID: bible.uid)
    let bibleB = try #require(try await b.bible(uid: bible.uid))
    let verseA = try #require(try await a.chapter(bibleID: nil, code: "JHN", chapter: 1).item(.verse, verse: 1))
    let verseB = try #require(
      try await b.chapter(bibleID: bibleB.bibleID, code: "JHN", chapter: 1).item(.verse, verse: 1))
    _ = try await a.setText(bibleID: nil, itemID: verseA.itemID!, text: "In the beginning was the Word")
    _ = try await b.setText(bibleID: bibleB.bibleID, itemID: verseB.itemID!, text: "At the start was the Word")
    for _ in 0..<2 {
      try await KeyItSync(store: a, hub: hub).sync(bibleUID: bible.uid)
      try await KeyItSync(store: b, hub: hub).sync(bibleUID: bible.uid)
    }
    let conflicts = try await a.conflicts(bibleID: nil)
    #expect(conflicts.count == 1)
    #expect(try await b.conflicts(bibleID: bibleB.bibleID) == conflicts)
    let conflict = try #require(conflicts.first?.conflict)
    #expect(
      Set([conflict.current, conflict.incoming]) == ["In the beginning was the Word", "At the start was the Word"])
    // Resolved on one device, resolved on the other.
    try await b.resolveConflict(bibleID: bibleB.bibleID, conflictID: conflict.id, choice: .keepIncoming)
    try await KeyItSync(store: b, hub: hub).sync(bibleUID: bible.uid)
    try await KeyItSync(store: a, hub: hub).sync(bibleUID: bible.uid)
    #expect(try await a.conflicts(bibleID: nil).isEmpty)
    let text = try await a.chapter(bibleID: nil, code: "JHN", chapter: 1).item(.verse, verse: 1)?.itemText
    #expect(text == conflict.incoming)
    #expect(
      try await b.chapter(bibleID: bibleB.bibleID, code: "JHN", chapter: 1).item(.verse, verse: 1)?.itemText == text)
  }

  @Test func editsOfDifferentWordsOfOneVerseMerge() async throws {
    let hub = InMemoryChangeLog()
    let a = try KeyItStore.inMemory()
    let b = try KeyItStore.inMemory()
    let bible = try await a.createBible(name: "Team")
    let verseA = try #require(try await a.chapter(bibleID: nil, code: "JHN", chapter: 1).item(.verse, verse: 1))
    _ = try await a.setText(bibleID: nil, itemID: verseA.itemID!, text: "In the beginning was the Word")
    try await KeyItSync(store: a, hub: hub).sync(bibleUID: bible.uid)
    try await KeyItSync(store: b, hub: hub).sync(bibleUID: bible.uid)
    let bibleB = try #require(try await b.bible(uid: bible.uid))
    let verseB = try #require(
      try await b.chapter(bibleID: bibleB.bibleID, code: "JHN", chapter: 1).item(.verse, verse: 1))
    _ = try await a.setText(bibleID: nil, itemID: verseA.itemID!, text: "In the very beginning was the Word")
    _ = try await b.setText(bibleID: bibleB.bibleID, itemID: verseB.itemID!, text: "In the beginning was the Word.")
    for _ in 0..<2 {
      try await KeyItSync(store: a, hub: hub).sync(bibleUID: bible.uid)
      try await KeyItSync(store: b, hub: hub).sync(bibleUID: bible.uid)
    }
    #expect(try await a.conflicts(bibleID: nil).isEmpty)
    let merged = try await b.chapter(bibleID: bibleB.bibleID, code: "JHN", chapter: 1).item(.verse, verse: 1)?.itemText
    #expect(merged == "In the very beginning was the Word.")
    #expect(try await a.teamSnapshot(bibleUID: bible.uid) == b.teamSnapshot(bibleUID: bible.uid))
  }
}
