import AppSupport
import Foundation
import Hummingbird
import Localization
import Phrasebook

extension PhrasebookError: ServerError {
  /// The status each case answers with; a new case does not compile until it is given one.
  var status: HTTPResponse.Status {
    switch self {
    case .unknownPhrasebook, .unknownPair, .unknownPairID, .unknownTag: .notFound
    case .badSearchAheadLimit: .badRequest  // a query parameter of the page's, not a user's input
    case .noPhrasebook, .duplicatePhrasebook, .duplicateTag, .pairExists: .conflict
    case .corrupt, .speechFailed: .internalServerError
    case .blank, .badLanguages, .unknownArea, .notEnoughPairs, .gameOver, .badChoice, .badGuess, .badImageName,
      .badImageURL, .badTagName, .notAnImage, .badGameState, .badHostName, .controlCharacter, .badNewCardLimit,
      .badSpeechText, .badRecording:
      .unprocessableContent
    }
  }

  /// The pair form's field each case is about, so the form can show the message next to it.
  var field: String? {
    switch self {
    case .blank(let field), .controlCharacter(let field, _):
      switch field {
      case .wordOne, .wordTwo, .type, .context, .area, .note, .image, .imageURL, .imageCredit, .imageLicence, .tags:
        field.rawValue
      case .tagName: PhrasebookField.tags.rawValue
      case .name, .languages: nil
      }
    case .unknownArea: PhrasebookField.area.rawValue
    case .badImageURL: PhrasebookField.imageURL.rawValue
    case .badImageName, .notAnImage: PhrasebookField.image.rawValue
    case .badTagName: PhrasebookField.tags.rawValue
    case .pairExists: PhrasebookField.wordOne.rawValue
    case .noPhrasebook, .unknownPhrasebook, .duplicatePhrasebook, .badLanguages, .unknownPair, .unknownPairID,
      .corrupt, .notEnoughPairs, .gameOver, .badChoice, .badGuess, .unknownTag, .duplicateTag, .badGameState,
      .badHostName, .badNewCardLimit, .badSearchAheadLimit, .badSpeechText, .speechFailed, .badRecording:
      nil
    }
  }

  /// The error in the request's language, its inputs in the message's placeholders.
  var words: String {
    switch self {
    case .noPhrasebook: t("phrasebook.error.noPhrasebook")
    case .unknownPhrasebook(let name, let known):
      t("phrasebook.error.unknownPhrasebook", ["name": quotedInput(name), "known": .text(list(known))])
    case .duplicatePhrasebook(let name): t("phrasebook.error.duplicatePhrasebook", ["name": quotedInput(name)])
    case .blank(let field):
      t("phrasebook.error.blank", ["field": .text(PhrasebookWords.field(field, requestLocalizer))])
    case .badLanguages(let text): t("phrasebook.error.badLanguages", ["text": quotedInput(text)])
    case .unknownArea(let area, let known):
      t("phrasebook.error.unknownArea", ["area": quotedInput(area), "known": .text(list(known))])
    case .unknownPair(let one, let two):
      t("phrasebook.error.unknownPair", ["wordOne": quotedInput(one), "wordTwo": quotedInput(two)])
    case .unknownPairID(let id): t("phrasebook.error.unknownPairID", ["id": .text(String(id))])
    case .pairExists(let one, let two):
      t("phrasebook.error.pairExists", ["wordOne": quotedInput(one), "wordTwo": quotedInput(two)])
    case .corrupt(let what): t("phrasebook.error.corrupt", ["problem": .text(PhrasebookReasonWords.damage(what))])
    case .notEnoughPairs(let have, let need):
      t("phrasebook.error.notEnoughPairs", ["count": .number(need), "have": .number(have)])
    case .gameOver: t("phrasebook.error.gameOver")
    case .badChoice(let index, let count):
      // The index comes from the client: Int.max + 1 would trap.
      t(
        "phrasebook.error.badChoice",
        ["choice": .text(index < Int.max ? String(index + 1) : "\(index) + 1"), "count": .number(count)])
    case .badGuess(let text): t("phrasebook.error.badGuess", ["text": quotedInput(text)])
    case .badImageName(let name): t("phrasebook.error.badImageName", ["name": quotedInput(name)])
    case .badImageURL(let url): t("phrasebook.error.badImageURL", ["url": quotedInput(url)])
    case .badTagName(let name): t("phrasebook.error.badTagName", ["name": quotedInput(name)])
    case .notAnImage: t("phrasebook.error.notAnImage")
    case .unknownTag(let name): t("phrasebook.error.unknownTag", ["name": quotedInput(name)])
    case .duplicateTag(let name): t("phrasebook.error.duplicateTag", ["name": quotedInput(name)])
    case .badHostName(let text): t("phrasebook.error.badHostName", ["text": quotedInput(text)])
    case .badGameState(let reason):
      t("phrasebook.error.badGameState", ["problem": .text(PhrasebookReasonWords.game(reason))])
    case .badNewCardLimit(let limit):
      t(
        "phrasebook.error.badNewCardLimit",
        // Written as typed, not grouped: they are what the field takes.
        ["limit": .text(String(limit)), "max": .text(String(PhrasebookStore.maxNewCardsPerDay))])
    case .badSearchAheadLimit:
      t(
        "error.numberRange",
        ["name": .text("limit"), "low": .number(1), "high": .number(PhrasebookStore.searchAheadLimit)])
    case .badSpeechText(let limit): t("phrasebook.error.badSpeechText", ["count": .number(limit)])
    case .speechFailed(let reason):
      t("phrasebook.error.speechFailed", ["problem": .text(PhrasebookReasonWords.speech(reason))])
    case .badRecording(let reason):
      t("phrasebook.error.badRecording", ["problem": .text(PhrasebookReasonWords.recording(reason))])
    case .controlCharacter(let field, let scalar):
      t(
        "phrasebook.error.controlCharacter",
        [
          "field": .text(PhrasebookWords.field(field, requestLocalizer)),
          "character": .text(controlCharacterName(scalar)),
        ])
    }
  }

  /// Names joined for a message, or the word for none.
  private func list(_ names: [String]) -> String {
    names.isEmpty ? t("phrasebook.error.none") : names.joined(separator: ", ")
  }
}

extension ImportFileError: ServerError {
  var status: HTTPResponse.Status { .unprocessableContent }
  var field: String? { "file" }

  var words: String {
    switch self {
    case .malformedJSON(let line, let column):
      t("phrasebook.fileError.malformedJSON", ["problem": .text(ReasonWords.jsonPosition(line: line, column: column))])
    case .notAPairList(let object):
      t(object ? "phrasebook.fileError.notAPairListObject" : "phrasebook.fileError.notAPairList")
    case .csvNotUTF8: t("phrasebook.fileError.csvNotUTF8")
    case .unclosedQuote(let line): t("phrasebook.fileError.unclosedQuote", ["line": .number(line)])
    case .emptyCSV: t("phrasebook.fileError.emptyCSV")
    case .headerLacks(let line, let missing):
      t(
        "phrasebook.fileError.headerLacks",
        ["line": .number(line), "missing": .text(missing.formatted(.list(type: .and).locale(requestLocalizer.locale)))])
    case .notAnAnkiPackage(let problem):
      t("phrasebook.fileError.notAnAnkiPackage", ["problem": .text(ReasonWords.zip(problem))])
    case .noCollection: t("phrasebook.fileError.noCollection")
    case .newerAnkiFormat: t("phrasebook.fileError.newerAnkiFormat")
    case .badMediaList: t("phrasebook.fileError.badMediaList")
    case .unreadableCollection(let code):
      t("phrasebook.fileError.unreadableCollection", ["problem": .text(ReasonWords.sqlite(code))])
    case .unreadableNoteTypes: t("phrasebook.fileError.unreadableNoteTypes")
    }
  }
}
