import Foundation
import Testing

@testable import Phrasebook

/// Letters as each language's alphabet has them (ICU's collation at primary strength).
@Suite struct LanguageLettersTests {
  @Test func swedishHangmanKeepsÅÄÖAsLettersOfTheirOwn() throws {
    var game = Hangman(word: "Råttan äter ost", clue: "the rat eats cheese", language: "sv")
    #expect(try game.guess("a") == .hit(1), "only the plain a of råttan, not å or ä")
    #expect(game.display == "____a_ ____ ___")
    #expect(try game.guess("o") == .hit(1))
    #expect(try game.guess("å") == .hit(1) && (try game.guess("ä")) == .hit(1))
    #expect(game.display == "_å__a_ ä___ o__")
    var finnish = Hangman(word: "päivä", clue: "day", language: "fi")
    #expect(try finnish.guess("a") == .miss)
    var danish = Hangman(word: "blåbær", clue: "blueberry", language: "da")
    #expect(try danish.guess("a") == .miss, "å is a letter of its own in Danish")
  }

  @Test func welshHangmanRevealsAccentsButTheRootOrderToo() throws {
    var welsh = Hangman(word: "dŵr a tân", clue: "water and fire", language: "cy")
    #expect(try welsh.guess("w") == .hit(1) && (try welsh.guess("a")) == .hit(2), "ŵ and â are accented letters")
    var root = Hangman(word: "Råttan", clue: "rat")
    #expect(try root.guess("a") == .hit(2), "without a language, å is an a with a ring")
  }

  @Test func aGameSentBackKeepsItsLanguageAndRefusesAStrangeOne() throws {
    var game = Hangman(word: "häst", clue: "horse", language: "sv")
    _ = try game.guess("a")
    let decoded = try JSONDecoder().decode(Hangman.self, from: try JSONEncoder().encode(game))
    #expect(decoded == game && decoded.language == "sv" && decoded.misses == ["a"])
    let strange = #"{"word":"häst","clue":"horse","lives":7,"language":"sv\"><","guesses":[]}"#
    #expect(throws: PhrasebookError.self) { try JSONDecoder().decode(Hangman.self, from: Data(strange.utf8)) }
  }

  @Test func swedishSortsÅÄÖAfterZAndWelshChAfterC() throws {
    let swedish = PairOrder(
      Phrasebook(
        id: 1, name: "s", languageOneCode: "sv", languageOneName: "Svenska", languageTwoCode: "en",
        languageTwoName: "English", areas: [], defaultArea: ""))
    let words = ["öl", "ägg", "zebra", "åka", "apa", "ost"]
    #expect(words.sorted(by: swedish.firstLanguagePrecedes) == ["apa", "ost", "zebra", "åka", "ägg", "öl"])
    let welsh = PairOrder(
      Phrasebook(
        id: 1, name: "w", languageOneCode: "cy", languageOneName: "Cymraeg", languageTwoCode: "en",
        languageTwoName: "English", areas: [], defaultArea: ""))
    #expect(
      ["da", "dd", "cz", "ch", "llan", "lo"].sorted(by: welsh.firstLanguagePrecedes)
        == ["cz", "ch", "da", "dd", "lo", "llan"])
  }
}

@Suite struct NordicIndexTests {
  /// The letter index is the collation's own order: each index letter sorts where the index has it.
  @Test func danishAndNorwegianIndexesEndWithÆØÅAsTheirCollationSortsThem() {
    for language in ["da", "nb", "sv", "fi"] {
      let letters = Alphabet.letters(language: language)
      let order = PairOrder(
        Phrasebook(
          id: 1, name: language, languageOneCode: language, languageOneName: language, languageTwoCode: "en",
          languageTwoName: "English", areas: [], defaultArea: ""))
      #expect(letters.sorted(by: order.firstLanguagePrecedes) == letters, "\(language)")
      #expect(letters.count == 29 && letters.prefix(26).last == "z", "\(language)")
    }
  }
}
