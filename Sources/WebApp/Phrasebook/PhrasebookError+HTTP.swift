import Hummingbird
import Phrasebook

extension PhrasebookError: ServerError {
  /// The status each case answers with; a new case does not compile until it is given one.
  var status: HTTPResponse.Status {
    switch self {
    case .unknownPhrasebook, .unknownPair, .unknownPairID, .unknownTag: .notFound
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
      .badHostName, .badNewCardLimit, .badSpeechText, .speechFailed, .badRecording:
      nil
    }
  }
}

extension ImportFileError: ServerError {
  var status: HTTPResponse.Status { .unprocessableContent }
  var field: String? { "file" }
}
