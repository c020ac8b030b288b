import Foundation

/// The FTS5 query for what the user typed: every word must match as a prefix, diacritics folded by
/// the index (`unicode61 remove_diacritics 2`). Nil when nothing searchable was typed.
func ftsQuery(_ typed: String) -> String? {
  let words = typed.precomposedStringWithCanonicalMapping
    .components(separatedBy: CharacterSet.alphanumerics.inverted)
    .filter { !$0.isEmpty }
  guard !words.isEmpty else { return nil }
  return words.map { "\"\($0)\"*" }.joined(separator: " ")
}
