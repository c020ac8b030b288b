import AppSupport
import Foundation
import GRDB

/// Search ahead: while the user reads what they typed finds, the answers to the keys they may
/// type next are read, so that the next key's results are drawn in the frame after it without
/// waiting for the server.
extension PhrasebookStore {
  /// How many next keys one look-ahead answers at most.
  public static let searchAheadKeys = 48
  /// The most results a search ahead gives per key: a tall screen's first rows.
  public static let searchAheadLimit = 30
  /// The longest text (in characters) searched ahead of: a longer one is not being typed into a
  /// search field, and would cost a search per key.
  public static let searchAheadLongest = 100

  /// For each character the search index's words continue the last typed word with (or begin
  /// with, when `typed` is empty or ends between words), in the index's order, then each accented
  /// letter of the phrasebook's languages that is one of those characters with its accent, the
  /// page `searchPage(typed + character, limit: limit)` gives: at most `searchAheadKeys` of them,
  /// all read from one snapshot. A key found by no word is left out: its search (a radical, a
  /// stem) goes to the server. Nothing is searched ahead of a text longer than `searchAheadLongest`.
  /// `limit` is 1…`searchAheadLimit`, or `PhrasebookError.badSearchAheadLimit`: a request costs at
  /// most `searchAheadKeys` searches of that many results.
  public func searchAhead(
    _ typed: String, in phrasebook: String? = nil, limit: Int, stems: @escaping Stems = noStems
  ) async throws -> [(key: String, page: SearchPage)] {
    guard (1...Self.searchAheadLimit).contains(limit) else { throw PhrasebookError.badSearchAheadLimit(limit) }
    guard typed.count <= Self.searchAheadLongest else { return [] }
    return try await writer.read { db in
      let book = try Self.phrasebook(db, phrasebook)
      let keys = try Self.nextKeys(db, after: typed)
      let accented = Self.accentedKeys(of: keys, languages: [book.languageOneCode, book.languageTwoCode])
      return try (keys + accented).prefix(Self.searchAheadKeys).map { key in
        let page = try Self.searchPage(
          db, typed + key, in: book, offset: 0, limit: limit, stems: stems, countCap: Self.searchCountCap)
        return (key, page)
      }
    }
  }

  /// The characters the index's words continue the last word of `typed` with, lowercased and
  /// without diacritics as the index keeps its words, each once, in the index's order: one
  /// look-up of the index's terms per character.
  static func nextKeys(_ db: Database, after typed: String) throws -> [String] {
    let stem = lastWord(of: typed)
    let beyond = "\u{10FFFF}"  // after every continuation of a text in the terms' (UTF-8) order
    let next = try db.cachedStatement(
      sql: "SELECT term FROM PairSearchTerms WHERE term > ? AND term < ? ORDER BY term LIMIT 1")
    var keys: [String] = []
    var after = stem
    while keys.count < searchAheadKeys,
      let term = try String.fetchOne(next, arguments: [after, stem + beyond]),
      let key = term.unicodeScalars.dropFirst(stem.unicodeScalars.count).first
    {
      keys.append(String(key))
      after = stem + String(key) + beyond
    }
    return keys
  }

  /// The letters with accents that `languages` write (`Alphabet.keys`) whose plain letter is one of
  /// `keys`, each once: a learner may type `câ` where the index keeps `ca`.
  static func accentedKeys(of keys: [String], languages: [String]) -> [String] {
    let plain = Set(keys)
    var accented: [String] = []
    for letter in languages.flatMap({ Alphabet.keys(language: $0) })
    where !plain.contains(letter) && !accented.contains(letter)
      && plain.contains(letter.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil))
    {
      accented.append(letter)
    }
    return accented
  }

  /// The word `typed` ends in, as the index keeps words (lowercased, diacritics removed); empty
  /// when it ends between words, so that the next key begins one.
  static func lastWord(of typed: String) -> String {
    let text = typed.nfc
    guard let last = text.unicodeScalars.last, CharacterSet.alphanumerics.contains(last) else { return "" }
    let word = text.components(separatedBy: CharacterSet.alphanumerics.inverted).last ?? ""
    return word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }
}
