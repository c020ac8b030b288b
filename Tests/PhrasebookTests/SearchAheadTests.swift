import Foundation
import GRDB
import TestSupport
import Testing

@testable import Phrasebook

/// Search ahead answers each next key with exactly the page that key's own search gives, and
/// offers every key some word of the index continues the typed word with, on random text in many
/// scripts.
@Suite struct SearchAheadTests {
  let scan = SearchScanTests()

  /// Whether some entry of the index, in any phrasebook, has a word beginning with `start`: FTS5's
  /// own prefix query, not the index's list of terms that search ahead reads.
  func someWordBegins(with start: String, _ store: PhrasebookStore) async throws -> Bool {
    try await store.writer.read { db in
      try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM PairSearch WHERE PairSearch MATCH ?)", arguments: ["\"\(start)\"*"])!
    }
  }

  @Test(arguments: [("cy:Welsh,en:English", 11 as UInt64), ("sv:Swedish,en:English", 12), ("en:English,el:Greek", 13)])
  func eachKeyGetsThePageItsOwnSearchGives(languages: String, seed: UInt64) async throws {
    let store = try await scan.store(languages: languages, seed: seed)
    let pairs = try await store.pairs()
    var random = SeededGenerator(seed: seed + 100)
    let stems: Stems = { word, _ in word == "ch" ? ["dd"] : [] }
    // Every letter the random words are made of, as the index keeps it (lowercase, no accents).
    let letters = Set(
      SearchScanTests.pieces.joined().folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        .unicodeScalars.filter(CharacterSet.alphanumerics.contains).map(String.init))
    var keysSeen = 0
    for round in 0..<40 {
      let typed = round == 0 ? "" : round == 1 ? "ch " : scan.typed(&random, from: pairs)
      let ahead = try await store.searchAhead(typed, limit: 7, stems: stems)
      for (key, page) in ahead {
        let own = try await store.searchPage(typed + key, limit: 7, stems: stems)
        #expect(page == own, "\(typed) + \(key)")
      }
      let stem = PhrasebookStore.lastWord(of: typed)
      let offered = Set(ahead.map(\.key))
      #expect(offered.count == ahead.count, "each key once")
      let plain = try await store.writer.read { db in try PhrasebookStore.nextKeys(db, after: typed) }
      #expect(ahead.map(\.key).starts(with: plain.prefix(PhrasebookStore.searchAheadKeys)), "\(typed)")
      if plain.count < PhrasebookStore.searchAheadKeys {
        for letter in letters {
          #expect(
            offered.contains(letter) == (try await someWordBegins(with: stem + letter, store)),
            "\(typed) + \(letter)")
        }
      }
      keysSeen += offered.count
    }
    #expect(keysSeen > 200, "keys were offered")
  }

  @Test func theLastWordIsTakenAsTheIndexKeepsIt() {
    #expect(PhrasebookStore.lastWord(of: "y Gâth") == "gath")
    #expect(PhrasebookStore.lastWord(of: "Ŵyn") == "wyn")
    #expect(PhrasebookStore.lastWord(of: "y gath ") == "")
    #expect(PhrasebookStore.lastWord(of: "") == "")
    #expect(PhrasebookStore.lastWord(of: "caf\u{E9}-") == "")
    #expect(PhrasebookStore.lastWord(of: "cafe\u{301}") == "cafe")
    #expect(PhrasebookStore.lastWord(of: "Жд") == "жд")
  }

  /// An empty field's keys are the words' first letters; a key no word continues with is left
  /// out; the cap holds with more first letters than it.
  @Test func keysAreTheLettersWordsGoOnWith() async throws {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Cymraeg", languages: "cy:Welsh,en:English")
    for (one, two) in [("cath", "cat"), ("ci", "dog"), ("dŵr", "water"), ("Ŵy", "egg")] {
      _ = try await store.save(PairInput(wordOne: one, wordTwo: two))
    }
    #expect(
      try await store.searchAhead("", limit: 5).map(\.key) == ["c", "d", "e", "w", "ê", "ŵ", "é", "ẁ", "ë", "ẅ", "è"])
    let afterC = try await store.searchAhead("C", limit: 5)
    // Welsh's accented vowels follow the plain ones the words have (English has none).
    #expect(afterC.map(\.key) == ["a", "i", "â", "î", "á", "í", "ä", "ï", "à", "ì"])
    #expect(afterC[2].page.total == 1 && afterC[2].page.pairs == afterC[0].page.pairs, "câ finds cath")
    #expect(afterC[0].page.pairs.map(\.pair.wordOne) == ["cath"] && afterC[0].page.total == 1)
    #expect(try await store.searchAhead("dw", limit: 5).map(\.key) == ["r"])
    #expect(try await store.searchAhead("d", limit: 5).map(\.key) == ["o", "w", "ô", "ŵ", "ó", "ẁ", "ö", "ẅ", "ò"])
    #expect(try await store.searchAhead("cath", limit: 5).isEmpty)
    #expect(try await store.searchAhead("xyz", limit: 5).isEmpty)
    let long = String(repeating: "ci ", count: 33)
    #expect(try await store.searchAhead(long, limit: 5).map(\.key).starts(with: ["c", "d"]))
    #expect(try await store.searchAhead(long + "ca", limit: 5).isEmpty, "longer than any search typed")
    // A request costs at most 48 searches of at most 30 results.
    for limit in [0, -1, PhrasebookStore.searchAheadLimit + 1] {
      await #expect(throws: PhrasebookError.badSearchAheadLimit(limit)) {
        try await store.searchAhead("c", limit: limit)
      }
    }
    #expect(try await store.searchAhead("c", limit: PhrasebookStore.searchAheadLimit).count == afterC.count)

    let greek = (0x3B1...0x3C9).map { String(UnicodeScalar($0)!) }
    let cyrillic = (0x430...0x44F).map { String(UnicodeScalar($0)!) }
    for first in greek + cyrillic {
      _ = try await store.save(PairInput(wordOne: first + "x", wordTwo: "t"))
    }
    let keys = try await store.searchAhead("", limit: 1).map(\.key)
    #expect(
      keys.count == PhrasebookStore.searchAheadKeys
        && keys == keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
  }
}
