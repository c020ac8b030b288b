import Foundation

/// How well the user recalled a card (FSRS's four grades). The seed's "correct" is `.good`,
/// its "false" is `.again`.
public enum Rating: Int, Codable, Sendable, CaseIterable {
  /// Forgot.
  case again = 1
  /// Recalled with difficulty.
  case hard = 2
  /// Recalled.
  case good = 3
  /// Recalled at once.
  case easy = 4

  /// Parses `again`, `hard`, `good`, `easy` (and the seed's `correct` / `false`).
  public init?(name: String) {
    switch name.lowercased() {
    case "again", "false", "wrong": self = .again
    case "hard": self = .hard
    case "good", "correct", "right": self = .good
    case "easy": self = .easy
    default: return nil
    }
  }

  /// The lowercase name.
  public var name: String { String(describing: self) }
}

/// Where a card is in its learning (FSRS's states, numbered as py-fsrs numbers them).
public enum CardState: Int, Codable, Sendable {
  /// New or going through the learning steps.
  case learning = 1
  /// Graduated: scheduled in days.
  case review = 2
  /// Forgotten after graduating: going through the relearning steps.
  case relearning = 3

  /// The lowercase name.
  public var name: String { String(describing: self) }
}

/// A card's memory state and due time: what FSRS reads and writes on each review.
public struct CardSchedule: Codable, Sendable, Equatable {
  /// Learning, review or relearning.
  public var state: CardState
  /// The learning or relearning step; nil in review.
  public var step: Int?
  /// Days for retrievability to fall to 90 %; nil before the first review.
  public var stability: Double?
  /// 1 (easy) to 10 (hard); nil before the first review.
  public var difficulty: Double?
  /// When the card should next be shown.
  public var due: Date
  /// When it was last reviewed.
  public var lastReview: Date?

  /// A card never reviewed, due at `due`.
  public static func new(due: Date) -> CardSchedule {
    CardSchedule(state: .learning, step: 0, stability: nil, difficulty: nil, due: due, lastReview: nil)
  }
}

/// The Free Spaced Repetition Scheduler, version 6, as the reference implementation (PyPI `fsrs`
/// 6.x, `Scheduler(enable_fuzzing=False)`) computes it: same formulas, same order of floating-point
/// operations, whole days counted by flooring, intervals rounded half to even as Python does.
public struct FSRSScheduler: Sendable {
  /// The 21 model weights.
  public let parameters: [Double]
  /// The recall probability intervals aim for.
  public let desiredRetention: Double
  /// Steps of a new card, in seconds.
  public let learningSteps: [TimeInterval]
  /// Steps of a forgotten card, in seconds.
  public let relearningSteps: [TimeInterval]
  /// The longest interval, in days.
  public let maximumInterval: Int

  /// FSRS-6's published default weights.
  public static let defaultParameters: [Double] = [
    0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629,
    1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
  ]

  private static let minimumStability = 0.001
  private static let secondsPerDay: TimeInterval = 86_400
  private var decay: Double { -parameters[20] }
  private var factor: Double { pow(0.9, 1 / decay) - 1 }

  /// The scheduler the issue asks for: default weights, retention 0.9, steps 1 min and 10 min,
  /// relearning 10 min, no fuzz.
  public init(
    parameters: [Double] = FSRSScheduler.defaultParameters, desiredRetention: Double = 0.9,
    learningSteps: [TimeInterval] = [60, 600], relearningSteps: [TimeInterval] = [600], maximumInterval: Int = 36_500
  ) {
    precondition(parameters.count == 21, "FSRS-6 has 21 parameters")
    self.parameters = parameters
    self.desiredRetention = desiredRetention
    self.learningSteps = learningSteps
    self.relearningSteps = relearningSteps
    self.maximumInterval = maximumInterval
  }

  /// The card after a review with `rating` at `date`.
  public func review(_ card: CardSchedule, rating: Rating, at date: Date) -> CardSchedule {
    var card = card
    let elapsedDays = card.lastReview.map { Self.wholeDays(from: $0, to: date) }
    if let stability = card.stability, let difficulty = card.difficulty {
      if let elapsedDays, elapsedDays < 1 {
        card.stability = shortTermStability(stability, rating)
      } else {
        let recall = retrievability(stability: stability, elapsedDays: max(0, elapsedDays ?? 0))
        card.stability = nextStability(difficulty: difficulty, stability: stability, retrievability: recall, rating)
      }
      card.difficulty = nextDifficulty(difficulty, rating)
    } else {
      card.stability = clampStability(parameters[rating.rawValue - 1])
      card.difficulty = clampDifficulty(initialDifficulty(rating))
    }
    let interval: TimeInterval
    switch card.state {
    case .learning: interval = advanceSteps(&card, steps: learningSteps, rating)
    case .relearning: interval = advanceSteps(&card, steps: relearningSteps, rating)
    case .review:
      if rating == .again, !relearningSteps.isEmpty {
        card.state = .relearning
        card.step = 0
        interval = relearningSteps[0]
      } else {
        interval = days(nextIntervalDays(card.stability!))
      }
    }
    card.due = date.addingTimeInterval(interval)
    card.lastReview = date
    return card
  }

  /// The probability of recalling a card at `date` (0 for a card never reviewed).
  public func retrievability(of card: CardSchedule, at date: Date) -> Double {
    guard let lastReview = card.lastReview, let stability = card.stability else { return 0 }
    return retrievability(stability: stability, elapsedDays: max(0, Self.wholeDays(from: lastReview, to: date)))
  }

  // MARK: Steps

  /// Moves a learning or relearning card through its steps; returns the interval to its due time.
  private func advanceSteps(_ card: inout CardSchedule, steps: [TimeInterval], _ rating: Rating) -> TimeInterval {
    let step = card.step ?? 0
    if steps.isEmpty || (step >= steps.count && rating != .again) {
      return graduate(&card)
    }
    switch rating {
    case .again:
      card.step = 0
      return steps[0]
    case .hard:
      if step == 0 { return steps.count == 1 ? steps[0] * 1.5 : (steps[0] + steps[1]) / 2 }
      return steps[step]
    case .good:
      if step + 1 == steps.count { return graduate(&card) }
      card.step = step + 1
      return steps[step + 1]
    case .easy:
      return graduate(&card)
    }
  }

  private func graduate(_ card: inout CardSchedule) -> TimeInterval {
    card.state = .review
    card.step = nil
    return days(nextIntervalDays(card.stability!))
  }

  private func days(_ count: Int) -> TimeInterval { TimeInterval(count) * Self.secondsPerDay }

  /// Whole days between two times, floored like Python's `timedelta.days`.
  static func wholeDays(from start: Date, to end: Date) -> Int {
    Int((end.timeIntervalSince(start) / secondsPerDay).rounded(.down))
  }

  // MARK: Formulas

  private func retrievability(stability: Double, elapsedDays: Int) -> Double {
    pow(1 + factor * Double(elapsedDays) / stability, decay)
  }

  private func nextIntervalDays(_ stability: Double) -> Int {
    let raw = (stability / factor) * (pow(desiredRetention, 1 / decay) - 1)
    return min(max(Int(raw.rounded(.toNearestOrEven)), 1), maximumInterval)
  }

  private func clampStability(_ value: Double) -> Double { max(value, Self.minimumStability) }

  private func clampDifficulty(_ value: Double) -> Double { min(max(value, 1), 10) }

  private func initialDifficulty(_ rating: Rating) -> Double {
    parameters[4] - pow(M_E, parameters[5] * Double(rating.rawValue - 1)) + 1
  }

  private func shortTermStability(_ stability: Double, _ rating: Rating) -> Double {
    var increase =
      pow(M_E, parameters[17] * (Double(rating.rawValue) - 3 + parameters[18])) * pow(stability, -parameters[19])
    if rating != .again { increase = max(increase, 1) }
    return clampStability(stability * increase)
  }

  private func nextDifficulty(_ difficulty: Double, _ rating: Rating) -> Double {
    let delta = -(parameters[6] * (Double(rating.rawValue) - 3))
    let damped = difficulty + (10 - difficulty) * delta / 9
    return clampDifficulty(parameters[7] * initialDifficulty(.easy) + (1 - parameters[7]) * damped)
  }

  private func nextStability(difficulty: Double, stability: Double, retrievability: Double, _ rating: Rating) -> Double
  {
    if rating == .again {
      let longTerm =
        parameters[11] * pow(difficulty, -parameters[12]) * (pow(stability + 1, parameters[13]) - 1)
        * pow(M_E, (1 - retrievability) * parameters[14])
      let shortTerm = stability / pow(M_E, parameters[17] * parameters[18])
      return clampStability(min(longTerm, shortTerm))
    }
    let hardPenalty = rating == .hard ? parameters[15] : 1
    let easyBonus = rating == .easy ? parameters[16] : 1
    return clampStability(
      stability
        * (1 + pow(M_E, parameters[8]) * (11 - difficulty) * pow(stability, -parameters[9])
          * (pow(M_E, (1 - retrievability) * parameters[10]) - 1) * hardPenalty * easyBonus))
  }
}
