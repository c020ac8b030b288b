import Localization
import Phrasebook

/// Why Phrasebook refuses a game sent back or a recording, why espeak-ng made no audio and what is
/// damaged in a database, worded in the request's language (`phrasebook.reason.*`). Only what
/// espeak-ng said in its own words is kept.
enum PhrasebookReasonWords {
  static func game(_ problem: GameStateProblem) -> String {
    switch problem {
    case .choiceCount(let count):
      t(
        "phrasebook.reason.game.choiceCount",
        ["count": .number(count), "expected": .number(TranslationGame.choiceCount)])
    case .answerNotAChoice: t("phrasebook.reason.game.answerNotAChoice")
    case .questionCount(let count):
      t("phrasebook.reason.game.questionCount", ["count": .number(count), "max": .number(TranslationGame.maxLength)])
    case .typedCount(let typed, let answers):
      t("phrasebook.reason.game.typedCount", ["typed": .number(typed), "answers": .number(answers)])
    case .moreAnswersThanQuestions(let answers, let questions):
      t(
        "phrasebook.reason.game.moreAnswersThanQuestions",
        ["answers": .number(answers), "questions": .number(questions)])
    // The index as the client sent it, not grouped.
    case .choiceNotOffered(let choice): t("phrasebook.reason.game.choiceNotOffered", ["choice": .text(String(choice))])
    case .emptyTypedAnswer: t("phrasebook.reason.game.emptyTypedAnswer")
    case .wordOrClueTooLong:
      t(
        "phrasebook.reason.game.wordOrClueTooLong",
        ["letters": .number(Hangman.maxWordLength), "characters": .number(Hangman.maxClueLength)])
    case .lives(let lives):
      t("phrasebook.reason.game.lives", ["lives": .text(String(lives)), "max": .number(Hangman.maxLives)])
    case .languageNotATag: t("phrasebook.reason.game.languageNotATag")
    case .impossibleGuesses: t("phrasebook.reason.game.impossibleGuesses")
    }
  }

  static func speech(_ problem: SpeechProblem) -> String {
    switch problem {
    case .cannotStart(let program): t("phrasebook.reason.speech.cannotStart", ["program": .text(program)])
    case .failed(let message): t("phrasebook.reason.speech.failed", ["message": quotedInput(message)])
    case .noWAV: t("phrasebook.reason.speech.noWAV")
    case .timedOut(let seconds): t("phrasebook.reason.speech.timedOut", ["seconds": .number(seconds)])
    }
  }

  static func damage(_ problem: DamageProblem) -> String {
    switch problem {
    case .unknownCardState(let card, let state):
      t("phrasebook.reason.damage.unknownCardState", ["card": .text(String(card)), "state": .text(String(state))])
    case .pairWithoutPhrasebook(let pair):
      t("phrasebook.reason.damage.pairWithoutPhrasebook", ["pair": .text(String(pair))])
    }
  }

  static func recording(_ problem: RecordingProblem) -> String {
    switch problem {
    case .tooLarge(let limit): t("phrasebook.reason.recording.tooLarge", ["size": .bytes(Int64(limit))])
    case .notAudio: t("phrasebook.reason.recording.notAudio")
    case .typeMismatch(let found, let declared?):
      t("phrasebook.reason.recording.typeMismatch", ["found": .text(found), "declared": quotedInput(declared)])
    case .typeMismatch(let found, nil): t("phrasebook.reason.recording.noType", ["found": .text(found)])
    }
  }
}
