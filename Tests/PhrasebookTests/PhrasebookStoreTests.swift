import Foundation
import GRDB
import TestSupport
import Testing

@testable import Phrasebook

@Suite struct PhrasebookStoreTests {
  func welsh() async throws -> PhrasebookStore {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh")
    return store
  }

  @Test func welshPhrasebooksGetNorthSouthBoth() async throws {
    let store = try await welsh()
    let book = try await store.phrasebook(nil)
    #expect(book.areas == ["North", "South", "Both"] && book.defaultArea == "Both")
    let swedish = try await store.createPhrasebook(name: "Svenska", languages: "sv:Swedish,en:English")
    #expect(swedish.areas.isEmpty)
    #expect(try await store.phrasebook(nil).name == "Svenska", "the last used")
    await #expect(throws: PhrasebookError.badLanguages("en")) {
      try await store.createPhrasebook(name: "X", languages: "en")
    }
    await #expect(throws: PhrasebookError.duplicatePhrasebook("Cymraeg")) {
      try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh")
    }
  }

  /// A phrasebook reads back as it was made, field for field, whichever was read before it (its
  /// areas are decoded again only when they differ from the last read).
  @Test func aPhrasebookReadsBackAsItWasMade() async throws {
    let store = try PhrasebookStore.inMemory()
    let made = [
      try await store.createPhrasebook(name: "Cymraeg \"ŵ\" <b>", languages: "en:English,cy:Welsh"),
      try await store.createPhrasebook(name: "Svenska", languages: "sv:Swedish,en:English"),
      try await store.createPhrasebook(name: "עברית", languages: "he:Hebrew,cy:Welsh"),
    ]
    #expect(made.map(\.areas.count) == [3, 0, 3])
    for book in made + made.reversed() + made {
      #expect(try await store.phrasebook(book.name) == book)
    }
    #expect(try await store.phrasebooks() == made)
  }

  @Test func noPhrasebookYetIsAClearError() async throws {
    let store = try PhrasebookStore.inMemory()
    await #expect(throws: PhrasebookError.noPhrasebook) { try await store.pairs() }
    await #expect(throws: PhrasebookError.unknownPhrasebook("Nope", known: [])) { try await store.pairs(in: "Nope") }
  }

  @Test func blankWordsAreRefused() async throws {
    let store = try await welsh()
    await #expect(throws: PhrasebookError.blank(field: .wordTwo)) {
      try await store.save(PairInput(wordOne: "water", wordTwo: "  "))
    }
    await #expect(throws: PhrasebookError.unknownArea("East", known: ["North", "South", "Both"])) {
      try await store.save(PairInput(wordOne: "water", wordTwo: "dŵr", area: "East"))
    }
    #expect(try await store.pairs().isEmpty)
  }

  @Test func savingAnExistingPairUpdatesItAndKeepsItsIdAndTags() async throws {
    let store = try await welsh()
    let start = Date(timeIntervalSince1970: 1_000)
    let (first, created) = try await store.save(
      PairInput(wordOne: " water ", wordTwo: "dw\u{0302}r", type: "noun", tags: ["nature"]), now: start)
    #expect(created && first.pair.wordTwo == "dŵr" && first.pair.area == "Both" && first.tags == ["nature"])
    let (second, createdAgain) = try await store.save(
      PairInput(wordOne: "water", wordTwo: "dŵr", area: "South", note: "also 'rain'", tags: ["drink"]),
      now: start.addingTimeInterval(60))
    #expect(!createdAgain)
    #expect(second.pair.id == first.pair.id)
    #expect(second.pair.type == "noun" && second.pair.note == "also 'rain'" && second.pair.area == "South")
    #expect(second.tags == ["drink", "nature"])
    #expect(second.pair.createdAt == start && second.pair.updatedAt == start.addingTimeInterval(60))
    #expect(try await store.pairs().count == 1)
  }

  @Test func welshAlphabetTreatsDigraphsAsLetters() async throws {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Welsh first", languages: "cy:Welsh,en:English")
    for word in ["theatr", "tŷ", "rhedeg", "rwan", "llaw", "lori", "ddoe", "du", "chwaer", "cwm"] {
      _ = try await store.save(PairInput(wordOne: word, wordTwo: "x"))
    }
    #expect(
      try await store.pairs().map(\.pair.wordOne) == [
        "cwm", "chwaer", "du", "ddoe", "lori", "llaw", "rwan", "rhedeg", "tŷ", "theatr",
      ])
  }

  @Test func swedishAlphabetPutsÅÄÖAfterZ() async throws {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Svenska", languages: "sv:Swedish,en:English")
    for word in ["ö", "äpple", "ål", "zon", "hälsa", "hund"] {
      _ = try await store.save(PairInput(wordOne: word, wordTwo: "x"))
    }
    #expect(try await store.pairs().map(\.pair.wordOne) == ["hund", "hälsa", "zon", "ål", "äpple", "ö"])
  }

  @Test func searchFoldsDiacriticsRanksExactFirstAndReturnsEverything() async throws {
    let store = try await welsh()
    _ = try await store.save(PairInput(wordOne: "water", wordTwo: "dŵr"))
    _ = try await store.save(PairInput(wordOne: "lad", wordTwo: "dwr", note: "made-up exact match"))
    _ = try await store.save(PairInput(wordOne: "waterfall", wordTwo: "rhaeadr", context: "in the hills"))
    _ = try await store.save(PairInput(wordOne: "bread", wordTwo: "bara", tags: ["food"]))
    #expect(try await store.search("dwr").map(\.pair.wordTwo) == ["dwr", "dŵr"])
    #expect(try await store.search("dŵr").map(\.pair.wordTwo) == ["dŵr", "dwr"])
    #expect(try await store.search("wat").map(\.pair.wordOne) == ["water", "waterfall"])
    #expect(try await store.search("hills").map(\.pair.wordOne) == ["waterfall"])
    #expect(try await store.search("foo").map(\.pair.wordOne) == ["bread"], "tags are searched")
    #expect(try await store.search("  ").isEmpty)
    #expect(try await store.search("\"*)").isEmpty, "FTS syntax in what is typed is harmless")
    try await store.renameTag("food", to: "bwyd")
    #expect(try await store.search("bwyd").map(\.pair.wordOne) == ["bread"])
    #expect(try await store.search("food").isEmpty)
  }

  /// A tag holding the letters typed, accents and all, is as exact a match as a word holding them;
  /// `%`, `_` and `\\` typed are letters, not wildcards.
  @Test func aTagHoldingWhatWasTypedRanksWithTheExactMatches() async throws {
    let store = try await welsh()
    _ = try await store.save(PairInput(wordOne: "aa", wordTwo: "gŵr"))
    _ = try await store.save(PairInput(wordOne: "zz", wordTwo: "cath", tags: ["gŵr"]))
    #expect(try await store.search("gŵr").map(\.pair.wordOne) == ["aa", "zz"])
    _ = try await store.save(PairInput(wordOne: "ab", wordTwo: "gwr"))
    #expect(try await store.search("gŵr").map(\.pair.wordOne) == ["aa", "zz", "ab"], "a tag is held exactly")
    _ = try await store.save(PairInput(wordOne: "a1b b", wordTwo: "x"))
    _ = try await store.save(PairInput(wordOne: "b a%b", wordTwo: "x"))
    #expect(try await store.search("a%b").map(\.pair.wordOne) == ["b a%b", "a1b b"])
    _ = try await store.save(PairInput(wordOne: "b a_b", wordTwo: "x"))
    #expect(try await store.search("a_b").map(\.pair.wordOne) == ["b a_b", "a1b b", "b a%b"])
  }

  @Test func swedishSearchFindsHälsaFromHalsa() async throws {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Svenska", languages: "sv:Swedish,en:English")
    _ = try await store.save(PairInput(wordOne: "hälsa", wordTwo: "health"))
    #expect(try await store.search("halsa").map(\.pair.wordOne) == ["hälsa"])
  }

  @Test func wordLinksGoBothWays() async throws {
    let store = try await welsh()
    _ = try await store.save(PairInput(wordOne: "now", wordTwo: "rŵan", area: "North"))
    _ = try await store.save(PairInput(wordOne: "now", wordTwo: "nawr", area: "South"))
    _ = try await store.save(PairInput(wordOne: "now", wordTwo: "yn awr", context: "formal", note: "written"))
    _ = try await store.save(PairInput(wordOne: "at once", wordTwo: "nawr"))
    let now = try await store.links(for: "Now")
    #expect(now.translations.map(\.word) == ["nawr", "rŵan", "yn awr"])
    #expect(now.translations.map(\.area) == ["South", "North", "Both"])
    #expect(now.translations.last?.context == "formal" && now.translations.last?.note == "written")
    let nawr = try await store.links(for: "nawr")
    #expect(nawr.translations.map(\.word) == ["at once", "now"] && nawr.translations.allSatisfy { !$0.forward })
  }

  @Test func tagsGroupCountRenameAndDelete() async throws {
    let store = try await welsh()
    _ = try await store.save(PairInput(wordOne: "bread", wordTwo: "bara", tags: ["food", "basics"]))
    _ = try await store.save(PairInput(wordOne: "cheese", wordTwo: "caws", tags: ["food"]))
    _ = try await store.save(PairInput(wordOne: "hello", wordTwo: "helo"))
    #expect(try await store.tags().map { "\($0.name):\($0.pairs)" } == ["basics:1", "food:2"])
    #expect(try await store.pairs(tag: "food").map(\.pair.wordOne) == ["bread", "cheese"])
    await #expect(throws: PhrasebookError.duplicateTag("basics")) { try await store.renameTag("food", to: "basics") }
    try await store.deleteTag("food")
    #expect(try await store.tags().map(\.name) == ["basics"])
    #expect(try await store.pairs().count == 3)
    await #expect(throws: PhrasebookError.unknownTag("food")) { try await store.pairs(tag: "food") }
  }

  @Test func deletingAPairRemovesItFromSearch() async throws {
    let store = try await welsh()
    _ = try await store.save(PairInput(wordOne: "water", wordTwo: "dŵr", tags: ["nature"]))
    try await store.delete(wordOne: "water", wordTwo: "dŵr")
    #expect(try await store.search("water").isEmpty)
    #expect(try await store.tags().map(\.pairs) == [0])
    await #expect(throws: PhrasebookError.unknownPair(wordOne: "water", wordTwo: "dŵr")) {
      try await store.delete(wordOne: "water", wordTwo: "dŵr")
    }
  }
}

@Suite struct PhrasebookMessageTests {
  @Test func errorsEchoAtMostEightyCharactersOfInput() async throws {
    let long = String(repeating: "ŵ", count: 10_000)
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh")
    for error in [
      PhrasebookError.unknownTag(long), .badLanguages(long), .unknownPair(wordOne: long, wordTwo: long),
      .badGuess(long),
      .badImageURL(long), .badTagName(long), .duplicateTag(long), .unknownArea(long, known: ["North"]),
      .unknownPhrasebook(long, known: []), .badHostName(long),
    ] {
      #expect(error.description.count < 250, "\(error.description.prefix(40))")
      #expect(error.description.contains(String(repeating: "ŵ", count: 80) + "…"))
    }
    await #expect {
      try await store.pairs(tag: long)
    } throws: { error in
      "\(error)".count < 100
    }
  }

  /// The search index holds, for every pair and nothing else, its words, context, note and tags:
  /// kept by triggers whatever changed (a save, an edit, tags added, renamed or deleted, a delete).
  @Test(arguments: 1...5) func theSearchIndexFollowsEveryChange(seed: UInt64) async throws {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh")
    var random = SeededGenerator(seed: seed)
    let words = ["ci", "cath", "tŷ", "dŵr", "bara", "coeden", "llaeth", "afal"]
    let tags = ["anifeiliaid", "bwyd", "cartref", "natur"]
    for step in 0..<60 {
      let word = words[Int(random.next() % UInt64(words.count))]
      let tag = tags[Int(random.next() % UInt64(tags.count))]
      switch random.next() % 6 {
      case 0, 1:
        _ = try await store.save(PairInput(wordOne: "w\(word)", wordTwo: word, context: "step \(step)", tags: [tag]))
      case 2: _ = try await store.save(PairInput(wordOne: "w\(word)", wordTwo: word, note: "note \(step)"))
      case 3: try? await store.delete(wordOne: "w\(word)", wordTwo: word)
      case 4: try? await store.renameTag(tag, to: "\(tag)\(step)")
      default: try? await store.deleteTag(tag)
      }
    }
    try await store.writer.read { db in try expectSearchIndexFollowsThePairs(db) }
  }
}

/// The edit form: a rename keeps the pair, and its tags become exactly the ones given.
@Suite struct PairEditTests {
  @Test func renamingKeepsTheIdTagsAndReviewHistoryAndTagsAreReplaced() async throws {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh")
    let (saved, _) = try await store.save(PairInput(wordOne: "scool", wordTwo: "ysgol", tags: ["places, school"]))
    let id = try #require(saved.pair.id)
    _ = try await store.review(pairID: id, direction: .forward, rating: .good)

    let renamed = try await store.update(
      pairID: id, with: PairInput(wordOne: "school", wordTwo: "ysgol", tags: ["school"]))
    #expect(renamed.pair.id == id && renamed.pair.wordOne == "school")
    #expect(renamed.tags == ["school"], "the removed tag is gone")
    #expect(try await store.pairs().count == 1, "a rename, not a second pair")
    #expect(try await store.reviews(pairID: id, direction: .forward).count == 1, "the review history stays")
    #expect(try await store.search("schoo").map(\.pair.id) == [id], "search finds the new word")
    #expect(try await store.search("scool").isEmpty)
    #expect(try await store.pair(id: id).tags == ["school"])
  }

  @Test func renamingOntoAnotherPairIsRefusedAndChangesNothing() async throws {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh")
    _ = try await store.save(PairInput(wordOne: "ladder", wordTwo: "ysgol"))
    let (school, _) = try await store.save(PairInput(wordOne: "school", wordTwo: "ysgol", tags: ["a"]))
    await #expect(throws: PhrasebookError.pairExists(wordOne: "ladder", wordTwo: "ysgol")) {
      try await store.update(pairID: school.pair.id!, with: PairInput(wordOne: " ladder ", wordTwo: "ysgol", tags: []))
    }
    let after = try await store.pair(id: school.pair.id!)
    #expect(after.pair.wordOne == "school" && after.tags == ["a"])
    await #expect(throws: PhrasebookError.unknownPairID(999)) {
      try await store.update(pairID: 999, with: PairInput(wordOne: "x", wordTwo: "y"))
    }
  }

  @Test func saveFromAnImportStillOnlyAddsTags() async throws {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh")
    _ = try await store.save(PairInput(wordOne: "dog", wordTwo: "ci", tags: ["animals"]))
    let (again, created) = try await store.save(PairInput(wordOne: "dog", wordTwo: "ci", tags: ["pets"]))
    #expect(!created && again.tags == ["animals", "pets"])
  }
}
