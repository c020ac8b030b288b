import Hummingbird
import KeyIt

extension KeyItError: ServerError {
  /// The status each case answers with; a new case does not compile until it is given one.
  var status: HTTPResponse.Status {
    switch self {
    case .unknownExportFormat: .badRequest
    case .unknownBible, .unknownBook, .unknownChapter, .unknownItem, .unknownConflict: .notFound
    case .noBible, .staleText, .versificationLosesText: .conflict
    case .badResourceLine, .file: .internalServerError
    case .blankName, .unknownNameList, .unknownAction, .actionNotAllowed, .itemHasNoText, .offsetOutOfRange, .usfm,
      .controlCharacter, .notInVersification, .cannotAddBook:
      .unprocessableContent
    }
  }

  /// The form field each case is about.
  var field: String? {
    switch self {
    case .blankName: "name"
    case .unknownNameList: "bookNames"
    case .controlCharacter(let field, _): field.rawValue
    case .offsetOutOfRange: "offset"
    case .cannotAddBook: "book"
    case .unknownExportFormat: "format"
    case .staleText: "text"
    case .versificationLosesText: "versification"
    case .unknownConflict: "conflict"
    case .badResourceLine, .noBible, .unknownBible, .unknownBook, .unknownChapter, .unknownItem, .unknownAction,
      .actionNotAllowed, .itemHasNoText, .usfm, .file, .notInVersification:
      nil
    }
  }
}
