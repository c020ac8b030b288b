import Foundation
import TestSupport
import Testing

@testable import Lexikon

/// The cache: one row per (direction, word), filtered without case or diacritics, exact first.
@Suite struct LexikonStoreTests {
  static func entry(_ word: String, _ meaning: String = "meaning") -> DictEntry {
    DictEntry(raw: "\(word) /x/\n\(meaning)\n")
  }

  @Test func storingAgainReplacesTheEntriesAndCountsTheLookups() async throws {
    let store = try LexikonStore.inMemory()
    let first = try await store.store([Self.entry("hund", "dog")], for: "Hund", direction: "swe-eng")
    #expect(first.word == "hund" && first.lookupCount == 1)
    let later = Date(timeIntervalSince1970: 2_000_000_000)
    let second = try await store.store([Self.entry("hund", "hound")], for: "HUND", direction: "swe-eng", at: later)
    #expect(second.id == first.id && second.lookupCount == 2 && second.fetchedAt == later)
    #expect(second.entries.first?.senses.first?.text == "hound")
    #expect(try await store.lookUp("hUnd", direction: "swe-eng")?.lookupCount == 3)
    #expect(try await store.lookUp("hund", direction: "eng-swe") == nil)
    #expect(try await store.directions() == ["swe-eng": 1])
  }

  @Test func theFiltersWordsCarryWhatIsStoredForThem() async throws {
    let store = try LexikonStore.inMemory()
    let fetched = Date(timeIntervalSince1970: 1_900_000_000.123)
    try await store.store([Self.entry("ärta")], for: "ärta", direction: "swe-eng", at: fetched)
    _ = try await store.lookUp("ärta", direction: "swe-eng")
    let stored = try #require(try await store.cached("ärta", direction: "swe-eng"))
    let word = try #require(try await store.filter("ä", direction: "swe-eng").words.first)
    #expect(word == CachedWordSummary(word: "ärta", fetchedAt: stored.fetchedAt, lookupCount: 2, letter: "Ä"))
    #expect(abs(word.fetchedAt.timeIntervalSince(fetched)) < 0.001)
  }

  @Test func theFilterIgnoresCaseAndDiacriticsAndPutsExactMatchesFirst() async throws {
    let store = try LexikonStore.inMemory()
    for word in ["dwrn", "dŵr", "Dwr", "dwy", "ci", "dŵr-glaw", "dydd"] {
      try await store.store([Self.entry(word)], for: word, direction: "cym-eng")
    }
    try await store.store([Self.entry("dwr")], for: "dwr", direction: "eng-cym")
    let page = try await store.filter("DWR", direction: "cym-eng")
    #expect(Set(page.words.prefix(2).map(\.word)) == ["dŵr", "Dwr"])
    #expect(page.words.map(\.word).suffix(2) == ["dŵr-glaw", "dwrn"])
    #expect(!page.more)
    let limited = try await store.filter("d", direction: "cym-eng", limit: 3)
    #expect(limited.words.count == 3 && limited.more)
    #expect(try await store.filter("", direction: "cym-eng").words.count == 7)
    #expect(try await store.filter("hälsa", direction: "cym-eng").words.isEmpty)
  }

  @Test func theFilterAgreesWithAPlainScanOverRandomWords() async throws {
    let store = try LexikonStore.inMemory()
    var random = SeededGenerator(seed: 3)
    let letters = Array("abcåäöwŵyŷ")
    var words: Set<String> = []
    while words.count < 400 {
      words.insert(
        String((0..<Int.random(in: 1...5, using: &random)).map { _ in letters.randomElement(using: &random)! }))
    }
    for word in words { try await store.store([Self.entry(word)], for: word, direction: "swe-eng") }
    for prefix in ["a", "å", "Ä", "w", "ŵy", "ab", "yy"] {
      let folded = CachedWord.folded(prefix)
      let expected = words.filter { CachedWord.folded($0).hasPrefix(folded) }
      let page = try await store.filter(prefix, direction: "swe-eng", limit: 1000)
      #expect(Set(page.words.map(\.word)) == expected, "\(prefix)")
      let exactCount = expected.filter { CachedWord.folded($0) == folded }.count
      #expect(page.words.prefix(exactCount).allSatisfy { CachedWord.folded($0.word) == folded })
    }
  }

  @Test func forgettingClearingAndTheLastState() async throws {
    let store = try LexikonStore.inMemory()
    for word in ["hund", "katt", "häst"] { try await store.store([Self.entry(word)], for: word, direction: "swe-eng") }
    try await store.store([Self.entry("dog")], for: "dog", direction: "eng-swe")
    #expect(try await store.forget("HUND", direction: "swe-eng"))
    #expect(!(try await store.forget("hund", direction: "swe-eng")))
    #expect(try await store.clear(direction: "swe-eng") == 2)
    #expect(try await store.directions() == ["eng-swe": 1])
    #expect(try await store.state() == LexikonState(direction: nil, query: "", word: nil))
    let state = LexikonState(direction: "eng-swe", query: "do\u{0301}", word: "dog")
    try await store.saveState(state)
    #expect(try await store.state() == LexikonState(direction: "eng-swe", query: "dó", word: "dog"))
  }
}
