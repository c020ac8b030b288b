import AppSupport

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
      throw PhrasebookError.badGameState(.choiceCount(choices.count))
    }
    guard choices.indices.contains(answerIndex) else {
      throw PhrasebookError.badGameState(.answerNotAChoice)
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
  /// What was typed for each question answered so far, empty where a choice was picked; a typed
  /// answer graded wrong is chosen as `typedWrong`.
  public private(set) var typed: [String] = []

  /// The choice recorded for a typed answer that matches none.
  public static let typedWrong = -1

  /// Choices per question.
  public static let choiceCount = 4
  /// The most questions a game may have.
  public static let maxLength = 100

  /// Builds a game of `length` questions over `pairs` in `direction`. Wrong choices come from other
  /// pairs, of the same type where there are enough, and are never a right answer too: where one
  /// word has several translations (`ysgol`: ladder, school), none of them is offered as wrong.
  /// With at least `length` pairs no pair is asked twice. Too few other translations is an error.
  public init(
    pairs: [WordPair], direction: Direction, length: Int = 10, using generator: inout some RandomNumberGenerator
  ) throws {
    guard (1...Self.maxLength).contains(length) else {
      throw PhrasebookError.badGameState(.questionCount(length))
    }
    let answers = Set(pairs.map(direction.answer))
    guard answers.count >= Self.choiceCount else {
      throw PhrasebookError.notEnoughPairs(have: answers.count, need: Self.choiceCount)
    }
    var asked: [WordPair] = []
    while asked.count < length {
      asked += pairs.shuffled(using: &generator).prefix(length - asked.count)
    }
    questions = try asked.map { pair in
      let right = direction.answer(pair)
      let prompt = Self.key(direction.prompt(pair))
      // Every translation of the word asked is right: none may be a "wrong" choice.
      let rightOnes = Set(
        pairs.filter { Self.key(direction.prompt($0)) == prompt }.map { Self.key(direction.answer($0)) })
      let others = pairs.filter { !rightOnes.contains(Self.key(direction.answer($0))) }.shuffled(using: &generator)
      let sameType = pair.type.isEmpty ? [] : others.filter { $0.type == pair.type }
      var wrong: [String] = []
      for other in sameType + others where !wrong.contains(where: { Self.key($0) == Self.key(direction.answer(other)) })
      {
        wrong.append(direction.answer(other))
        if wrong.count == Self.choiceCount - 1 { break }
      }
      guard wrong.count == Self.choiceCount - 1 else {
        throw PhrasebookError.notEnoughPairs(have: wrong.count + 1, need: Self.choiceCount)
      }
      let choices = ([right] + wrong).shuffled(using: &generator)
      return TranslationQuestion(
        pairID: pair.id ?? 0, prompt: direction.prompt(pair), choices: choices,
        answerIndex: choices.firstIndex(of: right)!)
    }
  }

  /// Answers compared as a learner reads them: case aside, Unicode composed.
  private static func key(_ text: String) -> String { text.nfc.lowercased() }

  /// Decodes a game a client sent back: every question checked, at most one choice per question,
  /// each one of its question's choices. Nothing a client sends can make the rules trap.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    questions = try container.decode([TranslationQuestion].self, forKey: .questions)
    chosen = try container.decode([Int].self, forKey: .chosen)
    typed = try container.decodeIfPresent([String].self, forKey: .typed) ?? []
    if typed.isEmpty { typed = Array(repeating: "", count: chosen.count) }
    guard typed.count == chosen.count else {
      throw PhrasebookError.badGameState(.typedCount(typed: typed.count, answers: chosen.count))
    }
    guard (1...Self.maxLength).contains(questions.count) else {
      throw PhrasebookError.badGameState(.questionCount(questions.count))
    }
    guard chosen.count <= questions.count else {
      throw PhrasebookError.badGameState(
        .moreAnswersThanQuestions(answers: chosen.count, questions: questions.count))
    }
    for (question, (choice, text)) in zip(questions, zip(chosen, typed))
    where !question.choices.indices.contains(choice) && !(choice == Self.typedWrong && !text.isEmpty) {
      throw PhrasebookError.badGameState(.choiceNotOffered(choice))
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
    typed.append("")
    return index == question.answerIndex
  }

  /// Answers the current question by typing: graded as revision grades it (`gradeAnswer`, the
  /// answer in `language`), right unless the verdict is wrong.
  public mutating func answer(
    typed text: String, language: String, lemmas: (String) -> [String] = { _ in [] }
  ) throws -> AnswerCheck {
    guard let question = current else { throw PhrasebookError.gameOver }
    let check = gradeAnswer(text, against: [question.answer], language: language, lemmas: lemmas)
    guard !check.typed.isEmpty else { throw PhrasebookError.badGameState(.emptyTypedAnswer) }
    chosen.append(check.verdict == .wrong ? Self.typedWrong : question.answerIndex)
    typed.append(check.typed)
    return check
  }

  /// Right answers so far.
  public var score: Int { zip(questions, chosen).filter { $0.answerIndex == $1 }.count }

  /// Wrong answers so far, in play order.
  public var mistakes: [TranslationMistake] {
    zip(questions, zip(chosen, typed)).filter { $0.answerIndex != $1.0 }.map { question, answer in
      TranslationMistake(
        question: question, chosen: answer.0 == Self.typedWrong ? answer.1 : question.choices[answer.0])
    }
  }
}
