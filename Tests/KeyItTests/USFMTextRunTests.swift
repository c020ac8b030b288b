import AppSupport
import Foundation
import TestSupport
import Testing

@testable import KeyIt

/// The importer reads a unit's text and a verse's number as bytes; these compare them with the
/// same reading done by characters, on text made of what trips byte-level code: whitespace of every
/// kind, combining marks after a space or a digit, letters outside ASCII, bridges, hyphens.
@Suite struct USFMTextRunTests {
  static let pieces = [
    "1", "12", "-", "3a", " ", "  ", "\n", "\r\n", "\t", "\u{A0}", "\u{3000}", "\u{301}", "é", "λ", "ש", "word", "\\w",
    "*", "🙂",
  ]

  static func text(_ random: inout SeededGenerator) -> String {
    (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
  }

  @Test func aUnitsTextHasItsASCIIWhitespaceCollapsedAndItsEndsTrimmed() {
    var random = SeededGenerator(seed: 25)
    for _ in 0..<5_000 {
      let body = Self.text(&random)
      let units = tokenizeUSFM(Array("\\p \(body)".utf8), isNFC: false).units
      let expected = body.unicodeScalars.split { [" ", "\n", "\r", "\t"].contains($0) }
        .map { String(String.UnicodeScalarView($0)) }.joined(separator: " ").precomposedStringWithCanonicalMapping
      #expect(units.map { Array($0.text.unicodeScalars) } == [Array(expected.unicodeScalars)], "\(Array(body.utf8))")
    }
  }

  @Test func aVersesNumberAndTextAreReadAsCharactersWouldReadThem() {
    var random = SeededGenerator(seed: 26)
    for _ in 0..<5_000 {
      let text = Self.text(&random)
      let number = String(text.prefix { !$0.isWhitespace })
      let body = String(text.dropFirst(number.count)).trimmed
      let read = verseNumberAndText(text)
      #expect(
        Array(read.number.unicodeScalars) == Array(number.unicodeScalars)
          && Array(read.text.unicodeScalars) == Array(body.unicodeScalars), "\(Array(text.unicodeScalars))")
    }
  }
}
