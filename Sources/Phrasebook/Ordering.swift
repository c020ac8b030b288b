import AppSupport
import Foundation

/// A phrasebook's order of pairs: wordOne in the first language's alphabet, then wordTwo in the
/// second's (Welsh digraphs as letters, Swedish å ä ö after z), letters before accents before case.
public struct PairOrder: Sendable {
  private let first: LanguageCollation
  private let second: LanguageCollation

  /// The order of `phrasebook`'s pairs.
  public init(_ phrasebook: Phrasebook) {
    first = LanguageCollation.forLanguage(phrasebook.languageOneCode)
    second = LanguageCollation.forLanguage(phrasebook.languageTwoCode)
  }

  /// The bytes whose plain order is this order (stored as `WordPairs.sortKey`): the first word's
  /// key, a zero byte (lower than any key byte, so a shorter word comes first), the second's key.
  public func sortKey(wordOne: String, wordTwo: String) -> Data {
    Data(first.key(wordOne) + [0] + second.key(wordTwo))
  }

  /// True when `a` comes before `b` in the first language.
  public func firstLanguagePrecedes(_ a: String, _ b: String) -> Bool { precedes(a, b, first) }

  /// True when `a` comes before `b` in the second language.
  public func secondLanguagePrecedes(_ a: String, _ b: String) -> Bool { precedes(a, b, second) }

  private func precedes(_ a: String, _ b: String, _ collation: LanguageCollation) -> Bool {
    let (keyA, keyB) = (collation.key(a), collation.key(b))
    return keyA == keyB
      ? a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) : keyA.lexicographicallyPrecedes(keyB)
  }
}

/// The areas a new phrasebook offers: North / South / Both when either language is Welsh.
func defaultAreas(languageOne: String, languageTwo: String) -> (areas: [String], default: String) {
  [languageOne, languageTwo].contains { $0.lowercased().hasPrefix("cy") }
    ? (["North", "South", "Both"], "Both") : ([], "")
}
