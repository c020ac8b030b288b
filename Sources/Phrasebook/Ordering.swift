import Foundation

/// Compares two words in a language's own alphabet (Welsh `ll` after `l`, Swedish `å ä ö` after
/// `z`), ignoring case, with code-point order only to break exact ties.
public func alphabeticalOrder(_ a: String, _ b: String, language: String) -> ComparisonResult {
  let result = a.compare(b, options: [.caseInsensitive], range: nil, locale: Locale(identifier: language))
  return result != .orderedSame ? result : (a < b ? .orderedAscending : a == b ? .orderedSame : .orderedDescending)
}

/// Pairs sorted by wordOne in the first language's alphabet, then wordTwo in the second's.
public func sortedAlphabetically(_ pairs: [TaggedPair], in phrasebook: Phrasebook) -> [TaggedPair] {
  pairs.sorted { x, y in
    let first = alphabeticalOrder(x.pair.wordOne, y.pair.wordOne, language: phrasebook.languageOneCode)
    if first != .orderedSame { return first == .orderedAscending }
    return alphabeticalOrder(x.pair.wordTwo, y.pair.wordTwo, language: phrasebook.languageTwoCode) == .orderedAscending
  }
}

/// The areas a new phrasebook offers: North / South / Both when either language is Welsh.
func defaultAreas(languageOne: String, languageTwo: String) -> (areas: [String], default: String) {
  [languageOne, languageTwo].contains { $0.lowercased().hasPrefix("cy") }
    ? (["North", "South", "Both"], "Both") : ([], "")
}
