import Foundation
import TestSupport
import Testing

@testable import Phrasebook

@Suite struct OrderTests {
  /// Random Welsh-looking words, with digraphs and accents, some sharing their first word.
  func words(_ count: Int, seed: UInt64) -> [(String, String)] {
    var random = SeededGenerator(seed: seed)
    let pieces = ["a", "ch", "d", "dd", "f", "ff", "ng", "l", "ll", "ph", "r", "rh", "t", "th", "ŵ", "y", "â", "E"]
    func word() -> String {
      (0..<Int.random(in: 1...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }
    return (0..<count).map { _ in (word(), word()) }
  }

  @Test func pairsAddedOneByOneKeepTheLanguagesOrder() async throws {
    let store = try PhrasebookStore.inMemory()
    let book = try await store.createPhrasebook(name: "Cymraeg", languages: "cy:Welsh,en:English")
    for (one, two) in words(300, seed: 9) { _ = try await store.save(PairInput(wordOne: one, wordTwo: two)) }
    let listed = try await store.pairs()
    #expect(listed.map(\.pair.id) == sortedAlphabetically(listed.shuffled(), in: book).map(\.pair.id))
  }

  @Test func importedPairsAreInOrderAndLaterAddsFitBetweenThem() async throws {
    let store = try PhrasebookStore.inMemory()
    let book = try await store.createPhrasebook(name: "Cymraeg", languages: "cy:Welsh,en:English")
    let rows = words(500, seed: 4).map { ["wordone": $0.0, "wordtwo": $0.1] }
    _ = try await store.importPairs(try JSONSerialization.data(withJSONObject: rows), format: .json)
    for (one, two) in words(100, seed: 5) { _ = try await store.save(PairInput(wordOne: one, wordTwo: two)) }
    for _ in 0..<60 { _ = try await store.save(PairInput(wordOne: "ll", wordTwo: UUID().uuidString)) }  // squeezes ranks
    let listed = try await store.pairs()
    #expect(listed.map(\.pair.id) == sortedAlphabetically(listed, in: book).map(\.pair.id))
  }

  @Test func searchPagesCoverEveryMatchOnce() async throws {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Cymraeg", languages: "cy:Welsh,en:English")
    let rows = words(400, seed: 8).map { ["wordone": $0.0, "wordtwo": $0.1] }
    _ = try await store.importPairs(try JSONSerialization.data(withJSONObject: rows), format: .json)
    let all = try await store.search("d")
    var paged: [TaggedPair] = []
    var offset = 0
    while true {
      let page = try await store.searchPage("d", offset: offset, limit: 25)
      #expect(page.total == all.count)
      if page.pairs.isEmpty { break }
      paged += page.pairs
      offset += page.pairs.count
    }
    #expect(all.count > 25 && paged == all)
  }
}

/// Pairs sorted by their stored order's sort keys, computed afresh (ties by id), as the reference.
func sortedAlphabetically(_ pairs: [TaggedPair], in phrasebook: Phrasebook) -> [TaggedPair] {
  let order = PairOrder(phrasebook)
  return pairs.map { (order.sortKey(wordOne: $0.pair.wordOne, wordTwo: $0.pair.wordTwo), $0) }
    .sorted { $0.0 == $1.0 ? ($0.1.pair.id ?? 0) < ($1.1.pair.id ?? 0) : $0.0.lexicographicallyPrecedes($1.0) }
    .map(\.1)
}
