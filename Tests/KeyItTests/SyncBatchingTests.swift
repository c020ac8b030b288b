import SyncLog
import Synchronization
import Testing

@testable import KeyIt

/// A hub that answers only so many pulls before the network goes, counting them.
final class CuttingHub: ChangeLogStore {
  struct Cut: Error {}
  let hub: InMemoryChangeLog
  let pulls = Mutex(0)
  let cutAfter: Int

  init(hub: InMemoryChangeLog, cutAfter: Int) {
    self.hub = hub
    self.cutAfter = cutAfter
  }

  func heads(project: String) async throws -> SyncHeads { await hub.heads(project: project) }

  func changes(project: String, after heads: SyncHeads, limit: Int) async throws -> [SyncChange] {
    guard
      pulls.withLock({
        $0 += 1; return $0
      }) <= cutAfter
    else { throw Cut() }
    return await hub.changes(project: project, after: heads, limit: limit)
  }

  func add(_ changes: [SyncChange], project: String) async throws -> AddOutcome {
    await hub.add(changes, project: project)
  }
}

@Suite struct SyncBatchingTests {
  /// A Bible with 30 saves over three chapters of John on one device, in a hub.
  private func teamHub() async throws -> (hub: InMemoryChangeLog, uid: String, snapshot: String) {
    let hub = InMemoryChangeLog()
    let a = try KeyItStore.inMemory()
    let uid = try await a.createBible(name: "Team").uid
    for save in 0..<30 {
      let chapter = try await a.chapter(bibleID: nil, code: "JHN", chapter: 1 + save % 3)
      let verse = try #require(chapter.item(.verse, verse: 1 + save % 5))
      _ = try await a.setText(bibleID: nil, itemID: verse.itemID!, text: verse.itemText + " w\(save)")
    }
    try await KeyItSync(store: a, hub: hub).sync(bibleUID: uid)
    return (hub, uid, try await a.teamSnapshot(bibleUID: uid))
  }

  @Test func aDeviceFarBehindAppliesItsBacklogInStepsAndEndsLikeTheOthers() async throws {
    let team = try await teamHub()
    let hub = CuttingHub(hub: team.hub, cutAfter: .max)
    let b = try KeyItStore.inMemory()
    let report = try await KeyItSync(store: b, hub: hub, chunk: 4, applyEvery: 10).sync(bibleUID: team.uid)
    #expect(report.received == 31)
    // 31 changes in requests of 4: 8 requests that bring some and 1 that brings none.
    #expect(hub.pulls.withLock { $0 } == 9)
    #expect(try await b.teamSnapshot(bibleUID: team.uid) == team.snapshot)
    #expect(try await b.chaptersDifferingFromLog(bibleUID: team.uid).isEmpty)
  }

  @Test func aSyncCutWhileFetchingKeepsWhatItAppliedAndResumes() async throws {
    let team = try await teamHub()
    let b = try KeyItStore.inMemory()
    // Requests of 4 applied 12 at a time: cut at the fifth request, after one application of 12.
    let cut = CuttingHub(hub: team.hub, cutAfter: 4)
    await #expect(throws: CuttingHub.Cut.self) {
      try await KeyItSync(store: b, hub: cut, chunk: 4, applyEvery: 12).sync(bibleUID: team.uid)
    }
    let device = try await b.heads(bibleUID: team.uid).counters.values.reduce(0, +)
    #expect(device == 12)
    #expect(try await b.chaptersDifferingFromLog(bibleUID: team.uid).isEmpty)
    let report = try await KeyItSync(store: b, hub: team.hub, chunk: 4, applyEvery: 12).sync(bibleUID: team.uid)
    #expect(report.received == 19)
    #expect(try await b.teamSnapshot(bibleUID: team.uid) == team.snapshot)
  }
}
