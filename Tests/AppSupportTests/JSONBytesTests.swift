import Foundation
import TestSupport
import Testing

@testable import AppSupport

/// `JSONBytes` must write what `JSONEncoder` writes (sorted keys, `.iso8601` dates), byte for byte:
/// pages and clients read both, and the change logs already written hold the encoder's bytes.
@Suite struct JSONBytesTests {
  struct Sample: Encodable {
    let date: Date
    let number: Int64
    let text: String
    let flag: Bool
    let list: [String]

    func write(to out: inout JSONBytes) {
      var fields = JSONBytes.Fields()
      fields.key("date", &out) { $0.date(date) }
      fields.key("flag", &out) { $0.bool(flag) }
      fields.key("list", &out) { out in out.array(list) { $0.string($1) } }
      fields.key("number", &out) { $0.int(number) }
      fields.key("text", &out) { $0.string(text) }
      fields.close(&out)
    }
  }

  /// Text with what JSON escapes (quotes, backslashes, every control character), slashes, and
  /// letters outside ASCII, at every place in the eight bytes read at once (runs of plain letters).
  static func text(_ random: inout SeededGenerator) -> String {
    let pieces =
      ["a", "Z", "\"", "\\", "/", "é", "e\u{301}", "ŵ", "\u{2028}", "שָׁלוֹם", "🙂", " ", "\u{7F}", "</script>"]
      + ["bcdefgh", "In the beginning", "!#$%&'()*+,-.0123456789:;<=>?@[]^_`{|}~"]
      + (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
    return (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
  }

  /// Dates from before the year 1 to after 9999, most of them near now, with and without fractions
  /// of a second; days and leap years' edges included.
  static func date(_ random: inout SeededGenerator) -> Date {
    let seconds: Double
    switch Int.random(in: 0..<5, using: &random) {
    case 0: seconds = Double(Int64.random(in: -70_000_000_000...300_000_000_000, using: &random))
    case 1:
      seconds = Double(Int64.random(in: -5...5, using: &random) * 86_400 + Int64.random(in: -1...1, using: &random))
    case 2: seconds = Double.random(in: -1e10...1e10, using: &random)
    default: seconds = 1_795_000_000 + Double.random(in: -1e8...1e8, using: &random)
    }
    return Date(timeIntervalSince1970: seconds)
  }

  @Test(arguments: [true, false]) func writesWhatJSONEncoderWrites(escapingSlashes: Bool) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = escapingSlashes ? [.sortedKeys] : [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    var random = SeededGenerator(seed: 25)
    for _ in 0..<5_000 {
      let sample = Sample(
        date: Self.date(&random), number: Int64.random(in: Int64.min...Int64.max, using: &random),
        text: Self.text(&random), flag: Bool.random(using: &random),
        list: (0..<Int.random(in: 0...3, using: &random)).map { _ in Self.text(&random) })
      var out = JSONBytes(escapingSlashes: escapingSlashes)
      sample.write(to: &out)
      let expected = String(decoding: try encoder.encode(sample), as: UTF8.self)
      #expect(String(decoding: out.bytes, as: UTF8.self) == expected)
    }
  }

  @Test func anEmptyObjectAndAnEmptyList() {
    var out = JSONBytes(escapingSlashes: true)
    var fields = JSONBytes.Fields()
    fields.key("none", &out) { out in out.array([Int]()) { $0.int($1) } }
    fields.key("nothing", &out) { JSONBytes.Fields().close(&$0) }
    fields.close(&out)
    #expect(String(decoding: out.bytes, as: UTF8.self) == #"{"none":[],"nothing":{}}"#)
  }
}
