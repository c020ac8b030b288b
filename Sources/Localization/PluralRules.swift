/// A CLDR plural category.
public enum PluralCategory: String, Sendable, CaseIterable {
  case zero, one, two, few, many, other
}

/// The CLDR plural rules (cardinal, whole numbers) of the interface languages. A catalog's
/// `msgstr[n]` follow the order of `categories(language)`, as its `Plural-Forms` header says.
public enum PluralRules {
  /// The categories a language's plural forms are written in, in `msgstr[n]` order.
  public static func categories(_ language: String) -> [PluralCategory] {
    switch primary(language) {
    case "cy": [.zero, .one, .two, .few, .many, .other]
    case "fr": [.one, .many, .other]
    case "tpi": [.other]
    default: [.one, .other]
    }
  }

  /// The category of a whole number in a language.
  public static func category(_ language: String, _ number: Int) -> PluralCategory {
    let n = abs(number)
    switch primary(language) {
    case "cy":
      return [0: .zero, 1: .one, 2: .two, 3: .few, 6: .many][n] ?? .other
    case "fr":
      if n <= 1 { return .one }
      return n % 1_000_000 == 0 ? .many : .other
    case "tpi":
      return .other
    default:
      return n == 1 ? .one : .other
    }
  }

  /// The index of `msgstr[n]` for a number.
  public static func formIndex(_ language: String, _ number: Int) -> Int {
    categories(language).firstIndex(of: category(language, number)) ?? 0
  }

  private static func primary(_ language: String) -> String {
    String(language.lowercased().prefix { $0 != "-" && $0 != "_" })
  }
}
