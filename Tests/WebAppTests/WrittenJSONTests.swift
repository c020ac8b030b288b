import AppSupport
import Foundation
import TestSupport
import Testing

@testable import Phrasebook
@testable import WebApp

/// The answers written straight into bytes (`JSONBytesWritable`) must be what their `Encodable`
/// conformance gives through `JSONEncoder` as `JSONResponse` sets it up, byte for byte.
@Suite struct WrittenJSONTests {
  static func text(_ random: inout SeededGenerator) -> String {
    let pieces =
      ["a", "Z", "\"", "\\", "/", "é", "ŵ", "\u{2028}", "שָׁלוֹם", "🙂", " ", "<script>", "\n", "\u{0}", "\u{1F}"]
    return (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
  }

  static func pair(_ random: inout SeededGenerator) -> TaggedPair {
    let date = { (random: inout SeededGenerator) in
      Date(timeIntervalSince1970: Double.random(in: -2e10...2e10, using: &random))
    }
    let pair = WordPair(
      id: Int64.random(in: 1...Int64.max, using: &random), phrasebookID: Int64.random(in: 1...9, using: &random),
      wordOne: text(&random), wordTwo: text(&random), type: text(&random), context: text(&random),
      area: text(&random), note: text(&random), image: text(&random), imageURL: text(&random),
      imageCredit: text(&random), imageLicence: text(&random), createdAt: date(&random), updatedAt: date(&random))
    return TaggedPair(pair: pair, tags: (0..<Int.random(in: 0...3, using: &random)).map { _ in text(&random) })
  }

  static func written(_ value: some JSONBytesWritable) -> String {
    var out = JSONBytes(escapingSlashes: true)
    value.write(to: &out)
    return String(decoding: out.bytes, as: UTF8.self)
  }

  static func encoded(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  @Test func aPageOfPairsIsWhatJSONEncoderWrites() throws {
    var random = SeededGenerator(seed: 25)
    for _ in 0..<300 {
      let page = PairPageJSON(
        SearchPage(
          total: Int.random(in: 0...100_000, using: &random), capped: Bool.random(using: &random),
          pairs: (0..<Int.random(in: 0...5, using: &random)).map { _ in Self.pair(&random) }))
      #expect(Self.written(page) == (try Self.encoded(page)))
    }
  }

  @Test func aPairWithItsRecordedSidesIsWhatJSONEncoderWrites() throws {
    var random = SeededGenerator(seed: 26)
    for _ in 0..<100 {
      var pair = PairJSON(Self.pair(&random))
      pair.recorded = PairSide.allCases.filter { _ in Bool.random(using: &random) }
      #expect(Self.written(pair) == (try Self.encoded(pair)))
    }
  }

  @Test func anItemIsWhatJSONEncoderWrites() throws {
    var random = SeededGenerator(seed: 27)
    for _ in 0..<300 {
      let int = { (random: inout SeededGenerator) in Int.random(in: 0...200, using: &random) }
      let item = ItemJSON(
        id: Int64.random(in: 1...Int64.max, using: &random), uid: Self.text(&random), type: Self.text(&random),
        verse: int(&random), lastVerse: int(&random), label: Self.text(&random), text: Self.text(&random),
        revision: int(&random), hasText: Bool.random(using: &random),
        marker: Bool.random(using: &random) ? Self.text(&random) : nil)
      #expect(Self.written(item) == (try Self.encoded(item)))
    }
  }
}
