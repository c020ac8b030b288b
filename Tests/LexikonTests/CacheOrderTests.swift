import Foundation
import GRDB
import TestSupport
import Testing

@testable import Lexikon

/// The cached list in the language's alphabetical order, paged, with a letter index.
@Suite struct CacheOrderTests {
  static let swedish = ["ö", "zon", "apa", "ål", "är", "hund", "Åsa", "öga", "äpple", "bil", "école"]

  @Test func swedishWordsFollowTheSwedishAlphabetInPages() async throws {
    let store = try LexikonStore.inMemory()
    for word in Self.swedish { try await store.store([LexikonStoreTests.entry(word)], for: word, direction: "swe-eng") }
    var pages: [[String]] = []
    var offset = 0
    while true {
      let page = try await store.filter("", direction: "swe-eng", offset: offset, limit: 4)
      pages.append(page.words.map(\.word))
      offset += page.words.count
      if !page.more { break }
    }
    #expect(pages == [["apa", "bil", "école", "hund"], ["zon", "ål", "Åsa", "äpple"], ["är", "ö", "öga"]])
    let letters = try await store.letters(direction: "swe-eng")
    #expect(letters.map(\.letter) == ["A", "B", "E", "H", "Z", "Å", "Ä", "Ö"])
    #expect(letters.first { $0.letter == "Å" } == CacheLetter(letter: "Å", words: 2, offset: 5))
    let fromÄ = try await store.filter("", direction: "swe-eng", offset: 7, limit: 2)
    #expect(fromÄ.words.map(\.word) == ["äpple", "är"] && fromÄ.words.first?.letter == "Ä")
    let folded = try await store.filter("a", direction: "swe-eng", limit: 10)
    #expect(folded.words.map(\.word) == ["apa", "ål", "Åsa", "äpple", "är"], "search still folds å and ä")
  }

  @Test func welshDigraphsAreLettersOfTheirOwn() async throws {
    let store = try LexikonStore.inMemory()
    for word in ["llyn", "lyn", "chwech", "cath", "dydd", "ddoe"] {
      try await store.store([LexikonStoreTests.entry(word)], for: word, direction: "cym-eng")
    }
    #expect(
      try await store.filter("", direction: "cym-eng").words.map(\.word) == [
        "cath", "chwech", "dydd", "ddoe", "lyn", "llyn",
      ])
    #expect(try await store.letters(direction: "cym-eng").map(\.letter) == ["C", "Ch", "D", "Dd", "L", "Ll"])
  }

  /// A cache made before sort keys existed gets them when it is opened.
  @Test func anOlderCacheGetsItsSortKeysWhenOpened() async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("lexikon-\(UUID().uuidString).sqlite").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let store = try LexikonStore(path: path)
      for word in ["öga", "apa"] {
        try await store.store([LexikonStoreTests.entry(word)], for: word, direction: "swe-eng")
      }
      try await store.writer.write { db in
        try db.execute(sql: "UPDATE CachedWords SET sortKey = NULL, letter = NULL")
        try db.execute(sql: "DELETE FROM Meta")
      }
    }
    let reopened = try LexikonStore(path: path)
    #expect(try await reopened.filter("", direction: "swe-eng").words.map(\.word) == ["apa", "öga"])
    #expect(try await reopened.letters(direction: "swe-eng").map(\.letter) == ["A", "Ö"])
  }
}

/// A one-letter filter reads the words under that letter from its own index; it must give the
/// pages the general range filter gives, on random words in several scripts.
@Suite struct FirstLetterFilterTests {
  static let pieces = [
    "a", "A", "å", "Å", "ä", "ö", "e", "é", "É", "ch", "Ch", "ll", "dd", "ŵ", "ŷ", "y", "s", "ß", "z", "æ", "α", "Ω",
    "д", "ש", "中", "7", "-", "'",
  ]

  @Test(arguments: ["swe-eng", "cym-eng"])
  func pagesAreTheRangeFiltersPages(direction: String) async throws {
    var random = SeededGenerator(seed: direction == "swe-eng" ? 11 : 12)
    let store = try LexikonStore.inMemory()
    let words = Set(
      (0..<600).map { _ in
        (0..<Int.random(in: 1...4, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
      })
    try await store.store(words.map { ($0, [LexikonStoreTests.entry($0)]) }, direction: direction)
    let initials = Set(words.compactMap { CachedWord.folded($0).unicodeScalars.first.map(String.init) }).sorted()
    for initial in initials + ["q", "b"] {
      // What the range filter over the folded forms picks: exact matches first, then by sort key.
      let expected = try await store.writer.read { db in
        try String.fetchAll(
          db,
          sql: """
            SELECT word FROM CachedWords WHERE direction = ? AND folded >= ? AND folded < ?
            ORDER BY folded = ? DESC, sortKey, id
            """, arguments: [direction, initial, initial + "\u{10FFFF}", initial])
      }
      for (offset, limit) in [
        (0, 50), (0, 3), (1, 4), (Int.random(in: 0...30, using: &random), 7), (2, LexikonStore.quickReach),
      ] {
        let page = try await store.filter(initial, direction: direction, offset: offset, limit: limit)
        let slice = Array(expected.dropFirst(offset).prefix(limit))
        #expect(Set(page.words.map(\.word)) == Set(slice), "\(initial) from \(offset)")
        #expect(page.more == (expected.count > offset + limit))
      }
    }
  }
}
