import Foundation
import GRDB
import TestSupport
import Testing

@testable import Phrasebook

/// Every pair's order key follows the alphabetical order of `(sortKey, id)` inside its phrasebook's
/// range, and the search index holds exactly one entry per pair under that key, with the pair's
/// words, context, note and tags.
func expectSearchIndexFollowsThePairs(_ db: Database, sourceLocation: SourceLocation = #_sourceLocation) throws {
  for book in try Int64.fetchAll(db, sql: "SELECT id FROM Phrasebooks") {
    let keys = try Int64?.fetchAll(
      db, sql: "SELECT orderKey FROM WordPairs WHERE phrasebookID = ? ORDER BY sortKey, id", arguments: [book])
    #expect(!keys.contains(nil), "every pair has a key", sourceLocation: sourceLocation)
    let placed = keys.compactMap { $0 }
    #expect(
      placed == placed.sorted() && Set(placed).count == placed.count, "keys follow the order",
      sourceLocation: sourceLocation)
    #expect(
      placed.allSatisfy(PairOrderKeys.range(of: book).contains), "keys in the book's range",
      sourceLocation: sourceLocation)
  }
  let indexed = try Row.fetchAll(
    db, sql: "SELECT CAST(rowid AS TEXT) AS key, wordOne, wordTwo, context, note, tags FROM PairSearch ORDER BY rowid"
  ).map { [$0["key"], $0["wordOne"], $0["wordTwo"], $0["context"], $0["note"], $0["tags"]] as [String] }
  let expected = try Row.fetchAll(db, sql: "SELECT * FROM WordPairs ORDER BY orderKey").map { row in
    let pair = try WordPair(row: row)
    return [
      "\(row["orderKey"] as Int64)", pair.wordOne, pair.wordTwo, pair.context, pair.note,
      try PhrasebookStore.tags(db, pairID: pair.id!).joined(separator: " "),
    ]
  }
  #expect(indexed == expected, sourceLocation: sourceLocation)
}

@Suite struct OrderKeyTests {
  /// Saves, renames, deletes and imports in random order, many of them into one gap (words that
  /// sort between the same two), so that gaps run out and pairs are spread again.
  @Test(arguments: 1...4) func keysFollowTheOrderWhateverChanges(seed: UInt64) async throws {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Other", languages: "en:English,sv:Swedish")
    _ = try await store.save(PairInput(wordOne: "m", wordTwo: "m"))
    _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh")
    var random = SeededGenerator(seed: seed)
    var word = "m"
    var ids: [Int64] = []
    for step in 0..<400 {
      switch Int.random(in: 0..<10, using: &random) {
      case 0...4:  // just after the last one: the same gap, halved each time
        word += "a"
        ids.append(
          try await store.save(PairInput(wordOne: word, wordTwo: "\(step)", tags: ["t\(step % 3)"])).0.pair.id!)
      case 5:
        let first = String(UnicodeScalar(UInt8.random(in: 97...122, using: &random)))
        ids.append(try await store.save(PairInput(wordOne: first + "\(step)", wordTwo: "ŵ\(step)")).0.pair.id!)
      case 6:
        guard let id = ids.randomElement(using: &random) else { continue }
        let pair = try await store.pair(id: id)
        _ = try? await store.update(
          pairID: id, with: PairInput(wordOne: "zz\(step)" + pair.pair.wordOne, wordTwo: pair.pair.wordTwo, tags: []))
      case 7:
        guard let id = ids.randomElement(using: &random) else { continue }
        try? await store.delete(pairID: id)
        ids.removeAll { $0 == id }
      case 8:
        let rows = (0..<Int.random(in: 1...30, using: &random)).map { n in
          ["wordone": word + "b\(n)", "wordtwo": "i\(step)", "tags": ["imported"]] as [String: Any]
        }
        _ = try await store.importPairs(try JSONSerialization.data(withJSONObject: rows), format: .json)
      default:
        try? await store.renameTag("t\(step % 3)", to: "tag\(step)")
      }
    }
    try await store.writer.read { db in try expectSearchIndexFollowsThePairs(db) }
    let ordered = try await store.pairs().map(\.pair.id)
    let found = try await store.search("m").map(\.pair.id)
    #expect(found == ordered.filter(found.contains), "search results come in the list's order")
  }

  /// A phrasebook made before the keys (migration v8, its index keyed by pair id) is keyed and
  /// indexed again when opened, and searches as before.
  @Test func aPhrasebookFromBeforeTheKeysIsKeyedWhenOpened() async throws {
    let queue = try DatabaseQueue()
    try PhrasebookMigrations.migrator.migrate(queue, upTo: "v8: recordings of a pair's words")
    try await queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO Phrasebooks (name, languageOneCode, languageOneName, languageTwoCode, languageTwoName, areas, defaultArea)
          VALUES ('Cymraeg', 'en', 'English', 'cy', 'Welsh', '[]', '');
          """)
      for (n, (one, two)) in [("cat", "cath"), ("dog", "ci"), ("bread", "bara"), ("tree", "coeden")].enumerated() {
        try db.execute(
          sql: """
            INSERT INTO WordPairs (phrasebookID, wordOne, wordTwo, createdAt, updatedAt, sortKey)
            VALUES (1, ?, ?, '2026-01-01', '2026-01-01', ?)
            """, arguments: [one, two, Data([UInt8(200 - n)])])
      }
    }
    let store = try PhrasebookStore(writer: queue, mediaFolder: FileManager.default.temporaryDirectory)
    try await queue.read { db in try expectSearchIndexFollowsThePairs(db) }
    // The keys were rebuilt with this ICU's (none recorded): English order of the first words.
    #expect(try await store.search("c").map(\.pair.wordTwo) == ["cath", "ci", "coeden"])
  }
}
