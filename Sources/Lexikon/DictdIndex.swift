import AppSupport
import Foundation

/// A dictd `.index` file: one line per entry, `headword TAB offset TAB length`, the numbers in
/// dictd's base-64 digits, sorted. Lookups ignore case, as dictd does, and, unless the dictionary
/// says `00-database-allchars`, every character but letters, digits and spaces (`i'r` is `ir`).
public struct DictdIndex: Sendable {
  /// One entry: where a headword's definition lies in the `.dict` text.
  public struct Entry: Sendable, Equatable {
    /// The headword as written.
    public let headword: String
    /// Byte offset in the uncompressed `.dict` text.
    public let offset: Int
    /// Byte length of the definition.
    public let length: Int
  }

  /// The entries, sorted by folded headword (dictd's own `00database…` entries left out).
  public let entries: [Entry]
  /// True when the dictionary keeps punctuation in its headwords (`00-database-allchars`).
  public let allChars: Bool
  private let folded: [String]

  /// Parses an index; a malformed line is an error naming its line number.
  public init(text: String, file: String = "index") throws {
    var entries: [Entry] = []
    var allChars = false
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count >= 3, let offset = Self.number(fields[1]), let length = Self.number(fields[2]) else {
        throw LexikonError.badIndexLine(file: file, line: number + 1)
      }
      let headword = String(fields[0])
      if headword.hasPrefix("00database") || headword.hasPrefix("00-database") {
        allChars = allChars || headword == "00databaseallchars" || headword == "00-database-allchars"
        continue
      }
      entries.append(Entry(headword: headword, offset: offset, length: length))
    }
    self.init(entries: entries, allChars: allChars)
  }

  /// An index over `entries` (any order); `allChars` keeps punctuation in lookups (StarDict does).
  init(entries: [Entry], allChars: Bool) {
    let keyed = entries.map { (Self.fold($0.headword, allChars: allChars), $0) }.sorted { $0.0 < $1.0 }
    self.allChars = allChars
    self.entries = keyed.map(\.1)
    folded = keyed.map(\.0)
  }

  /// Every entry of `word` (a word may have several).
  public func entries(for word: String) -> [Entry] {
    let key = Self.fold(word, allChars: allChars)
    var index = lowerBound(key)
    var found: [Entry] = []
    while index < folded.count, folded[index] == key {
      found.append(entries[index])
      index += 1
    }
    return found
  }

  /// Headwords starting with `prefix`, each once, in index order.
  public func headwords(withPrefix prefix: String) -> [String] {
    let key = Self.fold(prefix, allChars: allChars)
    var index = lowerBound(key)
    var found: [String] = []
    while index < folded.count, folded[index].hasPrefix(key) {
      if found.last != entries[index].headword { found.append(entries[index].headword) }
      index += 1
    }
    return found
  }

  private func lowerBound(_ key: String) -> Int {
    var low = 0
    var high = folded.count
    while low < high {
      let middle = (low + high) / 2
      if folded[middle] < key { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The comparison form of a word: NFC, lowercased and, unless `allChars`, only its letters,
  /// digits and spaces, as dictd's `tolower_alnumspace_utf8` writes headwords (`I’r` → `ir`).
  static func fold(_ word: String, allChars: Bool = false) -> String {
    let lowered = word.nfc.lowercased()
    guard !allChars else { return lowered }
    var kept = String.UnicodeScalarView()
    for scalar in lowered.unicodeScalars {
      if scalar.properties.isWhitespace {
        kept.append(" ")
      } else if scalar.properties.isAlphabetic || scalar.properties.generalCategory == .decimalNumber {
        kept.append(scalar)
      }
    }
    return String(kept)
  }

  /// A number written in dictd's base-64 digits (A–Z a–z 0–9 + /, most significant first); nil
  /// when it is not one or is too large for an `Int`.
  static func number(_ digits: Substring) -> Int? {
    guard !digits.isEmpty else { return nil }
    var value = 0
    for scalar in digits.unicodeScalars {
      let digit: Int
      switch scalar {
      case "A"..."Z": digit = Int(scalar.value) - 65
      case "a"..."z": digit = Int(scalar.value) - 97 + 26
      case "0"..."9": digit = Int(scalar.value) - 48 + 52
      case "+": digit = 62
      case "/": digit = 63
      default: return nil
      }
      let (shifted, tooLarge) = value.multipliedReportingOverflow(by: 64)
      guard !tooLarge, shifted <= Int.max - digit else { return nil }  // more than Int holds
      value = shifted + digit
    }
    return value
  }
}
