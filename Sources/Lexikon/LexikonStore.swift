import AppSupport
import Foundation
import GRDB

/// Owns `lexikon.sqlite`: the cache of looked-up words per direction and the screen's last state.
/// Every public method is one transaction.
public final class LexikonStore: Sendable {
  let writer: any DatabaseWriter

  /// Opens (creating and migrating as needed) the data folder's `lexikon.sqlite`.
  public convenience init(dataFolder: DataFolder) throws {
    try self.init(path: try dataFolder.database("lexikon.sqlite"))
  }

  /// Opens (creating and migrating as needed) the database file at `path`.
  public convenience init(path: String) throws {
    var configuration = Configuration()
    configuration.busyMode = .timeout(5)
    try self.init(writer: DatabasePool(path: path, configuration: configuration))
  }

  /// A store in memory, for tests.
  public static func inMemory() throws -> LexikonStore { try LexikonStore(writer: DatabaseQueue()) }

  init(writer: any DatabaseWriter) throws {
    self.writer = writer
    try LexikonMigrations.migrator.migrate(writer)
  }

  /// The cached word, counting the lookup (nil when it is not cached).
  public func lookUp(_ word: String, direction: String) async throws -> CachedWord? {
    try await writer.write { db in
      guard var cached = try Self.cached(db, word, direction: direction) else { return nil }
      cached.lookupCount += 1
      try cached.update(db, columns: ["lookupCount"])
      return cached
    }
  }

  /// The cached word without counting a lookup.
  public func cached(_ word: String, direction: String) async throws -> CachedWord? {
    try await writer.read { db in try Self.cached(db, word, direction: direction) }
  }

  private static func cached(_ db: Database, _ word: String, direction: String) throws -> CachedWord? {
    try CachedWord.filter(CachedWord.Columns.direction == direction && CachedWord.Columns.key == CachedWord.key(word))
      .fetchOne(db)
  }

  /// Stores fresh entries for a word (insert, or replace the entries of the same word and count
  /// the lookup); `looked` is the word as asked, `entries` are what the dictionary answered.
  @discardableResult
  public func store(_ entries: [DictEntry], for looked: String, direction: String, at date: Date = Date())
    async throws -> CachedWord
  {
    let row = try Self.row(looked, entries)
    return try await writer.write { db in
      try Self.upsert([row], direction: direction, at: date, db)
      return try Self.cached(db, row.word, direction: direction)!
    }
  }

  /// Stores many words' entries in one transaction, as `store(_:for:direction:at:)` does each.
  public func store(_ lookups: [(looked: String, entries: [DictEntry])], direction: String, at date: Date = Date())
    async throws
  {
    let rows = try lookups.map { try Self.row($0.looked, $0.entries) }
    try await writer.write { db in try Self.upsert(rows, direction: direction, at: date, db) }
  }

  /// The word to store (the first entry's headword when it is the word asked, in its spelling)
  /// and the entries as JSON.
  private static func row(_ looked: String, _ entries: [DictEntry]) throws -> (word: String, json: String) {
    let headword = entries.first?.headword
    let word = headword.flatMap { CachedWord.key($0) == CachedWord.key(looked) ? $0 : nil } ?? looked.trimmed.nfc
    return (word, String(decoding: try JSONEncoder().encode(entries), as: UTF8.self))
  }

  /// Inserts or replaces the entries: one row per (direction, word), its lookup count kept.
  private static func upsert(_ rows: [(word: String, json: String)], direction: String, at date: Date, _ db: Database)
    throws
  {
    let statement = try db.cachedStatement(
      sql: """
        INSERT INTO CachedWords (direction, word, key, folded, entries, fetchedAt, lookupCount)
        VALUES (?, ?, ?, ?, ?, ?, 1)
        ON CONFLICT (direction, key) DO UPDATE SET
          word = excluded.word, folded = excluded.folded, entries = excluded.entries,
          fetchedAt = excluded.fetchedAt, lookupCount = lookupCount + 1
        """)
    for row in rows {
      try statement.execute(
        arguments: [direction, row.word, CachedWord.key(row.word), CachedWord.folded(row.word), row.json, date])
    }
  }

  /// The cached words of a direction whose folded form starts with the folded `prefix`: exact
  /// matches first, then alphabetical; at most `limit`.
  public func filter(_ prefix: String, direction: String, limit: Int = 50) async throws -> CachePage {
    let folded = CachedWord.folded(prefix)
    return try await writer.read { db in
      let columns = "word, fetchedAt, lookupCount"
      let exact =
        folded.isEmpty
        ? []
        : try CachedWordSummary.fetchAll(
          db, sql: "SELECT \(columns) FROM CachedWords WHERE direction = ? AND folded = ? ORDER BY word LIMIT ?",
          arguments: [direction, folded, limit + 1])
      let rest = try CachedWordSummary.fetchAll(
        db,
        sql: """
          SELECT \(columns) FROM CachedWords WHERE direction = ? AND folded > ? AND folded < ?
          ORDER BY folded, word LIMIT ?
          """,
        arguments: [direction, folded, folded + "\u{10FFFF}", limit + 1 - min(exact.count, limit + 1)])
      let words = exact + rest
      return CachePage(words: Array(words.prefix(limit)), more: words.count > limit)
    }
  }

  /// The directions that have cached words, with their counts.
  public func directions() async throws -> [String: Int] {
    try await writer.read { db in
      let rows = try Row.fetchAll(db, sql: "SELECT direction, count(*) AS n FROM CachedWords GROUP BY direction")
      return Dictionary(uniqueKeysWithValues: rows.map { ($0["direction"] as String, $0["n"] as Int) })
    }
  }

  /// Removes one cached word; false when it was not cached.
  @discardableResult
  public func forget(_ word: String, direction: String) async throws -> Bool {
    try await writer.write { db in
      try CachedWord.filter(CachedWord.Columns.direction == direction && CachedWord.Columns.key == CachedWord.key(word))
        .deleteAll(db)
        > 0
    }
  }

  /// Removes every cached word of a direction; returns how many.
  @discardableResult
  public func clear(direction: String) async throws -> Int {
    try await writer.write { db in try CachedWord.filter(CachedWord.Columns.direction == direction).deleteAll(db) }
  }

  /// The screen's last state (empty on first use).
  public func state() async throws -> LexikonState {
    try await writer.read { db in
      guard let json = try String.fetchOne(db, sql: "SELECT state FROM State WHERE id = 1") else {
        return LexikonState(direction: nil, query: "", word: nil)
      }
      return try JSONDecoder().decode(LexikonState.self, from: Data(json.utf8))
    }
  }

  /// Remembers the screen's state.
  public func saveState(_ state: LexikonState) async throws {
    let clean = LexikonState(direction: state.direction, query: state.query.nfc, word: state.word?.nfc)
    let json = String(decoding: try JSONEncoder().encode(clean), as: UTF8.self)
    try await writer.write { db in
      try db.execute(sql: "INSERT OR REPLACE INTO State (id, state) VALUES (1, ?)", arguments: [json])
    }
  }
}
