import AppSupport
import Foundation

/// The Welsh seed's hangman: guess a word letter by letter with its translation as the clue.
/// Letters are grapheme clusters compared ignoring case; a base letter also reveals the letters
/// the word's language counts as the same letter with an accent (ICU's collation at primary
/// strength: in Welsh "w" reveals "ŵ", in Swedish "a" reveals neither "å" nor "ä", letters of their
/// own), an accented guess only itself. Spaces, hyphens, apostrophes and other punctuation are
/// shown from the start.
public struct Hangman: Codable, Sendable, Equatable {
  /// Where the game stands.
  public enum Status: String, Codable, Sendable {
    /// Letters left to guess and lives left.
    case playing
    /// Every letter found.
    case won
    /// No lives left.
    case lost
  }

  /// What a guess did.
  public enum Outcome: Codable, Sendable, Equatable {
    /// Revealed this many letters.
    case hit(Int)
    /// Not in the word: a life lost.
    case miss
    /// Guessed before: nothing changes.
    case repeated
  }

  /// The hidden word.
  public let word: String
  /// The translation shown as the clue.
  public let clue: String
  /// Lives at the start (the seed shows one drawing per life).
  public let lives: Int
  /// The word's language (BCP 47; empty for ICU's root order), which decides what is an accent.
  public let language: String
  /// Guesses so far, lowercased, in order.
  public private(set) var guesses: [String] = []
  /// Guesses that revealed nothing.
  public private(set) var misses: [String] = []

  /// Lives at the start unless told otherwise (the seed trades the clue for fewer guesses).
  public static let defaultLives = 7
  /// The most lives a game may have.
  public static let maxLives = 26
  /// The longest hidden word, in letters (grapheme clusters): a pair longer than this is not played.
  public static let maxWordLength = 100
  /// The longest clue, in characters.
  public static let maxClueLength = 1_000

  /// A game for the pair in `direction`: the answer side is hidden, the prompt side is the clue.
  /// The pair's context joins the hidden word, in brackets, only when `includeContext` is set.
  public init(
    pair: WordPair, direction: Direction, language: String = "", includeContext: Bool = false,
    lives: Int = defaultLives
  ) {
    var word = direction.answer(pair)
    if includeContext, !pair.context.isEmpty { word += " (\(pair.context))" }
    self.init(word: word, clue: direction.prompt(pair), language: language, lives: lives)
  }

  /// A game hiding `word`, a word of `language`.
  public init(word: String, clue: String, language: String = "", lives: Int = defaultLives) {
    self.word = word
    self.clue = clue
    self.lives = lives
    self.language = language
    let collation = LanguageCollation.forLanguage(language)
    var byLower: [String: [Int]] = [:]
    for (position, character) in word.enumerated() where Self.isGuessable(character) {
      byLower[String(character).lowercased().nfc, default: []].append(position)
    }
    var byPrimary: [ArraySlice<UInt8>: [Int]] = [:]
    for (letter, positions) in byLower { byPrimary[collation.primaryKey(letter), default: []] += positions }
    positionsByLower = byLower
    positionsByPrimary = byPrimary
    guessable = byLower.values.reduce(0) { $0 + $1.count }
  }

  // Worked out once per game, so that a game sent back is replayed guess by guess in linear time
  // (collation keys are slow): where each letter is, by the letter (case aside) and by the letter
  // as the language's alphabet sees it (accents aside).
  private let positionsByLower: [String: [Int]]
  private let positionsByPrimary: [ArraySlice<UInt8>: [Int]]
  /// How many characters of the word are guessed (letters and digits); the others are shown.
  private let guessable: Int
  /// The positions the guesses revealed.
  private var revealed: Set<Int> = []

  /// What is sent and read back; the letter keys are worked out from the word.
  private enum CodingKeys: String, CodingKey { case word, clue, lives, language, guesses, misses }

  /// Decodes a game a client sent back. Only the word, clue, lives and guesses are taken, each
  /// checked against the limits; the guesses are played again from the start, so what they
  /// revealed and missed is the rules' own and a game that could not have been played is refused.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let word = try container.decode(String.self, forKey: .word)
    let clue = try container.decode(String.self, forKey: .clue)
    let lives = try container.decode(Int.self, forKey: .lives)
    let language = try container.decodeIfPresent(String.self, forKey: .language) ?? ""
    let guesses = try container.decode([String].self, forKey: .guesses)
    let misses = try container.decodeIfPresent([String].self, forKey: .misses)
    guard Self.fits(word: word, clue: clue) else {
      throw PhrasebookError.badGameState(.wordOrClueTooLong)
    }
    guard (1...Self.maxLives).contains(lives) else {
      throw PhrasebookError.badGameState(.lives(lives))
    }
    guard language.utf8.count <= 35, language.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
    else { throw PhrasebookError.badGameState(.languageNotATag) }
    var replayed = Hangman(word: word, clue: clue, language: language, lives: lives)
    for guess in guesses {
      guard let outcome = try? replayed.guess(guess), outcome != .repeated else {
        throw PhrasebookError.badGameState(.impossibleGuesses)
      }
    }
    guard replayed.guesses == guesses, misses == nil || misses == replayed.misses else {
      throw PhrasebookError.badGameState(.impossibleGuesses)
    }
    self = replayed
  }

  /// True when a game over this word and clue is within the limits.
  static func fits(word: String, clue: String) -> Bool {
    word.utf8.count <= 16 * maxWordLength && (1...maxWordLength).contains(word.count)
      && clue.utf8.count <= 4 * maxClueLength && clue.count <= maxClueLength
  }

  /// A random pair's game, among the pairs whose word and clue are within the limits.
  public static func random(
    pairs: [WordPair], direction: Direction, language: String = "", includeContext: Bool = false,
    using generator: inout some RandomNumberGenerator
  ) throws -> Hangman {
    let games = pairs.lazy.map {
      Hangman(pair: $0, direction: direction, language: language, includeContext: includeContext)
    }
    .filter { fits(word: $0.word, clue: $0.clue) }
    guard let game = Array(games).randomElement(using: &generator) else {
      throw PhrasebookError.notEnoughPairs(have: 0, need: 1)
    }
    return game
  }

  /// Lives not yet lost.
  public var livesLeft: Int { lives > misses.count ? lives - misses.count : 0 }

  /// Won, lost or still playing.
  public var status: Status {
    if livesLeft == 0 { return .lost }
    return revealed.count == guessable ? .won : .playing
  }

  /// Each letter of the word, nil where still hidden; the whole word once the game is over.
  public var slots: [String?] {
    let over = livesLeft == 0
    return word.enumerated().map { position, character in
      let letter = String(character)
      guard Self.isGuessable(character), !over else { return letter }
      return revealed.contains(position) ? letter : nil
    }
  }

  /// The word as shown: hidden letters as "_".
  public var display: String { slots.map { $0 ?? "_" }.joined() }

  /// Guesses one letter (one grapheme cluster).
  public mutating func guess(_ letter: String) throws -> Outcome {
    let letter = letter.lowercased().nfc
    guard letter.count == 1, let character = letter.first, Self.isGuessable(character) else {
      throw PhrasebookError.badGuess(letter)
    }
    guard status == .playing else { throw PhrasebookError.gameOver }
    guard !guesses.contains(letter) else { return .repeated }
    guesses.append(letter)
    // A guess reveals the same letter (case aside) and, when it is a plain base letter, that
    // letter with the accents the language counts as accents.
    var positions = Set(positionsByLower[letter] ?? [])
    if Self.folded(letter) == letter {
      positions.formUnion(positionsByPrimary[LanguageCollation.forLanguage(language).primaryKey(letter)] ?? [])
    }
    revealed.formUnion(positions)
    let found = positions.count
    if found == 0 { misses.append(letter) }
    return found == 0 ? .miss : .hit(found)
  }

  /// Letters and digits are guessed; everything else is shown.
  static func isGuessable(_ character: Character) -> Bool { character.isLetter || character.isNumber }

  /// The text without its diacritics.
  static func folded(_ text: String) -> String { text.folding(options: .diacriticInsensitive, locale: nil) }
}
