import AppSupport

/// Everything that can go wrong in Phrasebook, with the input that caused it.
public enum PhrasebookError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No phrasebook exists yet.
  case noPhrasebook
  /// No phrasebook has this name.
  case unknownPhrasebook(String, known: [String])
  /// A phrasebook with this name exists already.
  case duplicatePhrasebook(String)
  /// A required field was blank after trimming.
  case blank(field: PhrasebookField)
  /// Languages were not given as `code:Name,code:Name`.
  case badLanguages(String)
  /// The area is not one of the phrasebook's areas.
  case unknownArea(String, known: [String])
  /// No pair with these words.
  case unknownPair(wordOne: String, wordTwo: String)
  /// No pair has this id.
  case unknownPairID(Int64)
  /// Renaming a pair to words another pair of the phrasebook has.
  case pairExists(wordOne: String, wordTwo: String)
  /// The database holds something this version cannot read.
  case corrupt(DamageProblem)
  /// A game needs more pairs (or more different translations) than the phrasebook has.
  case notEnoughPairs(have: Int, need: Int)
  /// The game is over: nothing more to answer or guess.
  case gameOver
  /// The chosen answer is not one of the choices.
  case badChoice(Int, count: Int)
  /// A hangman guess must be one letter.
  case badGuess(String)
  /// An image must be a plain file name in the media folder.
  case badImageName(String)
  /// An image URL must be http or https.
  case badImageURL(String)
  /// A tag name may not hold a comma or semicolon (they separate tags).
  case badTagName(String)
  /// An upload is not a PNG, JPEG, GIF or WebP picture.
  case notAnImage
  /// No tag with this name.
  case unknownTag(String)
  /// A tag with this name exists already.
  case duplicateTag(String)
  /// A game sent back by a client breaks the game's rules or limits.
  case badGameState(GameStateProblem)
  /// A host name or address for the allowed list that is not one.
  case badHostName(String)
  /// A daily limit of new cards outside 0…`PhrasebookStore.maxNewCardsPerDay`.
  case badNewCardLimit(Int)
  /// Results per key of a search ahead outside 1…`PhrasebookStore.searchAheadLimit`.
  case badSearchAheadLimit(Int)
  /// Text to speak that is empty or longer than the limit.
  case badSpeechText(Int)
  /// espeak-ng could not make the audio.
  case speechFailed(SpeechProblem)
  /// A recording that is not audio of a kind browsers record, or too big.
  case badRecording(RecordingProblem)
  /// Text holds a control character stored text may not hold (see `forbiddenControlCharacter`).
  case controlCharacter(field: PhrasebookField, Unicode.Scalar)

  /// A sentence a user can act on.
  public var description: String {
    switch self {
    case .noPhrasebook:
      "there is no phrasebook yet: create one (scriptorium phrasebook new NAME --languages en:English,cy:Welsh)"
    case .unknownPhrasebook(let name, let known):
      "no phrasebook called \(quoted(name)); phrasebooks: \(known.isEmpty ? "none" : known.joined(separator: ", "))"
    case .duplicatePhrasebook(let name): "a phrasebook called \(quoted(name)) exists already"
    case .blank(let field): "\(field.words) is blank"
    case .badLanguages(let text): "languages must look like en:English,cy:Welsh (got \(quoted(text)))"
    case .unknownArea(let area, let known): "unknown area \(quoted(area)); areas are: \(known.joined(separator: ", "))"
    case .unknownPair(let one, let two): "no pair \(quoted(one)) – \(quoted(two))"
    case .unknownPairID(let id): "no pair with id \(id)"
    case .pairExists(let one, let two):
      "the phrasebook has \(quoted(one)) – \(quoted(two)) already: change that pair, or delete one of them"
    case .corrupt(let what): "the phrasebook database is damaged: \(what)"
    case .notEnoughPairs(let have, let need):
      "this game needs at least \(need) pairs with different translations; the phrasebook has \(have)"
    case .gameOver: "the game is over"
    case .badChoice(let index, let count):
      // The index comes from the client: Int.max + 1 would trap.
      "choice \(index < Int.max ? "\(index + 1)" : "\(index) + 1") does not exist: choose 1 to \(count)"
    case .badGuess(let text): "guess one letter at a time (got \(quoted(text)))"
    case .badImageName(let name): "the image \(quoted(name)) must be a plain file name (no folders)"
    case .badImageURL(let url): "the image URL must start with http:// or https:// (got \(quoted(url)))"
    case .badTagName(let name): "a tag cannot contain a comma or semicolon (got \(quoted(name)))"
    case .notAnImage: "the image must be a PNG, JPEG, GIF or WebP picture"
    case .unknownTag(let name): "no tag \(quoted(name))"
    case .duplicateTag(let name): "a tag \(quoted(name)) exists already"
    case .badHostName(let text):
      "\(quoted(text)) is not a host name or IP address (e.g. 192.168.1.20, files.local or [fd00::1])"
    case .badGameState(let reason): "the game sent back is not one this server could have made: \(reason)"
    case .badNewCardLimit(let limit):
      "the daily limit of new cards must be 0 to \(PhrasebookStore.maxNewCardsPerDay) (got \(limit))"
    case .badSearchAheadLimit(let limit):
      "a search ahead gives 1 to \(PhrasebookStore.searchAheadLimit) results per key (got \(limit))"
    case .badSpeechText(let limit): "the text to speak must have 1 to \(limit) characters"
    case .speechFailed(let reason): "espeak-ng could not speak it: \(reason)"
    case .badRecording(let reason): "the recording cannot be stored: \(reason)"
    case .controlCharacter(let field, let scalar):
      "\(field.words) holds the control character \(controlCharacterName(scalar)), which text may not hold: remove it"
    }
  }
}

/// A field of a Phrasebook form or request, named in errors about it. The raw value is the
/// field's key in the pair form and the JSON API.
public enum PhrasebookField: String, Sendable, Equatable {
  case name, languages, wordOne, wordTwo, type, context, area, note, image, imageURL, imageCredit, imageLicence
  /// One of a pair's tags.
  case tags
  /// A tag being renamed.
  case tagName

  /// How a sentence names the field.
  public var words: String {
    switch self {
    case .name: "the name"
    case .languages: "the languages"
    case .wordOne: "the first word"
    case .wordTwo: "the second word"
    case .type: "the type"
    case .context: "the context"
    case .area: "the area"
    case .note: "the note"
    case .image: "the image"
    case .imageURL: "the image URL"
    case .imageCredit: "the image credit"
    case .imageLicence: "the image licence"
    case .tags: "a tag"
    case .tagName: "the tag"
    }
  }
}
