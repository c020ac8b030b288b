/// A dictionary a source offers, with the languages its name gives (`freedict-swe-eng`,
/// `fd-swe-eng`, `stardict-swe-eng-2.4.2`: Swedish to English). Its direction (`swe-eng`) keys the cache, so cached words
/// survive switching between the files and a server.
public struct InstalledDictionary: Codable, Sendable, Hashable {
  /// The source's own name for it (file stem or server database).
  public let name: String
  /// ISO 639-3 code of the headwords' language, when the name gives it.
  public let from: String?
  /// ISO 639-3 code of the definitions' language, when the name gives it.
  public let to: String?
  /// What the source says it is, or its languages.
  public let description: String
  /// `swe-eng`, or the name for a dictionary without a language pair.
  public let direction: String
  /// `sv→en` style label for menus (the name when there is no language pair).
  public let label: String
  /// Two-letter code of `from` where there is one (`sv`), as phrasebooks write languages.
  public let fromShortCode: String?
  /// Two-letter code of `to` where there is one (`en`).
  public let toShortCode: String?

  /// A dictionary known by `name`, described by the source (or by its languages).
  public init(name: String, description: String? = nil) {
    self.name = name
    // The last two neighbouring three-letter codes: `freedict-swe-eng`, `stardict-swe-eng-2.4.2`.
    let parts = name.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
    let isCode = { (part: String) in part.count == 3 && part.allSatisfy { $0.isASCII && $0.isLowercase } }
    let start = parts.indices.dropLast().last { isCode(parts[$0]) && isCode(parts[$0 + 1]) }
    if let start {
      from = parts[start]
      to = parts[start + 1]
      direction = "\(parts[start])-\(parts[start + 1])"
    } else {
      from = nil
      to = nil
      direction = name
    }
    let fromShort = from.map(Languages.shortCode)
    let toShort = to.map(Languages.shortCode)
    fromShortCode = fromShort
    toShortCode = toShort
    if let fromShort, let toShort { label = "\(fromShort)→\(toShort)" } else { label = name }
    var languages = name
    if let from, let to { languages = "\(Languages.name(from)) → \(Languages.name(to))" }
    if let description, !description.isEmpty { self.description = description } else { self.description = languages }
  }
}

/// ISO 639 codes of the languages FreeDict and the phrasebooks use.
public enum Languages {
  private static let known: [(three: String, two: String, name: String)] = [
    ("afr", "af", "Afrikaans"), ("ara", "ar", "Arabic"), ("bre", "br", "Breton"), ("ces", "cs", "Czech"),
    ("cym", "cy", "Welsh"), ("dan", "da", "Danish"), ("deu", "de", "German"), ("ell", "el", "Greek"),
    ("eng", "en", "English"), ("epo", "eo", "Esperanto"), ("fin", "fi", "Finnish"), ("fra", "fr", "French"),
    ("gla", "gd", "Scottish Gaelic"), ("gle", "ga", "Irish"), ("heb", "he", "Hebrew"), ("hin", "hi", "Hindi"),
    ("hun", "hu", "Hungarian"), ("isl", "is", "Icelandic"), ("ita", "it", "Italian"), ("jpn", "ja", "Japanese"),
    ("kur", "ku", "Kurdish"), ("lat", "la", "Latin"), ("lit", "lt", "Lithuanian"), ("nld", "nl", "Dutch"),
    ("nor", "no", "Norwegian"), ("pol", "pl", "Polish"), ("por", "pt", "Portuguese"), ("ron", "ro", "Romanian"),
    ("rus", "ru", "Russian"), ("slk", "sk", "Slovak"), ("spa", "es", "Spanish"), ("srp", "sr", "Serbian"),
    ("swa", "sw", "Swahili"), ("swe", "sv", "Swedish"), ("tur", "tr", "Turkish"), ("ukr", "uk", "Ukrainian"),
  ]

  /// The English name of a 639-3 (or 639-1) code, or the code itself.
  public static func name(_ code: String) -> String {
    known.first { $0.three == code || $0.two == code }?.name ?? code
  }

  /// The two-letter code of a 639-3 code where there is one (`swe` → `sv`).
  public static func shortCode(_ code: String) -> String { known.first { $0.three == code }?.two ?? code }

  /// The 639-3 code of a two- or three-letter code (`sv` → `swe`).
  public static func longCode(_ code: String) -> String {
    let lowered = code.lowercased()
    return known.first { $0.two == lowered }?.three ?? lowered
  }
}
