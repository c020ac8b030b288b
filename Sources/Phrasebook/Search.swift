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

/// True when a pair contains what the user typed with its exact diacritics (ignoring case): such
/// matches are listed first.
func matchesExactly(_ pair: TaggedPair, _ typed: String) -> Bool {
  let needle = typed.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespaces)
  return ([pair.pair.wordOne, pair.pair.wordTwo, pair.pair.context, pair.pair.note] + pair.tags).contains {
    $0.range(of: needle, options: [.caseInsensitive]) != nil
  }
}
