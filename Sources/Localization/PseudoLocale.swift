/// Pseudo-locales made from the English catalog, to find text that is not in a catalog and layouts
/// that break with longer words: `en-XA` accents every letter and makes each text about 40% longer
/// between brackets; `ar-XB` does the same and is written right to left.
public enum PseudoLocale {
  public static let accented = "en-XA"
  public static let rightToLeft = "ar-XB"

  /// A message text made strange but still readable; `{placeholders}` stay as they are.
  public static func transform(_ text: String) -> String {
    var result = ""
    var inPlaceholder = false
    for character in text {
      if character == "{" { inPlaceholder = true }
      if inPlaceholder {
        result.append(character)
      } else if let accented = accents[character] {
        result.append(accented)
      } else {
        result.append(character)
      }
      if character == "}" { inPlaceholder = false }
    }
    // Words of tildes, so that a line can still break where a longer translation would.
    let length = max(1, (text.count * 2 + 4) / 5)
    let padding = String((0..<length).map { $0 % 6 == 5 ? " " : "~" })
    return "⟦" + result + " " + padding + "⟧"
  }

  static func messages(from english: [String: Message]) -> [String: Message] {
    english.mapValues { Message(forms: $0.forms.map(transform), isPlural: $0.isPlural) }
  }

  private static let accents: [Character: Character] = {
    let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    let marked = Array("àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
    return Dictionary(uniqueKeysWithValues: zip(plain, marked))
  }()
}
