import AppSupport
import Foundation
import GRDB

/// Search as you type: every match of what the user typed, or one page of them with a total
/// counted up to a cap. Pairs holding what was typed come first, each group alphabetical.
extension PhrasebookStore {
  /// How many matches a page of search results counts at most; past it the total reads "more
  /// than" this many (`SearchPage.capped`).
  public static let searchCountCap = 1000

  /// Every pair matching what the user typed (diacritics folded, each word a prefix), those found
  /// by the words as typed with one field (a word, the context, the note or the tags) holding it
  /// with its exact diacritics first, then those found by another form (a radical, a stem) or
  /// other diacritics, each group alphabetical. Every match is returned.
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

  /// `searchPage` with the cap given (tests take small ones).
  ///
  /// The index's entries are keyed by the pairs' places in the alphabet (`PairOrderKeys`), so it
  /// hands out a phrasebook's matches alphabetically: the total is counted from the first
  /// `countCap + 1` of them, and the page is read from the first matches of the words as typed
  /// that hold them exactly (and, when that group ends before the page is full, from the first of
  /// the others). Neither reads every match.
  func searchPage(
    _ typed: String, in phrasebook: String?, offset: Int, limit: Int?, stems: @escaping Stems, countCap: Int
  ) async throws -> SearchPage {
    let read: @Sendable (Database) throws -> SearchPage = { db in
      try Self.searchPage(
        db, typed, in: Self.phrasebook(db, phrasebook), offset: offset, limit: limit, stems: stems, countCap: countCap)
    }
    // A page within the counted matches, which search as you type asks for at every key, is read
    // on the calling thread; every match at once, or a page past them, can take a tenth of a second.
    let quick = limit.map { offset + $0 <= countCap } ?? false
    return try await writer.read(onThisThreadIf: quick, read)
  }

  /// `searchPage` in `book`, read in `db`.
  static func searchPage(
    _ db: Database, _ typed: String, in book: Phrasebook, offset: Int, limit: Int?, stems: @escaping Stems,
    countCap: Int
  ) throws -> SearchPage {
    let needle = typed.trimmed.nfc.lowercased()
    let languages = [book.languageOneCode, book.languageTwoCode]
    let alternatives = searchAlternatives(languages: languages) { word in languages.flatMap { stems(word, $0) } }
    guard let query = SearchQuery(typed, alternatives: alternatives) else { return SearchPage(total: 0, pairs: []) }
    let search = MatchQueries(
      range: PairOrderKeys.range(of: book.id!), fts: query.fts, typedFTS: query.typedFTS,
      heldPattern: MatchQueries.pattern(holding: needle))
    let keys: [Int64]
    var total: Int
    var capped = false
    if let limit {
      total = try search.count(db, upTo: countCap + 1)
      if total > countCap { (total, capped) = (countCap, true) }
      keys = try search.firstInOrder(db, count: offset + limit).dropFirst(offset).map { $0 }
    } else {
      let all = try search.allInOrder(db)
      (keys, total) = (Array(all.dropFirst(offset)), all.count)
    }
    var pairs: [Int64: WordPair] = [:]
    let rows = try Row.fetchCursor(
      db.cachedStatement(
        sql:
          "SELECT orderKey, \(WordPair.selection) FROM WordPairs WHERE orderKey IN (SELECT value FROM json_each(?))"),
      arguments: ["[" + keys.map(String.init).joined(separator: ",") + "]"])
    while let row = try rows.next() { pairs[row[0]] = WordPair(selected: row, at: 1) }
    return SearchPage(total: total, capped: capped, pairs: try withTags(db, keys.compactMap { pairs[$0] }))
  }
}

/// The SQL of one search in one phrasebook, over the search index alone: its rowids are the
/// pairs' order keys, so a range of them is the phrasebook and their order is the alphabet's.
struct MatchQueries {
  let range: ClosedRange<Int64>
  /// Every form of every typed word.
  let fts: String
  /// The typed words alone: the first group of results comes from these matches.
  let typedFTS: String
  /// The `LIKE` pattern of what was typed (`pattern(holding:)`).
  let heldPattern: String

  private static let matches = "FROM PairSearch WHERE PairSearch MATCH ? AND rowid BETWEEN ? AND ?"
  /// The matches joined to the index's stored copy of their fields: FTS5's content table
  /// (`PairSearch_content`, a column `c0`… per field in the order `PairSearch` declares them).
  /// Reading the fields there takes one lookup by rowid; through the virtual table each field read
  /// is a statement of FTS5's own, run per row: a walk past 12,434 matches took 51 ms that way and
  /// 26 ms this way.
  private static let matchesWithFields =
    "FROM PairSearch JOIN PairSearch_content AS fields ON fields.id = PairSearch.rowid "
    + "WHERE PairSearch MATCH ? AND PairSearch.rowid BETWEEN ? AND ?"
  /// The fields `PairSearch` declares, in its order: the content table's `c0`, `c1`… hold them.
  static let indexedFields = ["wordOne", "wordTwo", "context", "note", "tags"]
  private static let fields = indexedFields.indices.map { "fields.c\($0)" }
  /// Whether one of an entry's fields holds what was typed, with its diacritics (ASCII letters in
  /// either case, as SQLite's `lower` and `LIKE` compare them). Field by field: a walk past
  /// thousands of matches spent a third of its time joining the fields into one lowered string.
  private static let holds = "(" + fields.map { "\($0) LIKE ? ESCAPE '\\'" }.joined(separator: " OR ") + ")"
  private var holdsArguments: StatementArguments { StatementArguments(Self.fields.map { _ in heldPattern }) }

  /// The `LIKE` pattern matching a text that holds `needle` anywhere.
  static func pattern(holding needle: String) -> String {
    var escaped = ""
    for character in needle {
      if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
      escaped.append(character)
    }
    return "%" + escaped + "%"
  }

  private func arguments(_ query: String) -> StatementArguments { [query, range.lowerBound, range.upperBound] }

  /// How many pairs match, counting no further than `cap`.
  func count(_ db: Database, upTo cap: Int) throws -> Int {
    try Int.fetchOne(
      db.cachedStatement(sql: "SELECT COUNT(*) FROM (SELECT rowid \(Self.matches) LIMIT ?)"),
      arguments: arguments(fts) + [cap]) ?? 0
  }

  /// The keys of the first `count` matches in the results' order. The typed words' matches are
  /// read alphabetically until `count` of them hold what was typed; only if there are fewer are
  /// the other matches read (keys alone) to fill the page.
  func firstInOrder(_ db: Database, count: Int) throws -> [Int64] {
    guard count > 0 else { return [] }
    let walk = try Row.fetchCursor(
      db.cachedStatement(
        sql: "SELECT PairSearch.rowid, \(Self.holds) \(Self.matchesWithFields) ORDER BY PairSearch.rowid"),
      arguments: holdsArguments + arguments(typedFTS))
    var exact: [Int64] = []
    while let row = try walk.next() {
      guard row[1] as Bool else { continue }
      exact.append(row[0])
      if exact.count == count { return exact }
    }
    let first = Set(exact)
    let others = try Int64.fetchCursor(
      db.cachedStatement(sql: "SELECT rowid \(Self.matches)"), arguments: arguments(fts)
    ).filter { !first.contains($0) }
    var page = exact
    while page.count < count, let key = try others.next() { page.append(key) }
    return page
  }

  /// The keys of every match in the results' order.
  func allInOrder(_ db: Database) throws -> [Int64] {
    try Int64.fetchAll(
      db.cachedStatement(
        sql: """
          SELECT PairSearch.rowid \(Self.matchesWithFields)
          ORDER BY NOT (\(Self.holds) AND PairSearch.rowid IN (SELECT rowid \(Self.matches))), PairSearch.rowid
          """),
      arguments: arguments(fts) + holdsArguments + arguments(typedFTS))
  }
}
