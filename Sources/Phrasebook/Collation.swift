import CICU
import Foundation

/// A language's collation (ICU from Debian) giving sort keys: byte strings whose plain
/// byte order is the language's alphabetical order (Welsh `ll` after `l`, Swedish `ö` after `z`).
/// Stored in the database, they let SQLite order pairs with an index instead of a collator.
final class Collation: @unchecked Sendable {
  private let collator: UnsafeMutableRawPointer
  private let lock = NSLock()

  private init?(language: String) {
    guard let collator = scriptorium_collator_open(language) else { return nil }
    self.collator = collator
  }

  deinit { scriptorium_collator_close(collator) }

  /// The sort key of `text`, without ICU's terminating zero.
  func key(_ text: String) -> [UInt8] {
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

  /// The primary-strength part of the sort key: equal for texts that differ only in accents or
  /// letter case as the language sees them (Welsh `w` and `ŵ` are equal, Swedish `a` and `å` are
  /// not). ICU separates a key's levels with a 01 byte, which no primary weight contains.
  func primaryKey(_ text: String) -> ArraySlice<UInt8> {
    let whole = key(text)
    return whole[..<(whole.firstIndex(of: 1) ?? whole.endIndex)]
  }

  /// The ICU version whose rules made the keys (`72.1`): keys from another version may sort
  /// differently, so stored keys are rebuilt when it changes.
  static let icuVersion: String = {
    var text = [CChar](repeating: 0, count: 32)
    scriptorium_icu_version(&text)
    return String(cString: text)
  }()

  private static let lock = NSLock()
  nonisolated(unsafe) private static var cache: [String: Collation] = [:]

  /// The collation of a BCP 47 language code (the root collation if ICU has none for it).
  static func forLanguage(_ code: String) -> Collation {
    lock.withLock {
      if let known = cache[code] { return known }
      let made = Collation(language: code.replacingOccurrences(of: "-", with: "_")) ?? Collation(language: "")!
      cache[code] = made
      return made
    }
  }
}
