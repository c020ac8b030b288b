import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Localization
import Phrasebook
import Testing

@testable import WebApp

/// Why a game sent back or a recording is refused, and why espeak-ng made no audio, are worded in
/// the user's language: none of the core's English is left inside a translated message.
@Suite struct PhrasebookReasonWordsTests {
  static let games: [GameStateProblem] = [
    .choiceCount(3), .answerNotAChoice, .questionCount(0), .typedCount(typed: 2, answers: 3),
    .moreAnswersThanQuestions(answers: 5, questions: 4), .choiceNotOffered(-7), .emptyTypedAnswer,
    .wordOrClueTooLong, .lives(0), .languageNotATag, .impossibleGuesses,
  ]
  static let recordings: [RecordingProblem] = [
    .tooLarge(limit: PhrasebookStore.maxRecordingBytes), .notAudio,
    .typeMismatch(found: "webm", declared: "audio/ogg"), .typeMismatch(found: "webm", declared: nil),
  ]
  static let speech: [SpeechProblem] = [
    .cannotStart(program: "espeak-ng"), .noWAV, .failed(message: "no voice"), .timedOut(seconds: 15),
  ]

  static let damages: [DamageProblem] = [.unknownCardState(card: 3, state: 9), .pairWithoutPhrasebook(pair: 4)]

  static var errors: [PhrasebookError] {
    games.map(PhrasebookError.badGameState) + recordings.map(PhrasebookError.badRecording)
      + speech.map(PhrasebookError.speechFailed) + damages.map(PhrasebookError.corrupt)
  }

  func words(_ error: PhrasebookError, in language: String) throws -> String {
    try #require(interfaceWords(for: error, localizer: Translations.bundled.localizer(language)))
  }

  @Test func everyReasonHasItsOwnWordsInEveryLanguage() throws {
    for language in Translations.shipped.map(\.tag) {
      let sentences = try Self.errors.map { try words($0, in: language) }
      #expect(Set(sentences).count == Self.errors.count, "\(language): \(sentences)")
      #expect(!sentences.contains { $0.contains("phrasebook.") || $0.contains("{") }, "\(language): \(sentences)")
    }
  }

  @Test func noEnglishReasonIsLeftInsideATranslatedMessage() throws {
    for language in Translations.shipped.map(\.tag) where language != "en" {
      for error in Self.errors {
        let sentence = try words(error, in: language)
        let english: String =
          switch error {
          case .badGameState(let problem): problem.description
          case .badRecording(let problem): problem.description
          case .speechFailed(.failed): "it said"  // espeak-ng's own words are kept
          case .speechFailed(let problem): problem.description
          case .corrupt(let problem): problem.description
          default: ""
          }
        #expect(!sentence.contains(english), "\(language): \(sentence)")
      }
    }
  }

  @Test func theEnglishCatalogSaysWhatTheCoreSays() throws {
    for error in Self.games.map(PhrasebookError.badGameState) + Self.damages.map(PhrasebookError.corrupt)
    where error != .badGameState(.wordOrClueTooLong) {
      #expect(try words(error, in: "en") == error.description)
    }
    #expect(
      try words(.badGameState(.wordOrClueTooLong), in: "en").hasSuffix(
        "the word must have 1 to 100 letters and the clue at most 1,000 characters"))
    #expect(try words(.speechFailed(.noWAV), in: "en") == "espeak-ng could not speak it: it made no WAV file")
    #expect(
      try words(.speechFailed(.timedOut(seconds: 15)), in: "en")
        == "espeak-ng could not speak it: it took more than 15 seconds and was stopped")
    #expect(
      try words(.speechFailed(.failed(message: "no \"voice\"")), in: "en")
        == "espeak-ng could not speak it: it said “no \\\"voice\\\"”")
    #expect(
      try words(.badRecording(.typeMismatch(found: "webm", declared: nil)), in: "en")
        == "the recording cannot be stored: it is webm audio, but it came with no type")
  }

  @Test func aHostileGameAndARecordingOfTheWrongKindAreRefusedInFrench() async throws {
    let (app, store) = try await makePhrasebookApp()
    let (pair, _) = try await store.save(PairInput(wordOne: "cat", wordTwo: "cath"))
    var french = sameOrigin
    french[.acceptLanguage] = "fr"
    var audio = french
    audio[.contentType] = "audio/ogg"
    let (jsonHeaders, audioHeaders) = (french, audio)
    let hangman = json(["game": ["word": "cath", "clue": "cat", "lives": 0, "guesses": [String]()], "letter": "a"])
    let webm = ByteBuffer(data: Data([0x1A, 0x45, 0xDF, 0xA3]) + Data(repeating: 7, count: 100))
    try await app.test(.router) { client in
      try await client.execute(
        uri: "/api/phrasebook/games/hangman/guess", method: .post, headers: jsonHeaders, body: hangman
      ) { response in
        #expect(response.status == .unprocessableContent)
        #expect(
          response.error == "la partie renvoyée n’a pas pu être créée par ce serveur\u{202F}: "
            + "le nombre de vies doit aller de 1 à 26, pas 0")
      }
      try await client.execute(
        uri: "/api/phrasebook/pairs/\(pair.pair.id!)/audio/two", method: .put, headers: audioHeaders,
        body: webm
      ) { response in
        #expect(response.status == .unprocessableContent)
        #expect(
          response.error
            == "l’enregistrement ne peut pas être conservé\u{202F}: c’est de l’audio webm, pas «\u{A0}audio/ogg\u{A0}»")
      }
    }
  }
}
