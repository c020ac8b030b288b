/// A lemma an inflected word comes from, and how it is inflected where the dictionary says so:
/// `hundar` → `hund`, "plural".
public struct Stem: Sendable, Equatable, Hashable, Codable {
  /// The dictionary form (`hund`).
  public let lemma: String
  /// The inflection in a learner's terms (`plural`, `definite`, `past`), nil when Hunspell's
  /// analysis does not tell.
  public let inflection: String?

  /// A stem.
  public init(lemma: String, inflection: String?) {
    self.lemma = lemma
    self.inflection = inflection
  }
}

/// One of Hunspell's analyses (` st:cheval po:nom is:mas is:pl`), split into its fields.
struct Analysis: Equatable {
  /// The `st:` (stem) field.
  let stem: String
  /// The affix flag of the suffix applied (`fl:G`).
  let flag: String?
  /// The morphological descriptions (`is:`, `po:`, `ts:`), in order.
  let tags: [String]

  /// nil when the analysis has no stem, or several (a compound the dictionary does not list).
  init?(_ text: String) {
    var stems: [String] = []
    var flag: String?
    var tags: [String] = []
    for field in text.split(whereSeparator: \.isWhitespace) {
      guard let colon = field.firstIndex(of: ":"), field.distance(from: field.startIndex, to: colon) == 2 else {
        continue
      }
      let value = String(field[field.index(after: colon)...])
      switch field[..<colon] {
      case "st": stems.append(value)
      case "fl": flag = value
      case "is", "po", "ts", "ip", "sp", "ds": tags.append(value)
      default: continue
      }
    }
    guard stems.count == 1 else { return nil }
    self.stem = stems[0]
    self.flag = flag
    self.tags = tags
  }
}
