import AppSupport
import Foundation
import Localization
import Phrasebook

/// A phrasebook as the API and the pages' scripts see it, with its languages' letters.
struct PhrasebookJSON: Encodable {
  let id: Int64
  let name: String
  let languageOneCode: String
  let languageOneName: String
  let languageTwoCode: String
  let languageTwoName: String
  let areas: [String]
  let defaultArea: String
  /// The letter index of the word list (the first language's letters).
  let alphabet: [String]
  /// The hangman keys for words in the first and the second language.
  let keysOne: [String]
  let keysTwo: [String]
  /// espeak-ng's voice for each language, absent when it has none (the pages hide the speaker).
  let voiceOne: String?
  let voiceTwo: String?

  init(_ book: Phrasebook, speech: Speech? = nil) {
    id = book.id!
    name = book.name
    languageOneCode = book.languageOneCode
    languageOneName = book.languageOneName
    languageTwoCode = book.languageTwoCode
    languageTwoName = book.languageTwoName
    areas = book.areas
    defaultArea = book.defaultArea
    alphabet = Alphabet.letters(language: book.languageOneCode)
    keysOne = Alphabet.keys(language: book.languageOneCode)
    keysTwo = Alphabet.keys(language: book.languageTwoCode)
    voiceOne = speech?.voice(for: book.languageOneCode)
    voiceTwo = speech?.voice(for: book.languageTwoCode)
  }
}

/// A word pair with its tags.
struct PairJSON: Encodable {
  struct Pair: Encodable {
    let id: Int64
    let phrasebookID: Int64
    let wordOne: String
    let wordTwo: String
    let type: String
    let context: String
    let area: String
    let note: String
    let image: String
    let imageURL: String
    let imageCredit: String
    let imageLicence: String
    let createdAt: Date
    let updatedAt: Date
  }
  let pair: Pair
  let tags: [String]
  /// The sides with a recording (only where a single pair is asked for).
  var recorded: [PairSide]?

  init(_ tagged: TaggedPair) {
    let pair = tagged.pair
    self.pair = Pair(
      id: pair.id!, phrasebookID: pair.phrasebookID, wordOne: pair.wordOne, wordTwo: pair.wordTwo, type: pair.type,
      context: pair.context, area: pair.area, note: pair.note, image: pair.image, imageURL: pair.imageURL,
      imageCredit: pair.imageCredit, imageLicence: pair.imageLicence, createdAt: pair.createdAt,
      updatedAt: pair.updatedAt)
    tags = tagged.tags
  }
}

/// One page of the word list or of search results, with the total (of a search, counted up to a
/// cap: `capped` says more match).
struct PairPageJSON: Encodable {
  let total: Int
  let capped: Bool
  let pairs: [PairJSON]

  init(_ page: SearchPage) {
    total = page.total
    capped = page.capped
    pairs = page.pairs.map(PairJSON.init)
  }
}

extension PairPageJSON: JSONBytesWritable {
  func write(to out: inout JSONBytes) {
    var fields = JSONBytes.Fields()
    fields.key("capped", &out) { $0.bool(capped) }
    fields.key("pairs", &out) { out in out.array(pairs) { $1.write(to: &$0) } }
    fields.key("total", &out) { $0.int(total) }
    fields.close(&out)
  }
}

/// A search ahead: for each key that may be typed after `query`, the first page that key's search
/// gives (`PhrasebookStore.searchAhead`).
struct SearchAheadJSON: Encodable {
  /// One key and the page of `query` followed by it.
  struct Next: Encodable {
    let key: String
    let page: PairPageJSON
  }

  let query: String
  let next: [Next]

  init(query: String, next: [(key: String, page: SearchPage)]) {
    self.query = query
    self.next = next.map { Next(key: $0.key, page: PairPageJSON($0.page)) }
  }
}

extension SearchAheadJSON: JSONBytesWritable {
  func write(to out: inout JSONBytes) {
    var fields = JSONBytes.Fields()
    fields.key("next", &out) { out in
      out.array(next) { out, next in
        var fields = JSONBytes.Fields()
        fields.key("key", &out) { $0.string(next.key) }
        fields.key("page", &out) { next.page.write(to: &$0) }
        fields.close(&out)
      }
    }
    fields.key("query", &out) { $0.string(query) }
    fields.close(&out)
  }
}

extension PairJSON: JSONBytesWritable {
  func write(to out: inout JSONBytes) {
    var fields = JSONBytes.Fields()
    fields.key("pair", &out) { pair.write(to: &$0) }
    if let recorded { fields.key("recorded", &out) { out in out.array(recorded) { $0.string($1.rawValue) } } }
    fields.key("tags", &out) { out in out.array(tags) { $0.string($1) } }
    fields.close(&out)
  }
}

extension PairJSON.Pair {
  func write(to out: inout JSONBytes) {
    var fields = JSONBytes.Fields()
    fields.key("area", &out) { $0.string(area) }
    fields.key("context", &out) { $0.string(context) }
    fields.key("createdAt", &out) { $0.date(createdAt) }
    fields.key("id", &out) { $0.int(id) }
    fields.key("image", &out) { $0.string(image) }
    fields.key("imageCredit", &out) { $0.string(imageCredit) }
    fields.key("imageLicence", &out) { $0.string(imageLicence) }
    fields.key("imageURL", &out) { $0.string(imageURL) }
    fields.key("note", &out) { $0.string(note) }
    fields.key("phrasebookID", &out) { $0.int(phrasebookID) }
    fields.key("type", &out) { $0.string(type) }
    fields.key("updatedAt", &out) { $0.date(updatedAt) }
    fields.key("wordOne", &out) { $0.string(wordOne) }
    fields.key("wordTwo", &out) { $0.string(wordTwo) }
    fields.close(&out)
  }
}

/// A saved pair, and whether it is new.
struct SavedPairJSON: Encodable {
  let pair: PairJSON
  let created: Bool
}

/// A revision card.
struct RevisionCardJSON: Encodable {
  let pair: PairJSON
  let direction: Direction
  let schedule: CardSchedule?
  let reviews: Int
  let recalled: Int

  init(_ card: RevisionCard) {
    pair = PairJSON(card.pair)
    direction = card.direction
    schedule = card.schedule
    reviews = card.reviews
    recalled = card.recalled
  }
}

/// A tag and how many pairs carry it.
struct TagCountJSON: Encodable {
  let name: String
  let pairs: Int
}

/// Where a letter starts in the word list.
struct LetterOffsetJSON: Encodable { let offset: Int }

/// A phrasebook to create.
struct NewPhrasebookJSON: Decodable {
  let name: String
  let languages: String
}

/// A pair to add or change. `tags` is a list, each entry may hold several tags separated by
/// commas or semicolons (the core splits them).
struct PairInputJSON: Decodable {
  let wordOne: String
  let wordTwo: String
  let type: String?
  let context: String?
  let area: String?
  let note: String?
  let imageURL: String?
  let imageCredit: String?
  let imageLicence: String?
  let tags: [String]?

  var input: PairInput {
    PairInput(
      wordOne: wordOne, wordTwo: wordTwo, type: type, context: context, area: area, note: note, imageURL: imageURL,
      imageCredit: imageCredit, imageLicence: imageLicence, tags: tags ?? [])
  }
}

/// A review of a card.
struct ReviewJSON: Decodable {
  let direction: Direction
  /// again, hard, good or easy (or the seed's correct / false).
  let rating: String
}

/// An import from a web address.
struct ImportURLJSON: Decodable {
  let url: String
  let format: TransferFormat?
}

/// The id of a background import.
struct ImportJobJSON: Encodable { let id: String }

/// Phrasebook's settings as the API reads and writes them; a PUT changes only those it names.
struct PhrasebookSettingsJSON: Codable {
  /// Hosts import-from-URL may reach although they are on this machine or the LAN.
  let allowedHosts: [String]?
  /// New cards a day may bring into revision.
  let newCardsPerDay: Int?
}

/// A review recorded, and whether the card comes back in this session (a learning step).
struct ReviewResultJSON: Encodable {
  let reviewedAt: Date
  let rating: Rating
  let before: CardSchedule?
  let after: CardSchedule
  let comesBack: Bool

  init(_ record: ReviewRecord) {
    reviewedAt = record.reviewedAt
    rating = record.rating
    before = record.before
    after = record.after
    comesBack = comesBackInSession(record.after, reviewedAt: record.reviewedAt)
  }
}

/// An answer in the translation game: the game as the server sent it, and the choice or the
/// typed answer (one of the two).
struct AnswerJSON: Decodable {
  var game: TranslationGame
  let choice: Int?
  let typed: String?
}

/// The verdict on a typed answer, what differed in the request's language, the proposed rating by
/// name (`hard`) as ratings are sent.
struct AnswerCheckJSON: Encodable {
  let typed: String
  let expected: String
  let verdict: AnswerVerdict
  let detail: String
  let rating: String

  init(_ check: AnswerCheck) {
    typed = check.typed
    expected = check.expected
    verdict = check.verdict
    detail = PhrasebookWords.detail(check.detail, requestLocalizer)
    rating = check.rating.name
  }
}

/// A typed answer to a card, to grade.
struct TypedAnswerJSON: Decodable {
  let direction: Direction
  let answer: String
}

/// A hangman guess: the game as the server sent it, and the letter.
struct GuessJSON: Decodable {
  var game: Hangman
  let letter: String
}

/// A translation game after an answer, with what the page shows.
struct TranslationStateJSON: Encodable {
  let game: TranslationGame
  let correct: Bool?
  /// The verdict on a typed answer.
  let check: AnswerCheckJSON?
  let finished: Bool
  let score: Int
  let mistakes: [TranslationMistake]

  init(_ game: TranslationGame, correct: Bool?, check: AnswerCheck? = nil) {
    self.game = game
    self.correct = correct
    self.check = check.map(AnswerCheckJSON.init)
    finished = game.isFinished
    score = game.score
    mistakes = game.mistakes
  }
}

/// A hangman game after a guess, with what the page shows (the word only once it is over).
struct HangmanStateJSON: Encodable {
  let game: Hangman
  let display: String
  let status: Hangman.Status
  let livesLeft: Int
  let outcome: Hangman.Outcome?

  init(_ game: Hangman, outcome: Hangman.Outcome?) {
    self.game = game
    display = game.display
    status = game.status
    livesLeft = game.livesLeft
    self.outcome = outcome
  }
}

/// What an import did, row by row, each refused row's reason in a language (the request's, or the
/// command line's).
public struct ImportReportJSON: Encodable, Sendable {
  /// A refused row.
  struct Rejection: Encodable {
    let number: Int
    let reason: String
  }
  let added: [ImportReport.Row]
  let updated: [ImportReport.Row]
  let unchanged: [ImportReport.Row]
  let rejected: [Rejection]

  public init(_ report: ImportReport, words: Localizer) {
    added = report.added
    updated = report.updated
    unchanged = report.unchanged
    rejected = report.rejected.map {
      Rejection(number: $0.number, reason: PhrasebookWords.problem($0.problem, words))
    }
  }
}
