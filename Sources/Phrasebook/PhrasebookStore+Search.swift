import AppSupport
import Foundation
import GRDB

/// Search as you type: every match of what the user typed, or one page of them with a total
/// counted up to a cap. Pairs holding what was typed come first, each group alphabetical.
extension PhrasebookStore {
  /// How many matches a page of search results counts at most; past it the total reads "more
  /// than" this many (`SearchPage.capped`).
  public static let searchCountCap = 1000

  /// Every pair matching what the user typed (diacritics folded, each word a prefix), those whose
  /// words, context or note hold it with the exact diacritics first, each group alphabetical.
  /// Every match is returned.
  public func search(
    _ typed: String, in phrasebook: String? = nil, stems: @escaping Stems = noStems
  ) async throws -> [TaggedPair] {
    try await searchPage(typed, in: phrasebook, stems: stems).pairs
  }

  /// One page of `search`: `limit` matches from `offset` (all when nil), with the total, exact up
  /// to `searchCountCap` matches and `capped` past it. A Welsh word also finds its radicals
  /// (`gath` finds `cath`) and any of its `stems` in either language.
  public func searchPage(
    _ typed: String, in phrasebook: String? = nil, offset: Int = 0, limit: Int? = nil,
    stems: @escaping Stems = noStems
  ) async throws -> SearchPage {
    try await searchPage(
      typed, in: phrasebook, offset: offset, limit: limit, stems: stems, countCap: Self.searchCountCap)
  }

  /// `searchPage` with the cap given (tests take small ones to reach the alphabetical scan).
  ///
  /// Up to the cap, the index's matches are read once (narrow rows), sorted and sliced, which
  /// gives the exact total. Past it, a page of the pairs holding what was typed is found by walking
  /// the alphabetical index and keeping the index's matches: with more than `countCap` matches
  /// that walk is short. Should that group end before the page is full, the index orders every
  /// match, as `search` does.
  func searchPage(
    _ typed: String, in phrasebook: String?, offset: Int, limit: Int?, stems: @escaping Stems, countCap: Int
  ) async throws -> SearchPage {
    let needle = typed.trimmed.nfc.lowercased()
    return try await writer.read { db in
      let book = try Self.phrasebook(db, phrasebook)
      let languages = [book.languageOneCode, book.languageTwoCode]
      let alternatives = searchAlternatives(languages: languages) { word in languages.flatMap { stems(word, $0) } }
      guard let query = SearchQuery(typed, alternatives: alternatives) else { return SearchPage(total: 0, pairs: []) }
      let search = MatchQueries(book: book.id!, fts: query.fts, needle: needle)
      let ids: [Int64]
      var total: Int
      var capped = false
      if let limit {
        let counted = try search.firstMatches(db, upTo: countCap + 1)
        if counted.count <= countCap {
          ids = counted.sorted(by: MatchQueries.precedes).dropFirst(offset).prefix(limit).map(\.id)
          total = counted.count
        } else {
          let scanned = try search.exactInOrder(db, count: offset + limit)
          ids = try scanned.map { Array($0.dropFirst(offset)) } ?? search.allInOrder(db, offset: offset, limit: limit)
          (total, capped) = (countCap, true)
        }
      } else {
        ids = try search.allInOrder(db, offset: offset, limit: nil)
        total = offset == 0 ? ids.count : try search.count(db)
      }
      let pairs = Dictionary(uniqueKeysWithValues: try WordPair.fetchAll(db, keys: ids).map { ($0.id!, $0) })
      return SearchPage(total: total, capped: capped, pairs: try Self.withTags(db, ids.compactMap { pairs[$0] }))
    }
  }
}

/// The SQL of one search in one phrasebook. The CROSS JOINs keep SQLite from scanning every pair
/// of the phrasebook and testing each against the index (it chose that plan and took 85 ms for 27
/// matches among 20,000 pairs), and the scan from sorting.
struct MatchQueries {
  let book: Int64
  let fts: String
  let needle: String

  /// A match: its id, whether its text lacks what was typed (exact diacritics), its sort key.
  struct Match {
    let id: Int64
    let inexact: Bool
    let sortKey: Data
  }

  /// The order of results: pairs holding what was typed first, then alphabetical, then by id.
  static func precedes(_ a: Match, _ b: Match) -> Bool {
    if a.inexact != b.inexact { return !a.inexact }
    if a.sortKey != b.sortKey { return a.sortKey.lexicographicallyPrecedes(b.sortKey) }
    return a.id < b.id
  }

  private static let matches = """
    FROM PairSearch CROSS JOIN WordPairs ON WordPairs.id = PairSearch.rowid
    WHERE PairSearch MATCH ? AND WordPairs.phrasebookID = ?
    """
  private static let inexact = """
    instr(lower(WordPairs.wordOne || ' ' || WordPairs.wordTwo || ' ' || WordPairs.context || ' '
      || WordPairs.note), ?) = 0
    """

  /// Up to `count` matches in the index's order (not the results' order).
  func firstMatches(_ db: Database, upTo count: Int) throws -> [Match] {
    try Row.fetchAll(
      db.cachedStatement(sql: "SELECT WordPairs.id, \(Self.inexact), WordPairs.sortKey \(Self.matches) LIMIT ?"),
      arguments: [needle, fts, book, count]
    ).map { Match(id: $0[0], inexact: $0[1], sortKey: $0[2]) }
  }

  /// The ids of the first `count` matches holding what was typed, alphabetical: the index's
  /// matches (of every phrasebook) are read as a bit set, then the alphabetical index is walked
  /// and only its members' text is read. Nil when the phrasebook has fewer.
  func exactInOrder(_ db: Database, count: Int) throws -> [Int64]? {
    guard count > 0 else { return [] }
    let members = try matchSet(db)
    let exact = try db.cachedStatement(sql: "SELECT NOT \(Self.inexact) FROM WordPairs WHERE id = ?")
    let walk = try Int64.fetchCursor(
      db.cachedStatement(sql: "SELECT id FROM WordPairs WHERE phrasebookID = ? ORDER BY sortKey, id"),
      arguments: [book])
    var ids: [Int64] = []
    while let id = try walk.next() {
      guard members.contains(id), try Bool.fetchOne(exact, arguments: [needle, id]) == true else { continue }
      ids.append(id)
      if ids.count == count { return ids }
    }
    return nil
  }

  /// The ids of every pair the index matches, in any phrasebook. (Its entries' rowids are pair
  /// ids; `max(rowid)` of the FTS table itself would read every entry.)
  private func matchSet(_ db: Database) throws -> RowIDSet {
    var set = RowIDSet(upTo: try Int64.fetchOne(db, sql: "SELECT max(id) FROM WordPairs") ?? 0)
    let ids = try Int64.fetchCursor(
      db.cachedStatement(sql: "SELECT rowid FROM PairSearch WHERE PairSearch MATCH ?"), arguments: [fts])
    while let id = try ids.next() { set.insert(id) }
    return set
  }

  /// The ids of `limit` matches from `offset` (all when nil) in the results' order, ordered by SQLite.
  func allInOrder(_ db: Database, offset: Int, limit: Int?) throws -> [Int64] {
    try Int64.fetchAll(
      db,
      sql:
        "SELECT WordPairs.id \(Self.matches) ORDER BY \(Self.inexact), WordPairs.sortKey, WordPairs.id LIMIT ? OFFSET ?",
      arguments: [fts, book, needle, limit ?? -1, offset])
  }

  /// How many pairs match.
  func count(_ db: Database) throws -> Int {
    try Int.fetchOne(db, sql: "SELECT COUNT(*) \(Self.matches)", arguments: [fts, book]) ?? 0
  }
}

/// A set of row ids from 1 to a known maximum, one bit each: filling it with tens of thousands
/// of ids costs far less than a `Set`.
struct RowIDSet {
  private var words: [UInt64]

  init(upTo maximum: Int64) { words = Array(repeating: 0, count: Int(max(maximum, 0)) / 64 + 1) }

  mutating func insert(_ id: Int64) {
    guard id >= 0, Int(id) / 64 < words.count else { return }
    words[Int(id) / 64] |= 1 << UInt64(id % 64)
  }

  func contains(_ id: Int64) -> Bool {
    id >= 0 && Int(id) / 64 < words.count && words[Int(id) / 64] & (1 << UInt64(id % 64)) != 0
  }
}
