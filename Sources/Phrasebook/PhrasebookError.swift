/// Everything that can go wrong in Phrasebook, with the input that caused it.
public enum PhrasebookError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No phrasebook exists yet.
  case noPhrasebook
  /// No phrasebook has this name.
  case unknownPhrasebook(String, known: [String])
  /// A phrasebook with this name exists already.
  case duplicatePhrasebook(String)
  /// A required field was blank after trimming.
  case blank(field: String)
  /// Languages were not given as `code:Name,code:Name`.
  case badLanguages(String)
  /// The area is not one of the phrasebook's areas.
  case unknownArea(String, known: [String])
  /// No pair with these words.
  case unknownPair(wordOne: String, wordTwo: String)
  /// No tag with this name.
  case unknownTag(String)
  /// A tag with this name exists already.
  case duplicateTag(String)

  /// A sentence a user can act on.
  public var description: String {
    switch self {
    case .noPhrasebook:
      "there is no phrasebook yet: create one (scriptorium phrasebook new NAME --languages en:English,cy:Welsh)"
    case .unknownPhrasebook(let name, let known):
      "no phrasebook called \"\(name)\"; phrasebooks: \(known.isEmpty ? "none" : known.joined(separator: ", "))"
    case .duplicatePhrasebook(let name): "a phrasebook called \"\(name)\" exists already"
    case .blank(let field): "\(field) is blank"
    case .badLanguages(let text): "languages must look like en:English,cy:Welsh (got \"\(text)\")"
    case .unknownArea(let area, let known): "unknown area \"\(area)\"; areas are: \(known.joined(separator: ", "))"
    case .unknownPair(let one, let two): "no pair \"\(one)\" – \"\(two)\""
    case .unknownTag(let name): "no tag \"\(name)\""
    case .duplicateTag(let name): "a tag \"\(name)\" exists already"
    }
  }
}
