import Foundation

/// Which side of a pair is the prompt: forward shows wordOne and asks for wordTwo.
public enum Direction: String, Codable, Sendable, CaseIterable {
  /// Prompt with wordOne, answer wordTwo.
  case forward
  /// Prompt with wordTwo, answer wordOne.
  case reverse

  /// The word shown as the prompt.
  public func prompt(_ pair: WordPair) -> String { self == .forward ? pair.wordOne : pair.wordTwo }

  /// The word to recall.
  public func answer(_ pair: WordPair) -> String { self == .forward ? pair.wordTwo : pair.wordOne }
}

/// Which cards a revision session takes; nil means any.
public struct RevisionFilter: Sendable, Equatable {
  /// Only this direction.
  public var direction: Direction?
  /// Only pairs with this tag.
  public var tag: String?
  /// Only pairs of this area.
  public var area: String?

  /// A filter; every field optional.
  public init(direction: Direction? = nil, tag: String? = nil, area: String? = nil) {
    self.direction = direction
    self.tag = tag
    self.area = area
  }
}

/// One card of a revision session: a pair seen from one side, its schedule and its record.
public struct RevisionCard: Codable, Sendable, Equatable {
  /// The pair with its tags.
  public let pair: TaggedPair
  /// Which side is the prompt.
  public let direction: Direction
  /// Its schedule; nil for a card never reviewed.
  public let schedule: CardSchedule?
  /// How many times it was reviewed.
  public let reviews: Int
  /// How many of those were not "again".
  public let recalled: Int

  /// The word shown.
  public var prompt: String { direction.prompt(pair.pair) }
  /// The word to recall.
  public var answer: String { direction.answer(pair.pair) }
  /// Share of reviews recalled (nil before the first review): the seed's accuracy per pair.
  public var accuracy: Double? { reviews == 0 ? nil : Double(recalled) / Double(reviews) }
  /// True for a card never reviewed.
  public var isNew: Bool { schedule == nil }
}

/// What is waiting in one direction.
public struct DueCount: Codable, Sendable, Equatable {
  /// The direction.
  public let direction: Direction
  /// Reviewed cards due now.
  public let due: Int
  /// Cards never reviewed.
  public let new: Int
}

/// A review as the log keeps it.
public struct ReviewRecord: Codable, Sendable, Equatable {
  /// When it happened.
  public let reviewedAt: Date
  /// The grade given.
  public let rating: Rating
  /// The card before (nil for its first review).
  public let before: CardSchedule?
  /// The card after.
  public let after: CardSchedule
}

/// Orders a session: due cards by due time, then at most `newCards` new cards shuffled by
/// `generator`, so the order is never the same twice (the seed's wish).
public func sessionOrder(
  _ cards: [RevisionCard], newCards: Int = .max, using generator: inout some RandomNumberGenerator
) -> [RevisionCard] {
  let due = cards.filter { !$0.isNew }.sorted { $0.schedule!.due < $1.schedule!.due }
  return due + cards.filter(\.isNew).shuffled(using: &generator).prefix(max(0, newCards))
}

/// How far ahead a session shows a learning card when nothing else is left (Anki's "learn ahead
/// limit", 20 minutes).
public let learnAheadLimit: TimeInterval = 20 * 60

/// True when a card just reviewed comes back in the same session, as in Anki: it is in a
/// learning or relearning step (rated Again, or not yet graduated) due within the learn-ahead
/// limit of the review.
public func comesBackInSession(_ card: CardSchedule, reviewedAt: Date) -> Bool {
  card.state != .review && card.due <= reviewedAt.addingTimeInterval(learnAheadLimit)
}
