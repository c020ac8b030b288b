import Foundation
import GRDB

/// Each pair's place in its phrasebook's alphabetical order as a number (`WordPairs.orderKey`),
/// which is also the key of its search entry: the search index then hands out matches in
/// alphabetical order, so a page of results reads its first matches instead of every match.
///
/// A phrasebook's keys lie in its own range (`range(of:)`, so a range of keys also picks the
/// phrasebook) and leave gaps: a new or renamed pair takes a number between its neighbours, and
/// when the gap there is used up the pairs around it are spread out again (`spread`). Keys follow
/// the order of `(sortKey, id)`, which `OrderKeyTests` checks after every kind of change.
public enum PairOrderKeys {
  /// A phrasebook's keys are its id shifted by this many bits, plus the pair's place: room for
  /// 2⁴⁰ places in each of 2²² phrasebooks.
  static let placeBits: Int64 = 40
  /// The gap left between neighbours when keys are handed out afresh.
  public static let spacing: Int64 = 1 << 20

  /// The keys of a phrasebook's pairs: both ends are never used, so they bound every gap.
  public static func range(of book: Int64) -> ClosedRange<Int64> {
    (book << placeBits)...(((book + 1) << placeBits) - 1)
  }

  /// Gives a new or renamed pair (its sort key already stored) a key between its neighbours,
  /// keeping the one it has when it is still between them.
  static func place(_ db: Database, pairID: Int64, book: Int64) throws {
    guard
      let row = try Row.fetchOne(
        db.cachedStatement(sql: "SELECT sortKey, orderKey FROM WordPairs WHERE id = ?"), arguments: [pairID])
    else { return }
    let sortKey: Data = row[0]
    let current: Int64? = row[1]
    let lower = try neighbours(db, of: pairID, sortKey: sortKey, book: book, before: true, count: 1).first?.key
    let upper = try neighbours(db, of: pairID, sortKey: sortKey, book: book, before: false, count: 1).first?.key
    let low = lower ?? range(of: book).lowerBound
    let high = upper ?? range(of: book).upperBound
    if let current, low < current, current < high { return }
    guard high - low >= 2 else { return try spread(db, around: pairID, sortKey: sortKey, book: book) }
    let middle = low + (high - low) / 2
    let key =
      upper == nil ? min(low + spacing, middle) : lower == nil ? max(high - spacing, middle) : middle
    try setKeys(db, [(pairID, key)])
  }

  /// Gives a phrasebook's pairs new keys `spacing` apart (fewer when they would not fit), in order.
  static func renumber(_ db: Database, book: Int64) throws {
    let count = try Int64.fetchOne(db, sql: "SELECT COUNT(*) FROM WordPairs WHERE phrasebookID = ?", arguments: [book])
    let step = min(spacing, (1 << placeBits) / ((count ?? 0) + 2))
    try db.execute(sql: "UPDATE WordPairs SET orderKey = NULL WHERE phrasebookID = ?", arguments: [book])
    try db.execute(
      sql: """
        UPDATE WordPairs SET orderKey = ordered.key FROM (
          SELECT id, ? + ? * row_number() OVER (ORDER BY sortKey, id) AS key FROM WordPairs WHERE phrasebookID = ?
        ) AS ordered WHERE WordPairs.id = ordered.id
        """, arguments: [range(of: book).lowerBound, step, book])
  }

  /// Whether placing this many pairs (an import's) is cheaper by renumbering the phrasebook than by
  /// finding each one's neighbours: when they are many against its size.
  static func renumberingIsCheaper(_ db: Database, placing count: Int, book: Int64) throws -> Bool {
    count * 4
      >= (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM WordPairs WHERE phrasebookID = ?", arguments: [book]) ?? 0)
  }

  /// Spreads out the keys of the pairs around one that has no room, widening the stretch until
  /// its outer neighbours' keys leave at least two numbers per pair.
  private static func spread(_ db: Database, around pairID: Int64, sortKey: Data, book: Int64) throws {
    var width = 16
    while true {
      let before = try neighbours(db, of: pairID, sortKey: sortKey, book: book, before: true, count: width + 1)
      let after = try neighbours(db, of: pairID, sortKey: sortKey, book: book, before: false, count: width + 1)
      let low = before.count > width ? before[width].key : range(of: book).lowerBound
      let high = after.count > width ? after[width].key : range(of: book).upperBound
      let ids = before.prefix(width).reversed().map(\.id) + [pairID] + after.prefix(width).map(\.id)
      let step = (high - low) / Int64(ids.count + 1)
      if step >= 2 || (before.count <= width && after.count <= width) {
        try setKeys(db, ids.enumerated().map { ($1, low + step * Int64($0 + 1)) })
        return
      }
      width *= 4
    }
  }

  /// The pairs just before (or after) a pair in the order, nearest first, with their keys; pairs
  /// without a key yet are passed over.
  private static func neighbours(
    _ db: Database, of pairID: Int64, sortKey: Data, book: Int64, before: Bool, count: Int
  ) throws -> [(id: Int64, key: Int64)] {
    let sql =
      before
      ? """
      SELECT id, orderKey FROM WordPairs WHERE phrasebookID = ? AND (sortKey, id) < (?, ?) AND orderKey IS NOT NULL
      ORDER BY sortKey DESC, id DESC LIMIT ?
      """
      : """
      SELECT id, orderKey FROM WordPairs WHERE phrasebookID = ? AND (sortKey, id) > (?, ?) AND orderKey IS NOT NULL
      ORDER BY sortKey, id LIMIT ?
      """
    return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [book, sortKey, pairID, count])
      .map { ($0[0], $0[1]) }
  }

  /// Sets these pairs' keys, clearing them first so that no key is briefly held twice.
  private static func setKeys(_ db: Database, _ keys: [(id: Int64, key: Int64)]) throws {
    let clear = try db.cachedStatement(sql: "UPDATE WordPairs SET orderKey = NULL WHERE id = ?")
    if keys.count > 1 { for (id, _) in keys { try clear.execute(arguments: [id]) } }
    let set = try db.cachedStatement(sql: "UPDATE WordPairs SET orderKey = ? WHERE id = ?")
    for (id, key) in keys { try set.execute(arguments: [key, id]) }
  }
}
