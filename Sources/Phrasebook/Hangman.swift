import AppSupport
import Foundation

/// The Welsh seed's hangman: guess a word letter by letter with its translation as the clue.
/// Letters are grapheme clusters compared ignoring case; a base letter also reveals its accented
/// forms (guessing "w" reveals "ŵ"), an accented guess only itself. Spaces, hyphens, apostrophes
/// and other punctuation are shown from the start.
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
  /// Guesses so far, lowercased, in order.
  public private(set) var guesses: [String] = []
  /// Guesses that revealed nothing.
  public private(set) var misses: [String] = []

  /// Lives at the start unless told otherwise (the seed trades the clue for fewer guesses).
  public static let defaultLives = 7

  /// A game for the pair in `direction`: the answer side is hidden, the prompt side is the clue.
  /// The pair's context joins the hidden word, in brackets, only when `includeContext` is set.
  public init(pair: WordPair, direction: Direction, includeContext: Bool = false, lives: Int = defaultLives) {
    var word = direction.answer(pair)
    if includeContext, !pair.context.isEmpty { word += " (\(pair.context))" }
    self.init(word: word, clue: direction.prompt(pair), lives: lives)
  }

  /// A game hiding `word`.
  public init(word: String, clue: String, lives: Int = defaultLives) {
    self.word = word
    self.clue = clue
    self.lives = lives
  }

  /// A random pair's game.
  public static func random(
    pairs: [WordPair], direction: Direction, includeContext: Bool = false,
    using generator: inout some RandomNumberGenerator
  ) throws -> Hangman {
    guard let pair = pairs.randomElement(using: &generator) else {
      throw PhrasebookError.notEnoughPairs(have: 0, need: 1)
    }
    return Hangman(pair: pair, direction: direction, includeContext: includeContext)
  }

  /// Lives not yet lost.
  public var livesLeft: Int { max(0, lives - misses.count) }

  /// Won, lost or still playing.
  public var status: Status {
    if livesLeft == 0 { return .lost }
    return slots.allSatisfy { $0 != nil } ? .won : .playing
  }

  /// Each letter of the word, nil where still hidden; the whole word once the game is over.
  public var slots: [String?] {
    word.map { character in
      let letter = String(character)
      guard Self.isGuessable(character) else { return letter }
      return guesses.contains(where: { Self.reveals($0, letter) }) || livesLeft == 0 ? letter : nil
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
    let found = word.filter { Self.isGuessable($0) && Self.reveals(letter, String($0)) }.count
    if found == 0 { misses.append(letter) }
    return found == 0 ? .miss : .hit(found)
  }

  /// Letters and digits are guessed; everything else is shown.
  static func isGuessable(_ character: Character) -> Bool { character.isLetter || character.isNumber }

  /// True when guessing `guess` reveals `letter`: the same letter ignoring case, or `guess` is a
  /// plain base letter and `letter` is it with accents.
  static func reveals(_ guess: String, _ letter: String) -> Bool {
    let letter = letter.lowercased().nfc
    if letter == guess { return true }
    let plainGuess = guess.folding(options: .diacriticInsensitive, locale: nil)
    return plainGuess == guess && letter.folding(options: .diacriticInsensitive, locale: nil) == guess
  }
}
