import AppSupport
import Testing

@Suite struct QuotedInputTests {
  @Test func tenThousandCharactersAreCutToEightyWithAnEllipsis() {
    let long = String(repeating: "x", count: 10_000)
    #expect(quoted(long) == "\"" + String(repeating: "x", count: 80) + "…\"")
    #expect(quoted("short") == "\"short\"" && shortened("short") == "short")
  }

  @Test func theCutFallsOnAGraphemeBoundary() {
    let decomposed = "y\u{0302}"  // one letter of two scalars
    let text = String(repeating: decomposed, count: 100)
    let shown = shortened(text)
    #expect(shown.dropLast() == Substring(String(repeating: decomposed, count: 80)) && shown.last == "…")
    let family = "👨‍👩‍👧‍👦"  // one grapheme of seven scalars
    #expect(shortened(String(repeating: family, count: 90)) == String(repeating: family, count: 80) + "…")
  }

  @Test func oneCharacterOfEndlessCombiningMarksIsCutToo() {
    let zalgo = "a" + String(repeating: "\u{0301}", count: 100_000)
    #expect(quoted(zalgo).unicodeScalars.count < 16 * 80 + 10)
  }

  @Test func controlCharactersQuotesAndBackslashesAreEscaped() {
    #expect(quoted("a\"b\\c\nd\u{1B}[31m\u{0}") == #""a\"b\\c\nd\u{1B}[31m\u{0}""#)
    #expect(shortened("a\"b") == "a\"b")
  }

  @Test func forbiddenControlCharactersAreNULAndC0ExceptTabAndLineEndsAndDEL() {
    #expect(forbiddenControlCharacter(in: "a\tb\nc\r\nd") == nil)
    #expect(forbiddenControlCharacter(in: "wa\u{0}ter") == "\u{0}")
    #expect(forbiddenControlCharacter(in: "x\u{1F}") == "\u{1F}" && forbiddenControlCharacter(in: "\u{7F}") == "\u{7F}")
    #expect(forbiddenControlCharacter(in: "ŵ\u{85}") == nil, "C1 controls are left alone")
    #expect(controlCharacterName("\u{0}") == "U+0000 (NUL)" && controlCharacterName("\u{1B}") == "U+001B")
  }
}
