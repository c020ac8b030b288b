import Foundation
import GRDB
import TestSupport
import Testing

@testable import Phrasebook

/// A page of search results found by walking the alphabetical index (past the count's cap) is the
/// same as the slice of every match the FTS index orders, on random text in many scripts.
@Suite struct SearchScanTests {
  /// Pieces of words: Welsh digraphs and circumflexes, Swedish å ä ö, accents and case, other
  /// scripts, digits, and what separates tokens.
  static let pieces = [
    "a", "b", "c", "ch", "d", "dd", "e", "f", "ff", "g", "ng", "l", "ll", "r", "rh", "th", "w", "y", "â", "ŵ", "ŷ",
    "å", "ä", "ö", "Å", "Ö", "sk", "é", "è", "É", "ñ", "ç", "ü", "ø", "ß", "İ", "æ", "α", "ά", "Ω", "д", "Ж", "ש",
    "م", "中", "ー", "7", "e\u{301}", "C", "Dd", "LL",
  ]
  static let separators = [" ", " ", "-", "'", " (", ") ", "/"]

  func text(_ random: inout SeededGenerator, words: ClosedRange<Int>) -> String {
    (0..<Int.random(in: words, using: &random)).map { _ in
      (0..<Int.random(in: 1...3, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
    }.joined(separator: Self.separators.randomElement(using: &random)!)
  }

  /// A phrasebook of random pairs (context, note and tags too), and a second one whose pairs
  /// must never show up.
  func store(languages: String, seed: UInt64) async throws -> PhrasebookStore {
    var random = SeededGenerator(seed: seed)
    let store = try PhrasebookStore.inMemory()
    for name in ["Other", "Book"] {
      _ = try await store.createPhrasebook(name: name, languages: languages)
      let rows: [[String: Any]] = (0..<250).map { _ in
        [
          "wordone": text(&random, words: 1...3), "wordtwo": text(&random, words: 1...2),
          "context": Bool.random(using: &random) ? text(&random, words: 1...2) : "",
          "note": Int.random(in: 0..<4, using: &random) == 0 ? text(&random, words: 1...3) : "",
          "tags": (0..<max(0, Int.random(in: -1...3, using: &random))).map { _ in text(&random, words: 1...1) },
        ]
      }
      _ = try await store.importPairs(try JSONSerialization.data(withJSONObject: rows), format: .json)
    }
    return store
  }

  /// What a user types: the start of a word as stored, or accents and case changed, or pieces
  /// that may not occur, one or two words.
  func typed(_ random: inout SeededGenerator, from pairs: [TaggedPair]) -> String {
    let pair = pairs.randomElement(using: &random)!.pair
    let words = (pair.wordOne + " " + pair.wordTwo + " " + pair.context).split(whereSeparator: { " -'()/".contains($0) }
    )
    let start = String(words.randomElement(using: &random)!.prefix(Int.random(in: 1...4, using: &random)))
    switch Int.random(in: 0..<5, using: &random) {
    case 0: return start.folding(options: .diacriticInsensitive, locale: nil)
    case 1: return start.uppercased()
    case 2: return start + " " + text(&random, words: 1...1).prefix(1)
    case 3: return text(&random, words: 1...1)
    default: return start
    }
  }

  /// The ids of every match in the results' order as SQLite sorts them by the stored sort keys
  /// (not the order keys the search reads): those found by the words as typed with a field that
  /// holds them exactly (`instr` on each lowered field, where the search uses `LIKE`), then the
  /// others, each group alphabetical.
  func sortedBySortKey(_ store: PhrasebookStore, _ typed: String, stems: @escaping Stems) async throws -> [Int64] {
    try await store.writer.read { db in
      let book = try PhrasebookStore.phrasebook(db, nil)
      let languages = [book.languageOneCode, book.languageTwoCode]
      let alternatives = searchAlternatives(languages: languages) { word in languages.flatMap { stems(word, $0) } }
      guard let query = SearchQuery(typed, alternatives: alternatives) else { return [] }
      let matching = "SELECT rowid FROM PairSearch WHERE PairSearch MATCH ?"
      let fields = ["wordOne", "wordTwo", "context", "note", "tags"]
      let holds = fields.map { "instr(lower(s.\($0)), ?) > 0" }.joined(separator: " OR ")
      let needle = typed.trimmed.nfc.lowercased()
      return try Int64.fetchAll(
        db,
        sql: """
          SELECT w.id FROM WordPairs w JOIN PairSearch s ON s.rowid = w.orderKey
          WHERE w.phrasebookID = ? AND w.orderKey IN (\(matching))
          ORDER BY NOT ((\(holds)) AND w.orderKey IN (\(matching))), w.sortKey, w.id
          """,
        arguments: [book.id, query.fts] + StatementArguments(fields.map { _ in needle }) + [query.typedFTS])
    }
  }

  @Test(arguments: [("cy:Welsh,en:English", 1 as UInt64), ("sv:Swedish,en:English", 2), ("en:English,el:Greek", 3)])
  func aPageIsTheSliceOfEveryMatch(languages: String, seed: UInt64) async throws {
    let store = try await store(languages: languages, seed: seed)
    let pairs = try await store.pairs()
    var random = SeededGenerator(seed: seed + 100)
    let stems: Stems = { word, _ in word == "ch" ? ["dd"] : [] }
    let listed = Dictionary(uniqueKeysWithValues: pairs.map { ($0.pair.id!, $0) })
    var scanned = 0
    for _ in 0..<150 {
      let query = typed(&random, from: pairs)
      let all = try await store.search(query, stems: stems)
      #expect(all.map(\.pair.id) == (try await sortedBySortKey(store, query, stems: stems)), "\(query)")
      // Each found pair, its dates and its sorted tags, as the list of every pair reads it.
      #expect(all == all.map { listed[$0.pair.id!]! }, "\(query)")
      for (cap, offset, limit) in [(0, 0, 50), (3, 0, 10), (3, 4, 3), (1000, 0, 50), (1000, 5, 5), (1000, 990, 20)] {
        let page = try await store.searchPage(
          query, in: nil, offset: offset, limit: limit, stems: stems, countCap: cap)
        #expect(
          page.pairs.map(\.pair.id) == Array(all.dropFirst(offset).prefix(limit)).map(\.pair.id),
          "\(query) cap \(cap) offset \(offset)")
        #expect(page.pairs == Array(all.dropFirst(offset).prefix(limit)))
        if all.count > cap {
          #expect(page.capped && page.total == cap, "\(query) cap \(cap)")
          scanned += 1
        } else {
          #expect(!page.capped && page.total == all.count, "\(query) cap \(cap)")
        }
      }
    }
    #expect(scanned > 100, "the alphabetical walk was tried")
  }
}

/// Search reads its pairs by column position: each field must come back as it was saved.
@Suite struct SearchPairFieldsTests {
  @Test func aFoundPairHasEveryFieldAsSaved() async throws {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh")
    let input = PairInput(
      wordOne: "the cat", wordTwo: "y gath", type: "noun", context: "pet", area: "North", note: "feminine",
      image: "cat.png", imageURL: "https://example.org/cat.png", imageCredit: "A. Photographer",
      imageLicence: "CC BY 4.0", tags: ["animals", "home"])
    let (saved, _) = try await store.save(input, now: Date(timeIntervalSince1970: 1_790_000_000.25))
    let stored = try await store.pair(id: try #require(saved.pair.id))
    let page = try await store.searchPage("gath", limit: 50)
    #expect(page.pairs == [stored])
    #expect(try await store.search("cat") == [stored])
    #expect(stored.pair.imageCredit == "A. Photographer" && stored.pair.context == "pet" && stored.tags.count == 2)
    // The insert wrote every field to its own column.
    let fields = [
      stored.pair.type, stored.pair.context, stored.pair.area, stored.pair.note, stored.pair.image,
      stored.pair.imageURL, stored.pair.imageCredit, stored.pair.imageLicence,
    ]
    #expect(
      fields == [
        "noun", "pet", "North", "feminine", "cat.png", "https://example.org/cat.png", "A. Photographer", "CC BY 4.0",
      ])
    #expect(stored.pair.createdAt == Date(timeIntervalSince1970: 1_790_000_000.25))
    #expect(stored.pair.updatedAt == stored.pair.createdAt && stored.tags == ["animals", "home"])
  }

  /// The walk for exact diacritics reads FTS5's content table by column number: it must hold the
  /// fields the index declares, in that order.
  @Test func theIndexsContentTableHoldsItsFieldsInOrder() async throws {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh")
    let input = PairInput(
      wordOne: "the cat", wordTwo: "y gath", type: "noun", context: "pet", area: "North", note: "feminine",
      tags: ["anifeiliaid"])
    _ = try await store.save(input)
    let (declared, stored) = try await store.writer.read { db in
      let names = MatchQueries.indexedFields
      return (
        try Row.fetchOne(db, sql: "SELECT \(names.joined(separator: ", ")) FROM PairSearch"),
        try Row.fetchOne(
          db, sql: "SELECT \(names.indices.map { "c\($0)" }.joined(separator: ", ")) FROM PairSearch_content")
      )
    }
    let values = { (row: Row?) in Array(try #require(row).databaseValues.map { String.fromDatabaseValue($0) }) }
    #expect(try values(declared) == ["the cat", "y gath", "pet", "feminine", "anifeiliaid"])
    #expect(try values(stored) == values(declared))
  }
}
