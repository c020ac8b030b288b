import CICU
import Foundation

/// A language's alphabetical order (ICU's collation from Debian): sort keys whose byte order is
/// the language's order (Swedish `å ä ö` after `z`, Welsh `ll` after `l`), and the letter of the
/// alphabet a word is filed under (`Å`, `Ll`). Safe from any thread.
public final class LanguageCollation: @unchecked Sendable {
  private let collator: UnsafeMutableRawPointer
  private let lock = NSLock()

  private init?(locale: String) {
    guard let collator = scriptorium_collator_open(locale) else { return nil }
    self.collator = collator
  }

  deinit { scriptorium_collator_close(collator) }

  /// ICU's sort key of `text`, without its terminating zero.
  public func key(_ text: String) -> [UInt8] {
    let units = Array(text.utf16)
    return lock.withLock {
      var key = [UInt8](repeating: 0, count: units.count * 4 + 16)
      var length = Int(scriptorium_collator_sort_key(collator, units, Int32(units.count), &key, Int32(key.count)))
      if length > key.count {
        key = [UInt8](repeating: 0, count: length)
        length = Int(scriptorium_collator_sort_key(collator, units, Int32(units.count), &key, Int32(key.count)))
      }
      return Array(key.prefix(max(0, length - 1)))
    }
  }

  /// The primary part of a sort key (base letters only: no accents or case unless the language
  /// makes them letters of their own), up to ICU's level separator 01: equal for texts that differ
  /// only in accents or case as the language sees them (Welsh `w` and `ŵ`, not Swedish `a` and `å`).
  public func primaryKey(_ text: String) -> ArraySlice<UInt8> {
    let key = key(text)
    return key.prefix { $0 != 1 }
  }

  /// The letter of the alphabet `word` is filed under, capitalised: its first character, or its
  /// first two when the language's order treats them as one letter (Welsh `ll`, `ch`); accents
  /// that are not letters of their own fold to the base letter (`é` → `E`, but Swedish `å` → `Å`).
  public func letter(of word: String) -> String {
    let characters = Array(word.prefix(2))
    guard let first = characters.first else { return "" }
    var letter = String(first)
    if characters.count == 2 {
      let pair = String(characters)
      // A contraction has a weight of its own, which the first letter's weight does not begin.
      let firstPrimary = primaryKey(String(first))
      if !firstPrimary.isEmpty, !primaryKey(pair).starts(with: firstPrimary) { letter = pair }
    }
    let base = letter.folding(options: [.diacriticInsensitive], locale: nil)
    let filed = primaryKey(base) == primaryKey(letter) ? base : letter
    return filed.prefix(1).uppercased() + filed.dropFirst().lowercased()
  }

  /// The ICU version whose rules made the keys (`72.1`): keys from another version may sort
  /// differently, so stored keys are rebuilt when it changes.
  public static let icuVersion: String = {
    var text = [CChar](repeating: 0, count: 32)
    scriptorium_icu_version(&text)
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }()

  private static let lock = NSLock()
  nonisolated(unsafe) private static var cache: [String: LanguageCollation] = [:]

  /// The collation of a language code (`sv`, `cy-GB`; the root collation if ICU has none).
  public static func forLanguage(_ code: String) -> LanguageCollation {
    lock.withLock {
      if let known = cache[code] { return known }
      let made =
        LanguageCollation(locale: code.replacingOccurrences(of: "-", with: "_")) ?? LanguageCollation(locale: "")!
      cache[code] = made
      return made
    }
  }
}
