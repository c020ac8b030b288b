import AppSupport
import GRDB

/// Typed answers: a card's answer graded against every right translation.
extension PhrasebookStore {
  /// Grades `typed` as the answer to a pair's card in `direction`. Every translation the phrasebook
  /// has for the prompt word is right (asked `milk`, `llefrith` is as good as `llaeth`); the answer
  /// side's language decides accents and mutations and which `stems` are asked for.
  public func checkAnswer(
    pairID: Int64, direction: Direction, typed: String, stems: @escaping Stems = noStems
  ) async throws -> AnswerCheck {
    let (answers, language) = try await writer.read { db in
      guard let pair = try WordPair.fetchOne(db, key: pairID) else { throw PhrasebookError.unknownPairID(pairID) }
      return try Self.rightAnswers(db, pair: pair, direction: direction)
    }
    return gradeAnswer(typed, against: answers, language: language) { stems($0, language) }
  }

  /// Grades `typed` as the answer to the card of the pair with these words (for the command line).
  public func checkAnswer(
    wordOne: String, wordTwo: String, direction: Direction, typed: String, in phrasebook: String? = nil,
    stems: @escaping Stems = noStems
  ) async throws -> AnswerCheck {
    let (answers, language) = try await writer.read { db in
      let pair = try Self.findPair(db, book: try Self.phrasebook(db, phrasebook), wordOne: wordOne, wordTwo: wordTwo)
      return try Self.rightAnswers(db, pair: pair, direction: direction)
    }
    return gradeAnswer(typed, against: answers, language: language) { stems($0, language) }
  }

  /// The pair's answer first, then every other answer of its prompt word, and their language.
  private static func rightAnswers(_ db: Database, pair: WordPair, direction: Direction) throws
    -> (answers: [String], language: String)
  {
    guard let book = try Phrasebook.fetchOne(db, key: pair.phrasebookID) else {
      throw PhrasebookError.corrupt(.pairWithoutPhrasebook(pair: pair.id ?? 0))
    }
    let prompt = direction.prompt(pair).lowercased()
    let others = try WordPair.filter(WordPair.Columns.phrasebookID == book.id).fetchAll(db)
      .filter { $0.id != pair.id && direction.prompt($0).lowercased() == prompt }
    let language = direction == .forward ? book.languageTwoCode : book.languageOneCode
    return ([direction.answer(pair)] + others.map(direction.answer), language)
  }
}
