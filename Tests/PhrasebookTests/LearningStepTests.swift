import Foundation
import TestSupport
import Testing

@testable import Phrasebook

@Suite struct LearningStepTests {
  let start = Date(timeIntervalSince1970: 1_767_268_800)  // 2026-01-01 12:00 UTC
  let utc = TimeZone(identifier: "UTC")!

  func storeWithSixPairs() async throws -> PhrasebookStore {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh")
    for (one, two) in [
      ("dog", "ci"), ("cat", "cath"), ("house", "tŷ"), ("water", "dŵr"), ("bread", "bara"), ("milk", "llaeth"),
    ] {
      _ = try await store.save(PairInput(wordOne: one, wordTwo: two))
    }
    return store
  }

  @Test func againAndUngraduatedCardsComeBackInTheSessionGraduatedOnesDoNot() {
    let scheduler = FSRSScheduler()
    let new = CardSchedule.new(due: start)
    for (rating, comesBack) in [(Rating.again, true), (.hard, true), (.good, true), (.easy, false)] {
      let after = scheduler.review(new, rating: rating, at: start)
      #expect(comesBackInSession(after, reviewedAt: start) == comesBack, "\(rating)")
    }
    let graduated = scheduler.review(new, rating: .easy, at: start)
    let forgotten = scheduler.review(graduated, rating: .again, at: graduated.due)
    #expect(forgotten.state == .relearning && comesBackInSession(forgotten, reviewedAt: graduated.due))
    let longSteps = FSRSScheduler(learningSteps: [3_600])
    #expect(!comesBackInSession(longSteps.review(new, rating: .again, at: start), reviewedAt: start), "an hour's step")
  }

  @Test func theDailyLimitCountsNewCardsSeenTodayAndStartsAgainTomorrow() async throws {
    let store = try await storeWithSixPairs()
    #expect(try await store.newCardsPerDay() == 20)
    try await store.setNewCardsPerDay(4)
    var random = SeededGenerator(seed: 3)
    let first = try await store.revisionSession(now: start, timeZone: utc, using: &random)
    #expect(first.count == 4 && first.allSatisfy(\.isNew), "12 new cards, 4 allowed")
    for card in first.prefix(3) {
      _ = try await store.review(pairID: card.pair.pair.id!, direction: card.direction, rating: .easy, at: start)
    }
    let again = try await store.revisionSession(now: start.addingTimeInterval(60), timeZone: utc, using: &random)
    #expect(again.count == 1, "three of today's four are used")
    let tomorrow = start.addingTimeInterval(13 * 3_600)  // 01:00 the next day
    #expect(try await store.revisionSession(now: tomorrow, timeZone: utc, using: &random).filter(\.isNew).count == 4)
    let evening = start.addingTimeInterval(11 * 3_600)  // 23:00 in UTC, 08:00 the next day in Tokyo
    #expect(try await store.revisionSession(now: evening, timeZone: utc, using: &random).count == 1)
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    #expect(try await store.revisionSession(now: evening, timeZone: tokyo, using: &random).count == 4)
    try await store.setNewCardsPerDay(0)
    #expect(try await store.revisionSession(now: tomorrow, timeZone: utc, using: &random).isEmpty)
    await #expect(throws: PhrasebookError.badNewCardLimit(-1)) { try await store.setNewCardsPerDay(-1) }
    #expect(try await store.newCardsPerDay() == 0, "a refused limit changes nothing")
  }
}
