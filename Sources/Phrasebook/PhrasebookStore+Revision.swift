import Foundation
import GRDB

/// Spaced-repetition revision: cards per pair and direction, scheduled by FSRS, every review logged.
extension PhrasebookStore {
  /// Records one review of a pair in one direction at `date` and returns the card's new schedule.
  /// The card is created on its first review.
  public func review(
    pairID: Int64, direction: Direction, rating: Rating, at date: Date = Date(),
    scheduler: FSRSScheduler = FSRSScheduler()
  ) async throws -> ReviewRecord {
    try await writer.write { db in
      guard try WordPair.fetchOne(db, key: pairID) != nil else { throw PhrasebookError.unknownPairID(pairID) }
      return try Self.recordReview(db, pairID: pairID, direction: direction, rating: rating, at: date, scheduler)
    }
  }

  /// Records one review of the pair with these words (for the command line).
  public func review(
    wordOne: String, wordTwo: String, direction: Direction, rating: Rating, at date: Date = Date(),
    in phrasebook: String? = nil, scheduler: FSRSScheduler = FSRSScheduler()
  ) async throws -> ReviewRecord {
    try await writer.write { db in
      let pair = try Self.findPair(db, book: try Self.phrasebook(db, phrasebook), wordOne: wordOne, wordTwo: wordTwo)
      return try Self.recordReview(db, pairID: pair.id!, direction: direction, rating: rating, at: date, scheduler)
    }
  }

  /// The review log of one card, oldest first.
  public func reviews(pairID: Int64, direction: Direction) async throws -> [ReviewRecord] {
    try await writer.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT Reviews.* FROM Reviews JOIN Cards ON Cards.id = cardID
          WHERE pairID = ? AND direction = ? ORDER BY reviewedAt, Reviews.id
          """, arguments: [pairID, direction.rawValue]
      ).map(Self.reviewRecord)
    }
  }

  /// Cards due and new, per direction.
  public func dueCounts(in phrasebook: String? = nil, now: Date = Date()) async throws -> [DueCount] {
    try await writer.read { db in
      let book = try Self.phrasebook(db, phrasebook)
      let pairCount = try WordPair.filter(WordPair.Columns.phrasebookID == book.id).fetchCount(db)
      return try Direction.allCases.map { direction in
        let row = try Row.fetchOne(
          db,
          sql: """
            SELECT COUNT(*) AS cards, COALESCE(SUM(due <= ?), 0) AS due FROM Cards JOIN WordPairs ON WordPairs.id = pairID
            WHERE phrasebookID = ? AND direction = ?
            """, arguments: [now, book.id, direction.rawValue])!
        return DueCount(direction: direction, due: row["due"], new: pairCount - (row["cards"] as Int))
      }
    }
  }

  /// The cards of a revision session: due cards (earliest first), then new cards in a random order,
  /// as many as the daily limit leaves today (the day as `timeZone` counts it).
  public func revisionSession(
    in phrasebook: String? = nil, filter: RevisionFilter = RevisionFilter(), now: Date = Date(),
    timeZone: TimeZone = .current, using generator: inout some RandomNumberGenerator
  ) async throws -> [RevisionCard] {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let dayStart = calendar.startOfDay(for: now)
    let (candidates, newAllowed) = try await writer.read { db in
      let book = try Self.phrasebook(db, phrasebook)
      var pairs = try WordPair.filter(WordPair.Columns.phrasebookID == book.id).fetchAll(db)
      if let tag = filter.tag {
        let tagID = try Self.tagID(db, book: book, name: tag)
        let tagged = Set(try Int64.fetchAll(db, sql: "SELECT pairID FROM PairTags WHERE tagID = ?", arguments: [tagID]))
        pairs = pairs.filter { tagged.contains($0.id!) }
      }
      if let area = filter.area?.trimmed.nfc {
        guard book.areas.isEmpty || book.areas.contains(area) else {
          throw PhrasebookError.unknownArea(area, known: book.areas)
        }
        pairs = pairs.filter { $0.area == area || $0.area == "Both" && book.areas.contains("Both") }
      }
      let seen = try Self.newCardsSeen(db, phrasebookID: book.id!, since: dayStart)
      return (
        try Self.cards(db, pairs: Self.withTags(db, pairs), directions: filter.direction.map { [$0] }),
        max(0, try Self.newCardsPerDay(db) - seen)
      )
    }
    return sessionOrder(
      candidates.filter { $0.isNew || $0.schedule!.due <= now }, newCards: newAllowed, using: &generator)
  }

  /// Every card of these pairs (new ones included), with its record.
  static func cards(_ db: Database, pairs: [TaggedPair], directions: [Direction]?) throws -> [RevisionCard] {
    guard let phrasebookID = pairs.first?.pair.phrasebookID else { return [] }
    var schedules: [String: (CardSchedule, Int, Int)] = [:]
    for row in try Row.fetchAll(
      db,
      sql: """
        SELECT Cards.*, (SELECT COUNT(*) FROM Reviews WHERE cardID = Cards.id) AS reviews,
          (SELECT COUNT(*) FROM Reviews WHERE cardID = Cards.id AND rating > 1) AS recalled
        FROM Cards JOIN WordPairs ON WordPairs.id = Cards.pairID WHERE WordPairs.phrasebookID = ?
        """, arguments: [phrasebookID])
    {
      schedules["\(row["pairID"] as Int64)/\(row["direction"] as String)"] = (
        try schedule(row), row["reviews"], row["recalled"]
      )
    }
    return pairs.flatMap { pair in
      (directions ?? Direction.allCases).map { direction in
        let known = schedules["\(pair.pair.id!)/\(direction.rawValue)"]
        return RevisionCard(
          pair: pair, direction: direction, schedule: known?.0, reviews: known?.1 ?? 0, recalled: known?.2 ?? 0)
      }
    }
  }

  private static func recordReview(
    _ db: Database, pairID: Int64, direction: Direction, rating: Rating, at date: Date, _ scheduler: FSRSScheduler
  ) throws -> ReviewRecord {
    let row = try Row.fetchOne(
      db, sql: "SELECT * FROM Cards WHERE pairID = ? AND direction = ?", arguments: [pairID, direction.rawValue])
    let before = try row.map(schedule)
    let after = scheduler.review(before ?? .new(due: date), rating: rating, at: date)
    try db.execute(
      sql: """
        INSERT INTO Cards (pairID, direction, state, step, stability, difficulty, due, lastReview)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT(pairID, direction) DO UPDATE SET state = excluded.state, step = excluded.step,
          stability = excluded.stability, difficulty = excluded.difficulty, due = excluded.due,
          lastReview = excluded.lastReview
        """,
      arguments: [
        pairID, direction.rawValue, after.state.rawValue, after.step, after.stability, after.difficulty, after.due,
        after.lastReview,
      ])
    let cardID = try Int64.fetchOne(
      db, sql: "SELECT id FROM Cards WHERE pairID = ? AND direction = ?", arguments: [pairID, direction.rawValue])!
    try db.execute(
      sql: "INSERT INTO Reviews (cardID, reviewedAt, rating, before, after) VALUES (?, ?, ?, ?, ?)",
      arguments: [cardID, date, rating.rawValue, try before.map(json), try json(after)])
    return ReviewRecord(reviewedAt: date, rating: rating, before: before, after: after)
  }

  private static func schedule(_ row: Row) throws -> CardSchedule {
    guard let state = CardState(rawValue: row["state"]) else {
      throw PhrasebookError.corrupt(.unknownCardState(card: row["id"] as Int64? ?? 0, state: row["state"]))
    }
    return CardSchedule(
      state: state, step: row["step"], stability: row["stability"], difficulty: row["difficulty"], due: row["due"],
      lastReview: row["lastReview"])
  }

  private static func reviewRecord(_ row: Row) throws -> ReviewRecord {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .millisecondsSince1970
    let before = (row["before"] as String?).map { Data($0.utf8) }
    return ReviewRecord(
      reviewedAt: row["reviewedAt"], rating: Rating(rawValue: row["rating"]) ?? .again,
      before: try before.map { try decoder.decode(CardSchedule.self, from: $0) },
      after: try decoder.decode(CardSchedule.self, from: Data((row["after"] as String).utf8)))
  }

  private static func json(_ schedule: CardSchedule) throws -> String {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .millisecondsSince1970
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(schedule), as: UTF8.self)
  }
}
