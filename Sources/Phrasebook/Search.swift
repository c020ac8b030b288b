import AppSupport
import Foundation

/// What the user typed, as search reads it: each word with its forms (the word itself, then the
/// other forms that may stand for it). A pair matches when, for every word, one of its forms is
/// the start of a token of the pair's search entry, diacritics folded by the index
/// (`unicode61 remove_diacritics 2`).
struct SearchQuery {
  /// Each typed word's forms, the typed word first.
  let words: [[String]]

  /// Nil when nothing searchable was typed. `alternatives` gives a word's other forms (a Welsh
  /// word's radicals, a word's stems).
  init?(_ typed: String, alternatives: (String) -> [String] = { _ in [] }) {
    let typedWords = typed.nfc
      .components(separatedBy: CharacterSet.alphanumerics.inverted)
      .filter { !$0.isEmpty }
    guard !typedWords.isEmpty else { return nil }
    words = typedWords.map { word in
      var forms = [word]
      for form in alternatives(word) where !form.isEmpty && !forms.contains(form) {
        // Only letters and digits reach the index's tokens; anything else would break the query.
        guard form.unicodeScalars.allSatisfy(CharacterSet.alphanumerics.contains) else { continue }
        forms.append(form)
      }
      return forms
    }
  }

  /// The FTS5 query: every word must match as a prefix, or one of its forms must.
  var fts: String { Self.fts(words) }

  /// The FTS5 query of the words as typed, without their other forms.
  var typedFTS: String { Self.fts(words.map { [$0[0]] }) }

  private static func fts(_ words: [[String]]) -> String {
    words.map { forms in
      let terms = forms.map { "\"\($0)\"*" }
      return terms.count == 1 ? terms[0] : "(" + terms.joined(separator: " OR ") + ")"
    }.joined(separator: " AND ")  // FTS5 allows no implicit AND before a bracket
  }
}

/// The other forms search tries for a word of a phrasebook in these languages: its Welsh radicals
/// when either language is Welsh (`gath` finds `cath`), and the stems `lemmas` gives.
func searchAlternatives(languages: [String], lemmas: @escaping (String) -> [String]) -> (String) -> [String] {
  let welsh = languages.contains { $0.lowercased().split(separator: "-").first == "cy" }
  return { word in
    (welsh ? WelshMutation.radicals(of: word).map(\.radical) : []) + lemmas(word).map { $0.lowercased() }
  }
}
