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

  /// The seed's own sample data has `ysgol` as both ladder and school: asked `ysgol`, a game
  /// once offered both and accepted one. A wrong choice is never a right answer too.
  @Test func aWordWithTwoTranslationsNeverOffersTheOtherAsWrong() throws {
    let welsh = pairs([
      ("ysgol", "ladder", "noun"), ("ysgol", "School", "noun"), ("ci", "dog", "noun"), ("cath", "cat", "noun"),
      ("tŷ", "house", "noun"), ("dŵr", "water", "noun"),
    ])
    for seed in 1...200 {
      var random = SeededGenerator(seed: UInt64(seed))
      let game = try TranslationGame(pairs: welsh, direction: .forward, length: 6, using: &random)
      for question in game.questions where question.prompt == "ysgol" {
        let offered = Set(question.choices.map { $0.lowercased() })
        #expect(!(offered.contains("ladder") && offered.contains("school")), "seed \(seed): \(question.choices)")
      }
      for question in game.questions where question.prompt != "ysgol" {
        #expect(Set(question.choices.map { $0.lowercased() }).count == 4)
      }
    }
    let cramped = pairs([("ysgol", "ladder", ""), ("ysgol", "school", ""), ("ci", "dog", ""), ("cath", "cat", "")])
    var random = SeededGenerator(seed: 1)
    #expect(throws: PhrasebookError.self, "two wrong translations are not enough for four choices") {
      try TranslationGame(pairs: cramped, direction: .forward, length: 4, using: &random)
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

  /// A game as a client sends it back, with `change` applied to its JSON object.
  func sentBack<Game: Codable>(_ game: Game, _ change: (inout [String: Any]) -> Void) throws -> Data {
    var object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(game)) as! [String: Any]
    change(&object)
    return try JSONSerialization.data(withJSONObject: object)
  }

  /// Why a game sent back is refused; nil when it is not refused as a bad game.
  func refusal<Game: Decodable>(_ data: Data, as type: Game.Type) -> GameStateProblem? {
    do {
      _ = try JSONDecoder().decode(type, from: data)
      return nil
    } catch let error as PhrasebookError {
      if case .badGameState(let problem) = error { return problem }
      return nil
    } catch {
      return nil
    }
  }

  @Test func aTranslationGameSentBackIsCheckedBeforeAnyRuleRuns() throws {
    var random = SeededGenerator(seed: 4)
    var game = try TranslationGame(pairs: twelve, direction: .forward, using: &random)
    _ = try game.answer(1)
    let round = try JSONDecoder().decode(TranslationGame.self, from: JSONEncoder().encode(game))
    #expect(round == game, "a game the server made comes back as it was")
    let hostile: [(GameStateProblem, (inout [String: Any]) -> Void)] = [
      (.choiceNotOffered(Int.max), { $0["chosen"] = [Int.max] }),
      (.choiceNotOffered(-1), { $0["chosen"] = [-1] }),
      (.typedCount(typed: 1, answers: 11), { $0["chosen"] = Array(repeating: 0, count: 11) }),
      (
        .moreAnswersThanQuestions(answers: 11, questions: 10),
        {
          $0["chosen"] = Array(repeating: 0, count: 11)
          $0["typed"] = Array(repeating: "", count: 11)
        }
      ),
      (.questionCount(0), { $0["questions"] = [] }),
      (
        .answerNotAChoice,
        {
          var questions = $0["questions"] as! [[String: Any]]
          questions[0]["answerIndex"] = Int.min
          $0["questions"] = questions
        }
      ),
      (
        .choiceCount(0),
        {
          var questions = $0["questions"] as! [[String: Any]]
          questions[1]["choices"] = []
          $0["questions"] = questions
        }
      ),
      (
        .questionCount(101),
        {
          var questions = $0["questions"] as! [[String: Any]]
          $0["questions"] = Array(repeating: questions.removeFirst(), count: 101)
        }
      ),
    ]
    for (problem, change) in hostile {
      #expect(refusal(try sentBack(game, change), as: TranslationGame.self) == problem)
    }
  }

  @Test func aHangmanGameSentBackIsReplayedFromItsGuessesAndExtremeValuesAreRefused() throws {
    var game = Hangman(word: "cath", clue: "cat")
    _ = try game.guess("a")
    _ = try game.guess("z")
    let round = try JSONDecoder().decode(Hangman.self, from: JSONEncoder().encode(game))
    #expect(round == game && round.livesLeft == 6)
    let hostile: [(GameStateProblem, (inout [String: Any]) -> Void)] = [
      (.lives(Int.min), { $0["lives"] = Int.min }),
      (.lives(Int.max), { $0["lives"] = Int.max }),
      (.lives(0), { $0["lives"] = 0 }),
      (.lives(-3), { $0["lives"] = -3 }),
      (.impossibleGuesses, { $0["misses"] = [] }),
      (.impossibleGuesses, { $0["guesses"] = ["a", "z", "a"] }),
      (.impossibleGuesses, { $0["guesses"] = ["A", "z"] }),
      (.impossibleGuesses, { $0["guesses"] = ["ab", "z"] }),
      (.impossibleGuesses, { $0["guesses"] = ["!", "z"] }),
      (.impossibleGuesses, { $0["guesses"] = ["a", "z", "b", "d", "e", "f", "g", "i", "j", "k"] }),
      (.languageNotATag, { $0["language"] = "cy; DROP" }),
      (.wordOrClueTooLong, { $0["word"] = "" }),
      (.wordOrClueTooLong, { $0["word"] = String(repeating: "a", count: 10_000) }),
      (.wordOrClueTooLong, { $0["clue"] = String(repeating: "c", count: 100_000) }),
    ]
    for (problem, change) in hostile {
      #expect(refusal(try sentBack(game, change), as: Hangman.self) == problem)
    }
    #expect(Hangman(word: "cath", clue: "cat", lives: Int.min).livesLeft == 0, "no trap even when made in code")
  }

  /// Checking a state a client sent back grows with its length, not its square: the longest
  /// allowed state takes at most 11 times as long as one a quarter as long (linear: 4, square: 16).
  /// A ratio measured in one run, the best of 25 of each taken in turn, so a busy machine does not
  /// decide it: timing all of one and then all of the other let a burst of load land on one side
  /// (a CI run under load 10 measured 12×). (It caught two quadratic costs: folding every letter
  /// again on every guess replayed.)
  @Test func checkingAHangmanStateGrowsLinearlyWithItsLength() throws {
    func state(letters count: Int) throws -> Data {
      let letters = (0..<count).map { String(UnicodeScalar(0x4E00 + $0)!) }
      var game = Hangman(word: letters.joined(), clue: "many letters", lives: Hangman.maxLives)
      for letter in letters.dropLast() { _ = try game.guess(letter) }
      return try JSONEncoder().encode(game)
    }
    func time(_ data: Data) throws -> Duration {
      let started = ContinuousClock.now
      _ = try JSONDecoder().decode(Hangman.self, from: data)
      return ContinuousClock.now - started
    }
    let longest = try state(letters: Hangman.maxWordLength)
    let quarter = try state(letters: Hangman.maxWordLength / 4)
    #expect(try JSONDecoder().decode(Hangman.self, from: longest).word.count == Hangman.maxWordLength)
    var best = (longest: Duration.seconds(1), quarter: Duration.seconds(1))
    for _ in 0..<25 {
      best.longest = min(best.longest, try time(longest))
      best.quarter = min(best.quarter, try time(quarter))
    }
    let ratio = best.longest / best.quarter
    #expect(ratio < 11, "checking took \(ratio)× as long for 4× the letters")
  }
}
