import Foundation

/// A dictd `.index` file: one line per entry, `headword TAB offset TAB length`, the numbers in
/// dictd's base-64 digits, sorted. Lookups ignore case, as dictd does.
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
  private let folded: [String]

  /// Parses an index; a malformed line is an error naming its line number.
  public init(text: String, file: String = "index") throws {
    var entries: [Entry] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count >= 3, let offset = Self.number(fields[1]), let length = Self.number(fields[2]) else {
        throw LexikonError.badIndexLine(file: file, line: number + 1)
      }
      let headword = String(fields[0])
      if headword.hasPrefix("00database") || headword.hasPrefix("00-database") { continue }
      entries.append(Entry(headword: headword, offset: offset, length: length))
    }
    let keyed = entries.map { (Self.fold($0.headword), $0) }.sorted { $0.0 < $1.0 }
    self.entries = keyed.map(\.1)
    folded = keyed.map(\.0)
  }

  /// Every entry of `word` (a word may have several).
  public func entries(for word: String) -> [Entry] {
    let key = Self.fold(word)
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
    let key = Self.fold(prefix)
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

  /// The comparison form of a word: NFC, lowercased.
  static func fold(_ word: String) -> String { word.precomposedStringWithCanonicalMapping.lowercased() }

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
