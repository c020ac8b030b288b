import Hummingbird
import Lexikon

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
}
