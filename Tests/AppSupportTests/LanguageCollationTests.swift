import Testing

@testable import AppSupport

/// ICU's alphabetical order and alphabet letters per language.
@Suite struct LanguageCollationTests {
  @Test func swedishPutsÅÄÖAfterZAndFilesThemApart() {
    let swedish = LanguageCollation.forLanguage("sv")
    let words = ["ö", "ål", "zebra", "är", "apa", "Öga", "hund"]
    #expect(
      words.sorted { swedish.key($0).lexicographicallyPrecedes(swedish.key($1)) } == [
        "apa", "hund", "zebra", "ål", "är", "ö", "Öga",
      ])
    #expect(["ål", "äpple", "öga", "apa", "été"].map(swedish.letter(of:)) == ["Å", "Ä", "Ö", "A", "E"])
  }

  @Test func welshFilesDigraphsAsOneLetter() {
    let welsh = LanguageCollation.forLanguage("cy")
    #expect(
      ["llan", "chwech", "ddoe", "ngwlad", "lan", "cath", "ŵy", "rhaff", "hen"].map(welsh.letter(of:)) == [
        "Ll", "Ch", "Dd", "Ng", "L", "C", "W", "Rh", "H",
      ])
    let words = ["llyn", "lyn", "mor", "lwyd"]
    #expect(words.sorted { welsh.key($0).lexicographicallyPrecedes(welsh.key($1)) } == ["lwyd", "lyn", "llyn", "mor"])
  }

  @Test func englishFoldsAccentsAndHasNoDigraphs() {
    let english = LanguageCollation.forLanguage("en")
    #expect(
      ["ångström", "llama", "chair", "Émile", "", "1st"].map(english.letter(of:)) == ["A", "L", "C", "E", "", "1"])
  }
}
