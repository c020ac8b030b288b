import Foundation
import Phrasebook
import TestSupport
import Testing

/// FSRS-6 must schedule exactly as the reference implementation, PyPI `fsrs` 6.x, does.
@Suite struct FSRSAgreementTests {
  struct Review: Codable { let rating: Int; let at: Double }
  struct Expected: Codable {
    let state: Int; let step: Int?; let stability: Double; let difficulty: Double; let due: Double
  }

  /// Review sequences with every rating, reviews early, on time, late and on the same day.
  static func scriptedSequences(count: Int, seed: UInt64) -> [[Review]] {
    var random = SeededGenerator(seed: seed)
    let start = 1_767_225_600.0  // 2026-01-01T00:00:00Z
    return (0..<count).map { _ in
      let length = Int.random(in: 1...14, using: &random)
      var at = start + Double(Int.random(in: 0..<86_400, using: &random))
      var reviews: [Review] = []
      for _ in 0..<length {
        reviews.append(Review(rating: Int.random(in: 1...4, using: &random), at: at))
        let gap: Double =
          switch Int.random(in: 0..<4, using: &random) {
          case 0: Double(Int.random(in: 30...3_600, using: &random))  // same session
          case 1: Double(Int.random(in: 1...3, using: &random) * 86_400)  // days
          case 2: Double(Int.random(in: 4...400, using: &random) * 86_400 + Int.random(in: 0..<86_400, using: &random))
          default: Double(Int.random(in: 600...200_000, using: &random))  // around a day boundary
          }
        at += gap
      }
      return reviews
    }
  }

  @Test func agreesWithPyFSRSOnStabilityDifficultyStateAndDue() throws {
    let sequences = Self.scriptedSequences(count: 400, seed: 2026)
    let output = try runPythonScript("fsrs_replay.py", input: try JSONEncoder().encode(sequences))
    let expected = try JSONDecoder().decode([[Expected]].self, from: output)
    #expect(expected.count == sequences.count)
    let scheduler = FSRSScheduler()
    var compared = 0
    for (sequence, reference) in zip(sequences, expected) {
      var card = CardSchedule.new(due: Date(timeIntervalSince1970: sequence[0].at))
      for (review, want) in zip(sequence, reference) {
        card = scheduler.review(
          card, rating: Rating(rawValue: review.rating)!, at: Date(timeIntervalSince1970: review.at))
        #expect(card.state.rawValue == want.state)
        #expect(card.step == want.step)
        #expect(abs(card.stability! - want.stability) <= 1e-9 * want.stability)
        #expect(abs(card.difficulty! - want.difficulty) <= 1e-9 * want.difficulty)
        #expect(abs(card.due.timeIntervalSince1970 - want.due) < 1)
        compared += 1
      }
    }
    #expect(compared > 2_000)
  }

  @Test func firstReviewsFollowTheLearningSteps() {
    let scheduler = FSRSScheduler()
    let start = Date(timeIntervalSince1970: 1_767_225_600)
    let good = scheduler.review(.new(due: start), rating: .good, at: start)
    #expect(good.state == .learning && good.step == 1 && good.due == start.addingTimeInterval(600))
    let hard = scheduler.review(.new(due: start), rating: .hard, at: start)
    #expect(hard.step == 0 && hard.due == start.addingTimeInterval(330))
    let again = scheduler.review(.new(due: start), rating: .again, at: start)
    #expect(again.due == start.addingTimeInterval(60))
    let easy = scheduler.review(.new(due: start), rating: .easy, at: start)
    #expect(easy.state == .review && easy.step == nil && easy.stability == FSRSScheduler.defaultParameters[3])
  }
}
