/// The letters of a language as its learners see them: the letter index of the word list, and
/// the keys of the hangman keyboard. Languages are BCP 47 codes; only the first part counts
/// (`cy-GB` is Welsh).
public enum Alphabet {
  private static let latin = "a b c d e f g h i j k l m n o p q r s t u v w x y z".split(separator: " ").map(
    String.init)

  /// The index letters in alphabetical order: Welsh digraphs are letters of their own, Swedish
  /// and Finnish `å ä ö` and Danish and Norwegian `æ ø å` come after `z`; other languages get a–z.
  public static func letters(language: String) -> [String] {
    switch primary(language) {
    case "cy":
      "a b c ch d dd e f ff g ng h i j l ll m n o p ph r rh s t th u w y".split(separator: " ").map(String.init)
    case "sv", "fi": latin + ["å", "ä", "ö"]
    case "da", "nb", "nn", "no": latin + ["æ", "ø", "å"]
    default: latin
    }
  }

  /// The keys a hangman player presses: a–z plus the accented letters the language writes.
  public static func keys(language: String) -> [String] {
    let accented: [String: String] = [
      "cy": "âêîôûŵŷáéíóúẁỳäëïöüẅÿàèìòù", "sv": "åäöé", "fi": "åäö", "da": "æøå", "nb": "æøå", "nn": "æøå",
      "no": "æøå", "de": "äöüß", "fr": "àâçéèêëîïôûùüÿœ", "es": "áéíñóúü",
    ]
    return latin + (accented[primary(language)] ?? "").map(String.init)
  }

  private static func primary(_ language: String) -> String {
    String(language.split(separator: "-").first ?? "").lowercased()
  }
}
