import Foundation
import TestSupport
import Testing

@testable import Phrasebook

@Suite struct GameTests {
  func pairs(_ words: [(String, String, String)]) -> [WordPair] {
    words.enumerated().map { index, word in
      WordPair(
        id: Int64(index + 1), phrasebookID: 1, wordOne: word.0, wordTwo: word.1, type: word.2, context: "", area: "",
        note: "", image: "", imageURL: "", imageCredit: "", imageLicence: "", createdAt: Date(), updatedAt: Date())
    }
  }

  var twelve: [WordPair] {
    pairs([
      ("dog", "ci", "noun"), ("cat", "cath", "noun"), ("house", "tŷ", "noun"), ("water", "dŵr", "noun"),
      ("bread", "bara", "noun"), ("milk", "llaeth", "noun"), ("to run", "rhedeg", "verb"), ("to eat", "bwyta", "verb"),
      ("to drink", "yfed", "verb"), ("to sleep", "cysgu", "verb"), ("big", "mawr", "adjective"),
      ("small", "bach", "adjective"),
    ])
  }

  @Test func aGameHasTenDistinctQuestionsOfFourChoicesWithTheRightOneAmongThem() throws {
    for seed in 1...50 {
      var random = SeededGenerator(seed: UInt64(seed))
      let game = try TranslationGame(pairs: twelve, direction: .forward, using: &random)
      #expect(game.questions.count == 10)
      #expect(Set(game.questions.map(\.pairID)).count == 10, "no question twice with ten pairs or more")
      for question in game.questions {
        #expect(question.choices.count == 4 && Set(question.choices).count == 4)
        let pair = twelve.first { $0.id == question.pairID }!
        #expect(question.prompt == pair.wordOne && question.answer == pair.wordTwo)
      }
    }
  }

  @Test func wrongChoicesHaveTheSameTypeWhereThereAreEnough() throws {
    var random = SeededGenerator(seed: 11)
    let game = try TranslationGame(pairs: twelve, direction: .reverse, length: 12, using: &random)
    for question in game.questions {
      let type = twelve.first { $0.id == question.pairID }!.type
      let choiceTypes = question.choices.map { choice in twelve.first { $0.wordOne == choice }!.type }
      if type != "adjective" { #expect(choiceTypes.allSatisfy { $0 == type }) }
      #expect(question.answer == twelve.first { $0.id == question.pairID }!.wordOne)
    }
  }

  @Test func theSameSeedGivesTheSameGameAndDifferentSeedsDiffer() throws {
    var first = SeededGenerator(seed: 5)
    var again = SeededGenerator(seed: 5)
    var other = SeededGenerator(seed: 6)
    let game = try TranslationGame(pairs: twelve, direction: .forward, using: &first)
    #expect(game == (try TranslationGame(pairs: twelve, direction: .forward, using: &again)))
    #expect(game != (try TranslationGame(pairs: twelve, direction: .forward, using: &other)))
  }

  @Test func scoringCountsRightAnswersAndListsMistakes() throws {
    var random = SeededGenerator(seed: 2)
    var game = try TranslationGame(pairs: twelve, direction: .forward, using: &random)
    for number in 0..<10 {
      let question = game.current!
      let choice = number < 7 ? question.answerIndex : (question.answerIndex + 1) % 4
      #expect(try game.answer(choice) == (number < 7))
    }
    #expect(game.isFinished && game.score == 7 && game.mistakes.count == 3)
    #expect(game.mistakes[0].question == game.questions[7])
    #expect(throws: PhrasebookError.gameOver) { try game.answer(0) }
  }

  @Test func fewerThanFourPairsIsAClearMessageAndFewPairsRepeat() throws {
    var random = SeededGenerator(seed: 3)
    #expect(throws: PhrasebookError.notEnoughPairs(have: 3, need: 4)) {
      try TranslationGame(pairs: Array(twelve.prefix(3)), direction: .forward, using: &random)
    }
    let small = try TranslationGame(pairs: Array(twelve.prefix(5)), direction: .forward, using: &random)
    #expect(small.questions.count == 10 && Set(small.questions.map(\.pairID)).count == 5)
    var game = small
    #expect(throws: PhrasebookError.badChoice(4, count: 4)) { try game.answer(4) }
  }

  @Test func hangmanRevealsGraphemesIgnoringCaseAndAccents() throws {
    var game = Hangman(word: "Dŵr-y'Llyn", clue: "lake water")
    #expect(game.display == "___-_'____")
    #expect(try game.guess("w") == .hit(1), "a base letter reveals its accented form")
    #expect(try game.guess("L") == .hit(2), "case ignored")
    #expect(game.display == "_ŵ_-_'Ll__")
    #expect(try game.guess("l") == .repeated)
    #expect(try game.guess("z") == .miss && game.livesLeft == Hangman.defaultLives - 1)
    for letter in ["d", "r", "y", "n"] { _ = try game.guess(letter) }
    #expect(game.status == .won && game.display == "Dŵr-y'Llyn")
    #expect(throws: PhrasebookError.gameOver) { try game.guess("a") }
  }

  @Test func anAccentedGuessRevealsOnlyItselfAndGraphemesCountAsOneLetter() throws {
    var game = Hangman(word: "tŷ ty", clue: "house")
    #expect(try game.guess("ŷ") == .hit(1))
    #expect(game.display == "_ŷ __")
    let decomposed = "y\u{0302}"  // y + combining circumflex: one grapheme
    var other = Hangman(word: "t\(decomposed)", clue: "house")
    #expect(try other.guess("ŷ") == .hit(1), "compared in NFC")
    #expect(throws: PhrasebookError.badGuess("ab")) { try other.guess("ab") }
  }

  @Test func hangmanIsLostWhenTheLivesRunOutAndShowsTheWord() throws {
    var game = Hangman(word: "cath", clue: "cat", lives: 3)
    for letter in ["x", "q", "z"] { #expect(try game.guess(letter) == .miss) }
    #expect(game.status == .lost && game.display == "cath" && game.misses == ["x", "q", "z"])
  }

  @Test func theContextJoinsTheHiddenWordOnlyWhenAskedFor() {
    var pair = twelve[3]
    pair.context = "to drink"
    #expect(Hangman(pair: pair, direction: .forward).word == "dŵr")
    #expect(Hangman(pair: pair, direction: .forward, includeContext: true).word == "dŵr (to drink)")
    #expect(Hangman(pair: pair, direction: .reverse).clue == "dŵr")
  }
}
