import Testing

@testable import Phrasebook

/// Search finds words as they appear in text: Welsh mutations and, through the stems hook, inflections.
@Suite struct SearchFormsTests {
  func book(_ languages: String, _ pairs: [(String, String)]) async throws -> PhrasebookStore {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Book", languages: languages)
    for (one, two) in pairs { _ = try await store.save(PairInput(wordOne: one, wordTwo: two)) }
    return store
  }

  @Test func aMutatedWelshWordFindsItsRadicalExactMatchesFirst() async throws {
    let store = try await book(
      "en:English,cy:Welsh",
      [
        ("cat", "cath"), ("her cat", "ei chath"), ("garden", "gardd"), ("head", "pen"), ("father", "tad"),
        ("bread", "bara"), ("mother", "mam"),
      ])
    for (typed, found) in [
      ("gath", ["cath"]), ("nghath", ["cath"]), ("ardd", ["gardd"]), ("mhen", ["pen"]), ("thad", ["tad"]),
      ("fara", ["bara"]), ("fam", ["mam"]), ("chath", ["ei chath", "cath"]), ("fy nghath", []),
    ] {
      #expect(try await store.search(typed).map(\.pair.wordTwo) == found, "\(typed)")
    }
    #expect(try await store.search("bara").map(\.pair.wordTwo) == ["bara"], "a radical is found as it is")
  }

  @Test func mutationsAreWelshOnlyAndStemsComeFromTheHook() async throws {
    let swedish = try await book("en:English,sv:Swedish", [("dog", "hund"), ("cat", "katt")])
    #expect(try await swedish.search("gatt").isEmpty, "no Welsh rules in a Swedish book")
    #expect(try await swedish.search("hundar").isEmpty)
    let stems: Stems = { word, language in language == "sv" && word == "hundar" ? ["hund"] : [] }
    #expect(try await swedish.search("hundar", stems: stems).map(\.pair.wordTwo) == ["hund"])
    let dog = try await swedish.pairID(wordOne: "dog", wordTwo: "hund")
    let typed = try await swedish.checkAnswer(pairID: dog, direction: .forward, typed: "hundar", stems: stems)
    #expect(typed.verdict == .inflection && typed.detail == .otherForm(of: "hund"), "the answer's language is asked")
    let english = try await swedish.checkAnswer(pairID: dog, direction: .reverse, typed: "hundar", stems: stems)
    #expect(english.verdict == .wrong, "no Swedish stems for an English answer")
  }

  @Test func theQueryOffersEachWordsFormsAndDropsWhatTheIndexCannotHold() {
    #expect(SearchQuery("gath")?.fts == #""gath"*"#)
    let query = SearchQuery("gath du", alternatives: { $0 == "gath" ? ["cath", "c\"ath", "cath"] : [] })
    #expect(query?.fts == #"("gath"* OR "cath"*) AND "du"*"#)
    #expect(query?.typedFTS == #""gath"* AND "du"*"#, "the first group of results comes from the words as typed")
  }
}
