import Foundation
import TestSupport
import Testing

@testable import Phrasebook

@Suite struct RevisionTests {
  let start = Date(timeIntervalSince1970: 1_767_225_600)

  func welshWithWords() async throws -> (PhrasebookStore, [TaggedPair]) {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh")
    for (one, two, area, tag) in [
      ("water", "dŵr", "Both", "nature"), ("milk", "llaeth", "North", "food"), ("milk", "llefrith", "North", "food"),
      ("now", "nawr", "South", "time"), ("now", "rŵan", "North", "time"), ("bread", "bara", "Both", "food"),
    ] {
      _ = try await store.save(PairInput(wordOne: one, wordTwo: two, area: area, tags: [tag]))
    }
    return (store, try await store.pairs())
  }

  @Test func aReviewSchedulesTheCardAndLogsBeforeAndAfter() async throws {
    let (store, pairs) = try await welshWithWords()
    let water = pairs.first { $0.pair.wordTwo == "dŵr" }!.pair
    let first = try await store.review(pairID: water.id!, direction: .forward, rating: .good, at: start)
    #expect(first.before == nil && first.after.state == .learning && first.after.step == 1)
    let second = try await store.review(
      pairID: water.id!, direction: .forward, rating: .good, at: start.addingTimeInterval(600))
    #expect(second.before == first.after && second.after.state == .review)
    let log = try await store.reviews(pairID: water.id!, direction: .forward)
    #expect(log == [first, second])
    #expect(try await store.reviews(pairID: water.id!, direction: .reverse).isEmpty, "each direction is its own card")
  }

  @Test func theStoreSchedulesAsTheSchedulerDoes() async throws {
    let (store, pairs) = try await welshWithWords()
    let scheduler = FSRSScheduler()
    var expected = CardSchedule.new(due: start)
    var at = start
    for rating in [Rating.again, .good, .good, .hard, .easy, .again, .good] {
      expected = scheduler.review(expected, rating: rating, at: at)
      let record = try await store.review(
        wordOne: "milk", wordTwo: "llaeth", direction: .reverse, rating: rating, at: at)
      #expect(record.after == expected)
      at = expected.due.addingTimeInterval(3_600)
    }
    #expect(pairs.count == 6)
  }

  @Test func updatingAPairKeepsItsReviewHistory() async throws {
    let (store, _) = try await welshWithWords()
    _ = try await store.review(wordOne: "bread", wordTwo: "bara", direction: .forward, rating: .good, at: start)
    let (updated, created) = try await store.save(PairInput(wordOne: "bread", wordTwo: "bara", note: "also 'torth'"))
    #expect(!created)
    #expect(try await store.reviews(pairID: updated.pair.id!, direction: .forward).count == 1)
  }

  @Test func aSessionPutsDueCardsFirstByDueTimeThenNewCardsShuffled() async throws {
    let (store, pairs) = try await welshWithWords()
    let id = { (word: String) in pairs.first { $0.pair.wordTwo == word }!.pair.id! }
    _ = try await store.review(pairID: id("bara"), direction: .forward, rating: .again, at: start)  // due +1 min
    _ = try await store.review(pairID: id("dŵr"), direction: .forward, rating: .hard, at: start)  // due +5.5 min
    _ = try await store.review(pairID: id("nawr"), direction: .forward, rating: .easy, at: start)  // due in days
    var random = SeededGenerator(seed: 1)
    let now = start.addingTimeInterval(3_600)
    let session = try await store.revisionSession(
      filter: RevisionFilter(direction: .forward), now: now, using: &random)
    #expect(session.prefix(2).map(\.answer) == ["bara", "dŵr"])
    #expect(!session.contains { $0.answer == "nawr" }, "not due yet")
    #expect(Set(session.dropFirst(2).map(\.answer)) == ["llaeth", "llefrith", "rŵan"])
    #expect(session.dropFirst(2).allSatisfy { $0.isNew })
    var orders: Set<[String]> = []
    for seed in 1...20 {
      var random = SeededGenerator(seed: UInt64(seed))
      orders.insert(try await store.revisionSession(now: now, using: &random).map { "\($0.prompt)>\($0.answer)" })
    }
    #expect(orders.count > 10, "new cards never come in one fixed order")
  }

  @Test func sessionsFilterByTagAreaAndDirection() async throws {
    let (store, _) = try await welshWithWords()
    var random = SeededGenerator(seed: 7)
    let food = try await store.revisionSession(filter: RevisionFilter(tag: "food"), using: &random)
    #expect(food.count == 6 && Set(food.map(\.pair.pair.wordOne)) == ["milk", "bread"])
    let north = try await store.revisionSession(
      filter: RevisionFilter(direction: .reverse, area: "North"), using: &random)
    #expect(Set(north.map(\.prompt)) == ["llaeth", "llefrith", "rŵan", "dŵr", "bara"], "North and Both")
    await #expect(throws: PhrasebookError.unknownTag("drinks")) {
      try await store.revisionSession(filter: RevisionFilter(tag: "drinks"), using: &random)
    }
    await #expect(throws: PhrasebookError.unknownArea("East", known: ["North", "South", "Both"])) {
      try await store.revisionSession(filter: RevisionFilter(area: "East"), using: &random)
    }
  }

  @Test func accuracyAndDueCountsFollowTheLog() async throws {
    let (store, pairs) = try await welshWithWords()
    let bread = pairs.first { $0.pair.wordTwo == "bara" }!.pair.id!
    for (offset, rating) in [Rating.again, .good, .good, .again].enumerated() {
      _ = try await store.review(
        pairID: bread, direction: .forward, rating: rating, at: start.addingTimeInterval(Double(offset) * 30))
    }
    var random = SeededGenerator(seed: 3)
    let card = try await store.revisionSession(
      filter: RevisionFilter(direction: .forward), now: start.addingTimeInterval(86_400), using: &random
    ).first { $0.answer == "bara" }!
    #expect(card.reviews == 4 && card.recalled == 2 && card.accuracy == 0.5)
    let counts = try await store.dueCounts(now: start.addingTimeInterval(86_400))
    #expect(counts == [DueCount(direction: .forward, due: 1, new: 5), DueCount(direction: .reverse, due: 0, new: 6)])
  }

  @Test func reviewingAnUnknownPairChangesNothing() async throws {
    let (store, _) = try await welshWithWords()
    await #expect(throws: PhrasebookError.unknownPair(wordOne: "cheese", wordTwo: "caws")) {
      try await store.review(wordOne: "cheese", wordTwo: "caws", direction: .forward, rating: .good)
    }
    await #expect(throws: PhrasebookError.unknownPairID(999)) {
      try await store.review(pairID: 999, direction: .forward, rating: .good)
    }
    #expect(try await store.dueCounts().allSatisfy { $0.due == 0 })
  }
}
