/// The initial-consonant mutations of Welsh, undone: a word met in text (`gath`, `nghath`,
/// `chath`, `hafon`) is looked for under every radical it may come from (`cath`, `afon`). A rule
/// table, not a dictionary: every candidate is only a guess until a dictionary or phrasebook has it.
public enum WelshMutation: String, Sendable, Codable, CaseIterable {
  /// Treiglad meddal: p→b, t→d, c→g, b→f, d→dd, g→(lost), m→f, ll→l, rh→r.
  case soft
  /// Treiglad trwynol: p→mh, t→nh, c→ngh, b→m, d→n, g→ng.
  case nasal
  /// Treiglad llaes: p→ph, t→th, c→ch.
  case aspirate
  /// An h before a vowel (after `ei` "her", `eu`, `ein`…).
  case hProthesis = "h-prothesis"

  /// Mutated beginnings and the radical beginnings they come from, longest first so `ngh` is
  /// tried before `ng` and `n`.
  private static let rules: [(mutated: String, radical: String, mutation: WelshMutation)] = [
    ("ngh", "c", .nasal), ("mh", "p", .nasal), ("nh", "t", .nasal), ("ng", "g", .nasal),
    ("ph", "p", .aspirate), ("th", "t", .aspirate), ("ch", "c", .aspirate),
    ("dd", "d", .soft),
    ("b", "p", .soft), ("d", "t", .soft), ("g", "c", .soft), ("f", "b", .soft), ("f", "m", .soft),
    ("l", "ll", .soft), ("r", "rh", .soft),
    ("m", "b", .nasal), ("n", "d", .nasal),
  ]

  /// Two letters that are one letter of the Welsh alphabet: a one-letter rule never splits them.
  private static let digraphs: Set<String> = ["ch", "dd", "ff", "ng", "ll", "ph", "rh", "th"]

  private static let vowels: Set<Character> = ["a", "e", "i", "o", "u", "w", "y", "â", "ê", "î", "ô", "û", "ŵ", "ŷ"]

  /// Every radical `word` may be a mutation of, with the mutation, most likely first; the word
  /// itself is not among them. Lowercase in, lowercase out; an empty list for a word no rule fits.
  public static func radicals(of word: String) -> [(radical: String, mutation: WelshMutation)] {
    let word = word.lowercased()
    var found: [(radical: String, mutation: WelshMutation)] = []
    func add(_ radical: String, _ mutation: WelshMutation) {
      guard radical != word, !radical.isEmpty, !found.contains(where: { $0.radical == radical }) else { return }
      found.append((radical, mutation))
    }
    let startsWithDigraph = digraphs.contains(String(word.prefix(2)))
    for rule in rules where word.hasPrefix(rule.mutated) && word.count > rule.mutated.count {
      if rule.mutated.count == 1 && startsWithDigraph { continue }
      add(rule.radical + word.dropFirst(rule.mutated.count), rule.mutation)
    }
    if word.hasPrefix("h"), let second = word.dropFirst().first, vowels.contains(second) {
      add(String(word.dropFirst()), .hProthesis)
    }
    // Soft mutation drops a g: `ardd` (gardd), `wely` (gwely), `lan` (glan), `ras` (gras).
    if let first = word.first, vowels.contains(first) || first == "l" || first == "r" {
      add("g" + word, .soft)
    }
    return found
  }

  /// How a learner reads it: "soft mutation".
  public var name: String {
    switch self {
    case .soft: "soft mutation"
    case .nasal: "nasal mutation"
    case .aspirate: "aspirate mutation"
    case .hProthesis: "h before a vowel"
    }
  }
}
