/// Why a game sent back by a client (or an answer to it) breaks the game's rules or limits, with
/// the numbers that broke them. The adapters word it; `description` is the English.
public enum GameStateProblem: Equatable, Sendable, CustomStringConvertible {
  /// A translation question without `TranslationGame.choiceCount` choices.
  case choiceCount(Int)
  /// A translation question whose answer is not one of its choices.
  case answerNotAChoice
  /// A translation game asked for or sent back with no questions or more than `TranslationGame.maxLength`.
  case questionCount(Int)
  /// A different number of typed answers than answers.
  case typedCount(typed: Int, answers: Int)
  /// More answers than questions.
  case moreAnswersThanQuestions(answers: Int, questions: Int)
  /// An answer (a choice's index as sent) that is none of its question's choices.
  case choiceNotOffered(Int)
  /// A typed answer that is empty.
  case emptyTypedAnswer
  /// A hangman word or clue outside `Hangman.maxWordLength` and `Hangman.maxClueLength`.
  case wordOrClueTooLong
  /// Hangman lives outside 1…`Hangman.maxLives`.
  case lives(Int)
  /// A hangman language that is not a BCP 47 tag.
  case languageNotATag
  /// Hangman guesses these rules could not have played.
  case impossibleGuesses

  /// The reason in English.
  public var description: String {
    switch self {
    case .choiceCount(let count): "a question must have \(TranslationGame.choiceCount) choices, not \(count)"
    case .answerNotAChoice: "a question's answer is not one of its choices"
    case .questionCount(let count): "a game has 1 to \(TranslationGame.maxLength) questions, not \(count)"
    case .typedCount(let typed, let answers): "\(typed) typed answers for \(answers) answers"
    case .moreAnswersThanQuestions(let answers, let questions):
      "more answers (\(answers)) than questions (\(questions))"
    case .choiceNotOffered(let choice): "an answer (\(choice)) is not one of its question's choices"
    case .emptyTypedAnswer: "the typed answer is empty"
    case .wordOrClueTooLong:
      "the word must have 1 to \(Hangman.maxWordLength) letters and the clue at most \(Hangman.maxClueLength) characters"
    case .lives(let lives): "lives must be 1 to \(Hangman.maxLives), not \(lives)"
    case .languageNotATag: "the language must be a BCP 47 tag"
    case .impossibleGuesses: "the guesses are not a game these rules could have played"
    }
  }
}

/// Why espeak-ng made no audio. The adapters word it; `description` is the English.
public enum SpeechProblem: Equatable, Sendable, CustomStringConvertible {
  /// The program could not be started (it is not installed).
  case cannotStart(program: String)
  /// It failed; what it wrote to standard error (its own words, at most 200 bytes).
  case failed(message: String)
  /// It ended well but wrote no WAV file.
  case noWAV
  /// It took longer than the time limit (in seconds) and was stopped.
  case timedOut(seconds: Int)

  /// The reason in English.
  public var description: String {
    switch self {
    case .cannotStart(let program): "\(program) cannot be started"
    case .failed(let message): message
    case .noWAV: "no WAV came out"
    case .timedOut(let seconds): "it took more than \(seconds) seconds and was stopped"
    }
  }
}

/// Why a recording is refused. The adapters word it; `description` is the English.
public enum RecordingProblem: Equatable, Sendable, CustomStringConvertible {
  /// It is bigger than the limit (in bytes).
  case tooLarge(limit: Int)
  /// Its bytes are none of the audio kinds browsers record.
  case notAudio
  /// Its bytes are audio of one kind (a file extension) but it was sent as another content type, or none.
  case typeMismatch(found: String, declared: String?)

  /// The reason in English.
  public var description: String {
    switch self {
    case .tooLarge(let limit): "it is over \(limit >> 20) MiB"
    case .notAudio: "it is not WebM, Ogg, MP4, WAV or MP3 audio"
    case .typeMismatch(let found, let declared): "it is \(found) audio, not \(declared ?? "of no type")"
    }
  }
}

/// What is damaged in a phrasebook database. The adapters word it; `description` is the English.
public enum DamageProblem: Equatable, Sendable, CustomStringConvertible {
  /// A card whose state is none this version knows.
  case unknownCardState(card: Int64, state: Int)
  /// A pair whose phrasebook is gone.
  case pairWithoutPhrasebook(pair: Int64)

  /// The damage in English.
  public var description: String {
    switch self {
    case .unknownCardState(let card, let state): "card \(card) has an unknown state (\(state))"
    case .pairWithoutPhrasebook(let pair): "pair \(pair) has no phrasebook"
    }
  }
}
