import Localization

/// Lexikon's words for people that the core gives as English names.
public enum LexikonWords {
  /// How a word as typed differs from the word found ("plural", "definite, genitive", "soft
  /// mutation"), each part in a language by the ids the page uses (`lexikon.js.form.*`); a part
  /// the catalogs do not have stays as the core names it.
  public static func form(_ how: String, _ words: Localizer) -> String {
    how.components(separatedBy: ", ").map { part in
      let id = "lexikon.js.form." + idName(part)
      let worded = words.t(id)
      return worded == id ? part : worded
    }
    .joined(separator: ", ")
  }

  /// `simple past` → `simplePast`, `-ing form` → `ingForm`.
  private static func idName(_ part: String) -> String {
    let words = part.drop { $0 == "-" }.split(separator: " ")
    return (words.prefix(1) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }).joined()
  }
}
