import CICU
import Foundation

/// A language's collation (ICU, as Foundation uses it) giving sort keys: byte strings whose plain
/// byte order is the language's alphabetical order (Welsh `ll` after `l`, Swedish `ö` after `z`).
/// Stored in the database, they let SQLite order pairs with an index instead of a collator.
final class Collation: @unchecked Sendable {
  private let collator: OpaquePointer
  private let lock = NSLock()

  private init?(language: String) {
    var status: Int32 = 0
    guard let collator = ucol_open_4_0(language, &status), status <= 0 else { return nil }
    self.collator = collator
  }

  deinit { ucol_close_4_0(collator) }

  /// The sort key of `text`, without ICU's terminating zero.
  func key(_ text: String) -> [UInt8] {
    let units = Array(text.utf16)
    return lock.withLock {
      var key = [UInt8](repeating: 0, count: units.count * 4 + 16)
      var length = Int(ucol_getSortKey_4_0(collator, units, Int32(units.count), &key, Int32(key.count)))
      if length > key.count {
        key = [UInt8](repeating: 0, count: length)
        length = Int(ucol_getSortKey_4_0(collator, units, Int32(units.count), &key, Int32(key.count)))
      }
      return Array(key.prefix(max(0, length - 1)))
    }
  }

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
