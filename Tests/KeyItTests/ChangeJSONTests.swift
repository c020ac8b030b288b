import Foundation
import TestSupport
import Testing

@testable import KeyIt

/// The change log's JSON is written by hand (`ChangeJSON`); it must stay byte for byte what
/// `JSONEncoder` (sorted keys, unescaped slashes) gives, which the logs already written hold.
@Suite struct ChangeJSONTests {
  /// Text with what JSON escapes (quotes, backslashes, every control character), slashes, and
  /// letters outside ASCII.
  static func text(_ random: inout SeededGenerator) -> String {
    let pieces =
      ["a", "Z", "\"", "\\", "/", "é", "e\u{301}", "ŵ", "\u{2028}", "שָׁלוֹם", "🙂", " ", "\u{7F}"]
      + (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
    return (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
  }

  static func state(_ random: inout SeededGenerator) -> ItemState? {
    guard Bool.random(using: &random) || Bool.random(using: &random) else { return nil }
    return ItemState(
      verse: Int.random(in: 0...176, using: &random), type: ItemType.allCases.randomElement(using: &random)!,
      order: Int.random(in: -100...20_000, using: &random), intSeq: Int.random(in: -2...9, using: &random),
      startsBridge: Bool.random(using: &random), bridgeEnd: Int.random(in: 0...30, using: &random),
      marker: Bool.random(using: &random) ? nil : text(&random), text: text(&random),
      steps: (0..<Int.random(in: 0...2, using: &random)).map { _ in [text(&random), text(&random)] })
  }

  static func change(_ random: inout SeededGenerator) -> KeyItChange {
    KeyItChange(
      kind: [.bible, .edit, .resolve].randomElement(using: &random)!,
      bible: Bool.random(using: &random)
        ? nil
        : SharedBibleSpec(
          name: text(&random), versification: Versification.allCases.randomElement(using: &random)!,
          frenchPsalms: Bool.random(using: &random), bookNames: text(&random)),
      book: Bool.random(using: &random) ? nil : text(&random),
      chapter: Bool.random(using: &random) ? nil : Int.random(in: 1...150, using: &random),
      items: (0..<Int.random(in: 0...4, using: &random)).map { _ in
        ItemDelta(uid: text(&random), before: state(&random), after: state(&random))
      },
      resolution: Bool.random(using: &random)
        ? nil
        : ConflictResolution(
          conflict: text(&random), choice: ResolutionChoice.allCases.randomElement(using: &random)!))
  }

  @Test func theWrittenJSONIsWhatJSONEncoderWrites() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var random = SeededGenerator(seed: 22)
    for _ in 0..<2_000 {
      let change = Self.change(&random)
      let expected = String(decoding: try encoder.encode(change), as: UTF8.self)
      #expect(change.json == expected)
      #expect(try KeyItChange(json: change.json) == change)
    }
  }
}
