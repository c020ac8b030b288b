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
    try writer.write(Self.fillSortKeys)
  }

  /// The collation of a direction's headword language (`swe-eng` → Swedish).
  static func collation(_ direction: String) -> LanguageCollation {
    LanguageCollation.forLanguage(Languages.shortCode(String(direction.prefix { $0 != "-" })))
  }

  /// Gives every row without one (older caches) its sort key and letter, and every row new ones
  /// when ICU's version changed since they were made.
  private static func fillSortKeys(_ db: Database) throws {
    let made = try String.fetchOne(db, sql: "SELECT value FROM Meta WHERE name = 'icu'")
    let condition = made == LanguageCollation.icuVersion ? "WHERE sortKey IS NULL" : ""
    let rows = try Row.fetchAll(db, sql: "SELECT id, direction, word FROM CachedWords \(condition)")
    let update = try db.cachedStatement(sql: "UPDATE CachedWords SET sortKey = ?, letter = ? WHERE id = ?")
    for row in rows {
      let collation = collation(row["direction"])
      let word: String = row["word"]
      try update.execute(arguments: [Data(collation.key(word)), collation.letter(of: word), row["id"] as Int64])
    }
    try db.execute(
      sql: "INSERT OR REPLACE INTO Meta (name, value) VALUES ('icu', ?)", arguments: [LanguageCollation.icuVersion])
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

  /// The word to store (the first entry's headword when it is the word asked but for letter case,
  /// in its spelling) and the entries as JSON. A headword that differs in punctuation too (dictd's
  /// index drops it: `järn` finds `järn‐`) is not taken, so the word asked stays the cache key that
  /// the next lookup and `cached` find.
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
        INSERT INTO CachedWords (direction, word, key, folded, entries, fetchedAt, lookupCount, sortKey, letter)
        VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)
        ON CONFLICT (direction, key) DO UPDATE SET
          word = excluded.word, folded = excluded.folded, entries = excluded.entries,
          fetchedAt = excluded.fetchedAt, lookupCount = lookupCount + 1, sortKey = excluded.sortKey,
          letter = excluded.letter
        """)
    let collation = collation(direction)
    for row in rows {
      try statement.execute(
        arguments: [
          direction, row.word, CachedWord.key(row.word), CachedWord.folded(row.word), row.json, date,
          Data(collation.key(row.word)), collation.letter(of: row.word),
        ])
    }
  }

  /// How far down the list a filter's page may reach and still be read on the calling thread.
  static let quickReach = 1_000

  /// The cached words of a direction whose folded form starts with the folded `prefix` (all of
  /// them for an empty prefix): exact matches first, then in the language's alphabetical order;
  /// `limit` of them from `offset` on.
  public func filter(_ prefix: String, direction: String, offset: Int = 0, limit: Int = 50) async throws -> CachePage {
    let folded = CachedWord.folded(prefix)
    let page = max(0, limit)
    let start = max(0, offset)
    // A page near the top, which the list asks for at every key, is read on the calling thread.
    return try await writer.read(onThisThreadIf: start + page <= Self.quickReach) { db in
      let ids =
        folded.unicodeScalars.count == 1
        ? try Self.idsStarting(with: folded, direction: direction, from: start, count: page + 1, db)
        : try Int64.fetchAll(
          db.cachedStatement(
            sql: folded.isEmpty
              ? "SELECT id FROM CachedWords WHERE direction = ?1 ORDER BY sortKey LIMIT ?2 OFFSET ?3"
              : """
              SELECT id FROM CachedWords WHERE direction = ?1 AND folded >= ?4 AND folded < ?5
              ORDER BY folded = ?4 DESC, sortKey LIMIT ?2 OFFSET ?3
              """),
          arguments: folded.isEmpty
            ? [direction, page + 1, start] : [direction, page + 1, start, folded, folded + "\u{10FFFF}"])
      // Only the page's rows are read.
      let words = try CachedWordSummary.fetchAll(
        db.cachedStatement(
          sql: """
            SELECT word, fetchedAt, lookupCount, letter FROM CachedWords
            WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY folded = ?2 DESC, sortKey, word
            """),
        arguments: ["[" + ids.map(String.init).joined(separator: ",") + "]", folded])
      return CachePage(words: Array(words.prefix(page)), more: words.count > page)
    }
  }

  /// `count` ids from `start` of the words whose folded form starts with the one scalar `initial`:
  /// those that are exactly it first, then the rest in alphabetical order, both read in order from
  /// an index (the general range filter sorted the thousands of words under one letter).
  private static func idsStarting(
    with initial: String, direction: String, from start: Int, count: Int, _ db: Database
  ) throws -> [Int64] {
    let exact = try Int64.fetchAll(
      db.cachedStatement(sql: "SELECT id FROM CachedWords WHERE direction = ? AND folded = ? ORDER BY sortKey"),
      arguments: [direction, initial])
    let fromExact = Array(exact.dropFirst(start).prefix(count))
    let rest = try Int64.fetchAll(
      db.cachedStatement(
        sql: """
          SELECT id FROM CachedWords WHERE direction = ? AND substr(folded, 1, 1) = ? AND folded <> ?
          ORDER BY sortKey LIMIT ? OFFSET ?
          """),
      arguments: [direction, initial, initial, count - fromExact.count, max(0, start - exact.count)])
    return fromExact + rest
  }

  /// The letters the direction's cached words are filed under, in alphabetical order, each with
  /// how many words it has and the position of its first in the unfiltered list (a page's offset).
  public func letters(direction: String) async throws -> [CacheLetter] {
    let rows = try await writer.read { db in
      try Row.fetchAll(
        db, sql: "SELECT letter, count(*) AS words FROM CachedWords WHERE direction = ? GROUP BY letter",
        arguments: [direction])
    }
    let collation = Self.collation(direction)
    let counted = rows.map { (letter: ($0["letter"] as String?) ?? "", words: $0["words"] as Int) }
      .sorted { collation.key($0.letter).lexicographicallyPrecedes(collation.key($1.letter)) }
    var offset = 0
    return counted.map { letter in
      defer { offset += letter.words }
      return CacheLetter(letter: letter.letter, words: letter.words, offset: offset)
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
