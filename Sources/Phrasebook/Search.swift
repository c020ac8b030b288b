import AppSupport
import Foundation

/// The FTS5 query for what the user typed: every word must match as a prefix, diacritics folded by
/// the index (`unicode61 remove_diacritics 2`), or one of its `alternatives` must (a Welsh word's
/// radicals, a word's stems). Nil when nothing searchable was typed.
func ftsQuery(_ typed: String, alternatives: (String) -> [String] = { _ in [] }) -> String? {
  let words = typed.precomposedStringWithCanonicalMapping
    .components(separatedBy: CharacterSet.alphanumerics.inverted)
    .filter { !$0.isEmpty }
  guard !words.isEmpty else { return nil }
  return words.map { word in
    var forms = [word]
    for form in alternatives(word) where !form.isEmpty && !forms.contains(form) {
      // Only letters and digits reach the index's tokens; anything else would break the query.
      guard form.unicodeScalars.allSatisfy(CharacterSet.alphanumerics.contains) else { continue }
      forms.append(form)
    }
    let terms = forms.map { "\"\($0)\"*" }
    return terms.count == 1 ? terms[0] : "(" + terms.joined(separator: " OR ") + ")"
  }.joined(separator: " AND ")  // FTS5 allows no implicit AND before a bracket
}

/// The other forms search tries for a word of a phrasebook in these languages: its Welsh radicals
/// when either language is Welsh (`gath` finds `cath`), and the stems `lemmas` gives.
func searchAlternatives(languages: [String], lemmas: @escaping (String) -> [String]) -> (String) -> [String] {
  let welsh = languages.contains { $0.lowercased().split(separator: "-").first == "cy" }
  return { word in
    (welsh ? WelshMutation.radicals(of: word).map(\.radical) : []) + lemmas(word).map { $0.lowercased() }
  }
}
