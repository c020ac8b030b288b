import AppSupport
import Foundation
import TestSupport
import Testing

/// `nfc` skips Foundation for text it can tell is already composed, reading its UTF-8 bytes: it
/// must give what Foundation gives for every text, at the edges of what it skips above all.
@Suite struct TextNormalizationTests {
  /// Scalars on both sides of each edge the byte check draws, and some that NFC changes.
  static let scalars: [Unicode.Scalar] = [
    "a", "Z", " ", "\n", "\u{E9}", "\u{2FF}", "\u{300}", "\u{301}", "\u{30A}", "\u{327}", "\u{340}", "\u{344}",
    "\u{2000}", "\u{2001}", "\u{200F}", "\u{2010}", "\u{2019}", "\u{2026}", "\u{206F}", "\u{2070}", "\u{20D0}",
    "\u{2126}", "\u{212B}", "\u{1100}", "\u{1161}", "\u{AC00}", "\u{5D4}", "\u{5B4}", "\u{5BC}", "\u{5B5}",
    "\u{3B1}", "\u{F900}", "\u{1D15E}", "\u{1F600}", "\u{FEFF}", "w", "\u{175}",
  ]

  @Test func agreesWithFoundationOnRandomTexts() {
    var random = SeededGenerator(seed: 20_261_124)
    for _ in 0..<20_000 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...8, using: &random) {
        // Runs of ASCII too, so that the scalars fall at every place in the eight bytes read at once.
        if Bool.random(using: &random) {
          text.append(contentsOf: String(repeating: "k", count: Int.random(in: 1...11, using: &random)).unicodeScalars)
        } else {
          text.append(Self.scalars.randomElement(using: &random)!)
        }
      }
      let string = String(text)
      let composed = string.precomposedStringWithCanonicalMapping
      #expect(
        Array(string.nfc.unicodeScalars) == Array(composed.unicodeScalars),
        "\(string.unicodeScalars.map { String($0.value, radix: 16) })")
      #expect(
        string.isNFC == string.unicodeScalars.elementsEqual(composed.unicodeScalars),
        "isNFC of \(string.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }

  @Test(arguments: [
    ("dw\u{0302}r", "dŵr"), ("\u{2126}", "\u{3A9}"), ("\u{2000}", "\u{2002}"), ("A\u{30A}", "\u{C5}"),
    ("\u{2018}quoted\u{2019} \u{2014} \u{2026}", "\u{2018}quoted\u{2019} \u{2014} \u{2026}"),
  ])
  func composesWhatNeedsIt(text: String, composed: String) {
    #expect(Array(text.nfc.unicodeScalars) == Array(composed.unicodeScalars))
  }
}
