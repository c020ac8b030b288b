import AppSupport
import Foundation
import Hummingbird
import Lexikon
import Localization

extension LexikonError: ServerError {
  /// The status each case answers with; a new case does not compile until it is given one.
  var status: HTTPResponse.Status {
    switch self {
    case .unreachable, .timedOut: .serviceUnavailable
    case .malformedResponse, .serverRefused: .badGateway
    case .unknownDictionary, .notCached: .notFound
    case .badWord, .badServerAddress, .refusedDictionaryFile: .badRequest
    case .unreadable, .badIndexLine, .badDictzip, .badStarDict, .entryOutOfRange: .internalServerError
    }
  }

  /// The request member each case is about.
  var field: String? {
    switch self {
    case .badWord: "word"
    case .refusedDictionaryFile: "file"
    case .unknownDictionary: "direction"
    case .unreadable, .badIndexLine, .badDictzip, .badStarDict, .entryOutOfRange, .unreachable, .timedOut,
      .malformedResponse,
      .serverRefused, .notCached, .badServerAddress:
      nil
    }
  }

  /// The error in the request's language, its inputs in the message's placeholders.
  var words: String {
    switch self {
    case .unreadable(let file): t("lexikon.error.unreadable", ["file": .text(file)])
    case .badIndexLine(let file, let line):
      t("lexikon.error.badIndexLine", ["file": .text(file), "line": .text(String(line))])
    case .badDictzip(let file, let reason):
      t("lexikon.error.badDictzip", ["file": .text(file), "reason": .text(reason)])
    case .entryOutOfRange(let file, let headword):
      t("lexikon.error.entryOutOfRange", ["file": .text(file), "word": quotedInput(headword)])
    case .unreachable(let server, let reason):
      t("lexikon.error.unreachable", ["server": .text(server), "reason": .text(reason)])
    case .timedOut(let server, let seconds):
      t("lexikon.error.timedOut", ["server": .text(server), "seconds": .text(String(format: "%g", seconds))])
    case .malformedResponse(let server, let reason):
      t("lexikon.error.malformedResponse", ["server": .text(server), "reason": .text(shortened(reason))])
    case .serverRefused(let server, let code, let message):
      t(
        "lexikon.error.serverRefused",
        ["server": .text(server), "code": .text(String(code)), "message": .text(shortened(message))])
    case .unknownDictionary(let name, let known):
      known.isEmpty
        ? t("lexikon.error.unknownDictionary", ["name": quotedInput(name)])
        : t(
          "lexikon.error.installed",
          [
            "problem": .text(t("lexikon.error.unknownDictionary", ["name": quotedInput(name)])),
            "known": .text(known.joined(separator: ", ")),
          ])
    case .badStarDict(let file, let reason):
      t("lexikon.error.badStarDict", ["file": .text(file), "reason": .text(reason)])
    case .refusedDictionaryFile(let name, let reason):
      t("lexikon.error.refusedDictionaryFile", ["name": quotedInput(name), "reason": .text(reason)])
    case .badWord(let word): t("lexikon.error.badWord", ["word": quotedInput(word)])
    case .notCached(let word, let direction):
      t("lexikon.error.notCached", ["word": quotedInput(word), "direction": .text(shortened(direction))])
    case .badServerAddress(let text): t("lexikon.error.badServerAddress", ["address": quotedInput(text)])
    }
  }
}
