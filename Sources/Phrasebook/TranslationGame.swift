/// A question of the translation game: a word and four translations, one right.
public struct TranslationQuestion: Codable, Sendable, Equatable {
  /// The pair asked about.
  public let pairID: Int64
  /// The word shown.
  public let prompt: String
  /// Four translations in a random order.
  public let choices: [String]
  /// Where the right one is in `choices`.
  public let answerIndex: Int

  /// The right translation.
  public var answer: String { choices[answerIndex] }
}

extension TranslationQuestion {
  /// Decodes a question a client sent back, refusing one whose answer is not among its choices.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    pairID = try container.decode(Int64.self, forKey: .pairID)
    prompt = try container.decode(String.self, forKey: .prompt)
    choices = try container.decode([String].self, forKey: .choices)
    answerIndex = try container.decode(Int.self, forKey: .answerIndex)
    guard choices.count == TranslationGame.choiceCount else {
      throw PhrasebookError.badGameState("a question has \(choices.count) choices, not \(TranslationGame.choiceCount)")
    }
    guard choices.indices.contains(answerIndex) else {
      throw PhrasebookError.badGameState("a question's answer is not one of its choices")
    }
  }
}

/// A question answered wrongly, for the end-of-game list.
public struct TranslationMistake: Codable, Sendable, Equatable {
  /// The question.
  public let question: TranslationQuestion
  /// What the player chose.
  public let chosen: String
}

/// The Welsh seed's translation game: ten questions of four choices and a score at the end.
/// Pure: every random choice comes from the generator passed in.
public struct TranslationGame: Codable, Sendable, Equatable {
  /// The questions, in play order.
  public let questions: [TranslationQuestion]
  /// The choice made for each question answered so far.
  public private(set) var chosen: [Int] = []

  /// Choices per question.
  public static let choiceCount = 4
  /// The most questions a game may have.
  public static let maxLength = 100

  /// Builds a game of `length` questions over `pairs` in `direction`. Wrong choices come from other
  /// pairs, of the same type where there are enough; with at least `length` pairs no pair is asked
  /// twice. Fewer than four different translations is an error.
  public init(
    pairs: [WordPair], direction: Direction, length: Int = 10, using generator: inout some RandomNumberGenerator
  ) throws {
    guard (1...Self.maxLength).contains(length) else {
      throw PhrasebookError.badGameState("a game has 1 to \(Self.maxLength) questions")
    }
    let answers = Set(pairs.map(direction.answer))
    guard answers.count >= Self.choiceCount else {
      throw PhrasebookError.notEnoughPairs(have: answers.count, need: Self.choiceCount)
    }
    var asked: [WordPair] = []
    while asked.count < length {
      asked += pairs.shuffled(using: &generator).prefix(length - asked.count)
    }
    questions = asked.map { pair in
      let right = direction.answer(pair)
      let others = pairs.filter { direction.answer($0) != right }.shuffled(using: &generator)
      let sameType = pair.type.isEmpty ? [] : others.filter { $0.type == pair.type }
      var wrong: [String] = []
      for other in sameType + others where !wrong.contains(direction.answer(other)) {
        wrong.append(direction.answer(other))
        if wrong.count == Self.choiceCount - 1 { break }
      }
      let choices = ([right] + wrong).shuffled(using: &generator)
      return TranslationQuestion(
        pairID: pair.id ?? 0, prompt: direction.prompt(pair), choices: choices,
        answerIndex: choices.firstIndex(of: right)!)
    }
  }

  /// Decodes a game a client sent back: every question checked, at most one choice per question,
  /// each one of its question's choices. Nothing a client sends can make the rules trap.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    questions = try container.decode([TranslationQuestion].self, forKey: .questions)
    chosen = try container.decode([Int].self, forKey: .chosen)
    guard (1...Self.maxLength).contains(questions.count) else {
      throw PhrasebookError.badGameState("a game has 1 to \(Self.maxLength) questions, not \(questions.count)")
    }
    guard chosen.count <= questions.count else {
      throw PhrasebookError.badGameState("more answers (\(chosen.count)) than questions (\(questions.count))")
    }
    for (question, choice) in zip(questions, chosen) where !question.choices.indices.contains(choice) {
      throw PhrasebookError.badGameState("an answer (\(choice)) is not one of its question's choices")
    }
  }

  /// The question to answer now, or nil when the game is over.
  public var current: TranslationQuestion? { chosen.count < questions.count ? questions[chosen.count] : nil }

  /// True once every question is answered.
  public var isFinished: Bool { current == nil }

  /// Answers the current question with the choice at `index`; returns whether it was right.
  public mutating func answer(_ index: Int) throws -> Bool {
    guard let question = current else { throw PhrasebookError.gameOver }
    guard question.choices.indices.contains(index) else {
      throw PhrasebookError.badChoice(index, count: question.choices.count)
    }
    chosen.append(index)
    return index == question.answerIndex
  }

  /// Right answers so far.
  public var score: Int { zip(questions, chosen).filter { $0.answerIndex == $1 }.count }

  /// Wrong answers so far, in play order.
  public var mistakes: [TranslationMistake] {
    zip(questions, chosen).filter { $0.answerIndex != $1 }.map {
      TranslationMistake(question: $0, chosen: $0.choices[$1])
    }
  }
}
