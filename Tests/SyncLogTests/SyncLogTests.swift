import Foundation
import SyncLog
import Testing

private func change(_ device: String, _ counter: Int64, project: String = "keyit:a") -> SyncChange {
  SyncChange(
    project: project, device: device, counter: counter,
    clock: HybridTimestamp(wallMillis: 1000 + counter, logical: 0, device: device), author: device,
    payload: "{\"n\":\(counter)}")
}

@Test func clockReadingsAreAlwaysLaterThanWhatTheClockMadeOrSaw() {
  var fast = HybridLogicalClock(device: "fast")
  var slow = HybridLogicalClock(device: "slow")
  let hour: Int64 = 3_600_000
  var previous = slow.tick(wallMillis: 10_000)
  for step in Int64(0)..<200 {
    let ahead = fast.tick(wallMillis: 10_000 + hour + step)
    slow.observe(ahead, wallMillis: 10_000 + step)
    let next = slow.tick(wallMillis: 10_000 + step)
    #expect(next > ahead)
    #expect(next > previous)
    previous = next
  }
}

@Test func clockReadingsRoundTripAsTextThatSortsAsTheyDo() throws {
  let readings = [
    HybridTimestamp(wallMillis: 5, logical: 12, device: "b"), HybridTimestamp(wallMillis: 5, logical: 3, device: "a"),
    HybridTimestamp(wallMillis: 1_800_000_000_000, logical: 0, device: "a.b"),
    HybridTimestamp(wallMillis: 5, logical: 3, device: "b"),
  ]
  for reading in readings { #expect(HybridTimestamp(reading.description) == reading) }
  #expect(readings.sorted().map(\.description) == readings.map(\.description).sorted())
  let json = try JSONEncoder().encode(readings[0])
  #expect(try JSONDecoder().decode(HybridTimestamp.self, from: json) == readings[0])
  #expect(HybridTimestamp("12.x.dev") == nil)
  #expect(HybridTimestamp("12.3.") == nil)
}

@Test func theLogAddsEachChangeOnceAndRefusesGaps() async throws {
  let log = InMemoryChangeLog()
  var outcome = await log.add([change("a", 1), change("a", 2), change("b", 1)], project: "keyit:a")
  #expect(outcome.added.count == 3)
  outcome = await log.add([change("a", 2), change("a", 3), change("a", 5), change("b", 1)], project: "keyit:a")
  #expect(outcome.added.map(\.counter) == [3])
  #expect(outcome.refusedForGap == 1)
  #expect(outcome.heads == SyncHeads(["a": 3, "b": 1]))
  let other = await log.add([change("a", 1, project: "keyit:b")], project: "keyit:a")
  #expect(other.added.isEmpty)
}

@Test func changesAfterHeadsComeInArrivalOrderAndInChunks() async throws {
  let log = InMemoryChangeLog()
  _ = await log.add([change("a", 1), change("b", 1), change("a", 2), change("b", 2)], project: "keyit:a")
  var heads = SyncHeads(["a": 1])
  var received: [SyncChange] = []
  while true {
    let chunk = await log.changes(project: "keyit:a", after: heads, limit: 2)
    if chunk.isEmpty { break }
    for item in chunk {
      #expect(heads.follows(item))
      heads.record(item)
    }
    received += chunk
  }
  #expect(received.map { "\($0.device)\($0.counter)" } == ["b1", "a2", "b2"])
  #expect(await heads == log.heads(project: "keyit:a"))
}
