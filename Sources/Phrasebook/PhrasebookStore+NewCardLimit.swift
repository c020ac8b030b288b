import Foundation
import GRDB

/// The daily limit of new cards (Anki's "new cards/day"): one setting for every phrasebook,
/// counted in each phrasebook from its review log, so a second session on the same day only
/// brings what the first left.
extension PhrasebookStore {
  /// The limit when none is set (Anki's default).
  public static let defaultNewCardsPerDay = 20
  /// The highest limit accepted.
  public static let maxNewCardsPerDay = 9_999

  /// New cards a day may bring.
  public func newCardsPerDay() async throws -> Int {
    try await writer.read { db in try Self.newCardsPerDay(db) }
  }

  /// Sets the daily limit of new cards (0 for none at all).
  @discardableResult
  public func setNewCardsPerDay(_ limit: Int) async throws -> Int {
    guard (0...Self.maxNewCardsPerDay).contains(limit) else { throw PhrasebookError.badNewCardLimit(limit) }
    try await writer.write { db in
      try db.execute(
        sql: "INSERT INTO RevisionSettings (name, value) VALUES ('newCardsPerDay', ?) "
          + "ON CONFLICT(name) DO UPDATE SET value = excluded.value", arguments: [limit])
    }
    return limit
  }

  static func newCardsPerDay(_ db: Database) throws -> Int {
    try Int.fetchOne(db, sql: "SELECT value FROM RevisionSettings WHERE name = 'newCardsPerDay'")
      ?? defaultNewCardsPerDay
  }

  /// Cards of the phrasebook seen for the first time since `dayStart`.
  static func newCardsSeen(_ db: Database, phrasebookID: Int64, since dayStart: Date) throws -> Int {
    try Int.fetchOne(
      db,
      sql: """
        SELECT COUNT(*) FROM Reviews JOIN Cards ON Cards.id = cardID JOIN WordPairs ON WordPairs.id = Cards.pairID
        WHERE phrasebookID = ? AND Reviews.before IS NULL AND reviewedAt >= ?
        """, arguments: [phrasebookID, dayStart]) ?? 0
  }
}
