import AppSupport
import Foundation
import TestSupport
import Testing

/// `nfc` and `isNFC` skip the normalizer for text they can tell is already composed, reading its
/// UTF-8 bytes: they must give what Python's unicodedata gives for every text, at the edges of
/// what they skip above all.
@Suite struct TextNormalizationTests {
  /// Scalars on both sides of each edge the byte check draws, and some that NFC changes.
  static let scalars: [Unicode.Scalar] = [
    "a", "Z", " ", "\n", "\u{E9}", "\u{2FF}", "\u{300}", "\u{301}", "\u{30A}", "\u{327}", "\u{340}", "\u{344}",
    "\u{2000}", "\u{2001}", "\u{200F}", "\u{2010}", "\u{2019}", "\u{2026}", "\u{206F}", "\u{2070}", "\u{20D0}",
    "\u{2126}", "\u{212B}", "\u{1100}", "\u{1161}", "\u{AC00}", "\u{5D4}", "\u{5B4}", "\u{5BC}", "\u{5B5}",
    "\u{3B1}", "\u{F900}", "\u{1D15E}", "\u{1F600}", "\u{FEFF}", "w", "\u{175}",
    // Where the standard library's quick check answers "maybe" or "no": marks that compose with
    // what comes before (Devanagari nukta, Bengali vowel signs, kana voicing, Arabic maddah, Hangul
    // vowels and finals, Greek ypogegrammeni), marks in another order, scalars NFC replaces.
    "\u{915}", "\u{93C}", "\u{958}", "\u{9C7}", "\u{9BE}", "\u{304B}", "\u{3099}", "\u{627}", "\u{653}",
    "\u{11A8}", "\u{323}", "\u{302}", "\u{345}", "\u{F73}", "\u{374}", "\u{37E}", "\u{5D1}", "\u{5B0}",
  ]

  @Test func agreesWithPythonsUnicodedataOnRandomTexts() throws {
    var random = SeededGenerator(seed: 20_261_124)
    let texts = (0..<20_000).map { _ in
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...8, using: &random) {
        // Runs of ASCII too, so that the scalars fall at every place in the eight bytes read at once.
        if Bool.random(using: &random) {
          text.append(contentsOf: String(repeating: "k", count: Int.random(in: 1...11, using: &random)).unicodeScalars)
        } else {
          text.append(Self.scalars.randomElement(using: &random)!)
        }
      }
      return String(text)
    }
    // Line breaks are scalars of the texts too: each is written as its scalars in hexadecimal.
    func hex(_ text: String) -> String {
      text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
    }
    let input = texts.map(hex).joined(separator: "\n") + "\n"
    let answers = String(decoding: try runPythonScript("nfc.py", input: Data(input.utf8)), as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    try #require(answers.count == texts.count)
    for (text, answer) in zip(texts, answers) {
      let parts = answer.split(separator: ";", omittingEmptySubsequences: false)
      #expect(hex(text.nfc) == String(parts[0]), "nfc of \(hex(text))")
      #expect(text.isNFC == (parts[1] == "1"), "isNFC of \(hex(text))")
    }
  }

  @Test(arguments: [
    ("dw\u{0302}r", "dŵr"), ("\u{2126}", "\u{3A9}"), ("\u{2000}", "\u{2002}"), ("A\u{30A}", "\u{C5}"),
    ("\u{2018}quoted\u{2019} \u{2014} \u{2026}", "\u{2018}quoted\u{2019} \u{2014} \u{2026}"),
    // A Hangul syllable and a final consonant: one syllable (Foundation on Linux left them apart).
    ("\u{AC00}\u{11A8}", "\u{AC01}"), ("\u{1100}\u{1161}\u{11A8}", "\u{AC01}"),
  ])
  func composesWhatNeedsIt(text: String, composed: String) {
    #expect(Array(text.nfc.unicodeScalars) == Array(composed.unicodeScalars))
  }
}
