import Foundation
import GRDB
import TestSupport
import Testing

@testable import KeyIt

/// Changes are read by hand (`ChangeJSONReader`) where `JSONDecoder` used to read them. What the
/// reader reads must be what `JSONDecoder` reads, byte for byte, and what it does not read it must
/// leave to `JSONDecoder`, never read otherwise.
@Suite struct ChangeJSONReaderTests {
  /// What `JSONDecoder` reads, written again (byte for byte: Swift's `==` on strings is canonical
  /// equivalence, which would not see `é` read as `e` and a combining accent).
  static func decoded(_ json: String) -> [UInt8]? {
    (try? JSONDecoder().decode(KeyItChange.self, from: Data(json.utf8))).map { Array(ChangeJSON.write($0).utf8) }
  }

  static func readByHand(_ json: String) -> [UInt8]? {
    ChangeJSONReader.change(json).map { Array(ChangeJSON.write($0).utf8) }
  }

  /// The same JSON spelt otherwise: every letter outside ASCII escaped (`\u` and a surrogate pair
  /// past the first plane), and space, tabs and line breaks around every `{ } [ ] , :`.
  static func spacedAndEscaped(_ json: String) -> String {
    var out = ""
    var (inString, escaping) = (false, false)
    for scalar in json.unicodeScalars {
      if inString {
        if scalar.value >= 0x80 {
          for unit in String(scalar).utf16 { out += String(format: "\\u%04x", unit) }
          continue
        }
        out.unicodeScalars.append(scalar)
        if escaping {
          escaping = false
        } else if scalar == "\\" {
          escaping = true
        } else if scalar == "\"" {
          inString = false
        }
        continue
      }
      if "{}[],:".unicodeScalars.contains(scalar) { out += " \n\t" }
      out.unicodeScalars.append(scalar)
      if "{}[],:".unicodeScalars.contains(scalar) { out += "\r " }
      if scalar == "\"" { inString = true }
    }
    return out
  }

  @Test func everyChangeAsAnyWriterSpellsItReadsByHandAsJSONDecoderReadsIt() throws {
    var random = SeededGenerator(seed: 2_212)
    let encoder = JSONEncoder()  // keys unsorted, slashes escaped: another writer's spelling
    for _ in 0..<2_000 {
      let change = ChangeJSONTests.change(&random)
      let written = ChangeJSON.write(change)
      let spellings = [
        written, String(decoding: try encoder.encode(change), as: UTF8.self),
        try ChangeJSONTests.writtenInFull(written), Self.spacedAndEscaped(written),
      ]
      for json in spellings {
        let read = try #require(Self.readByHand(json), "not read by hand: \(json)")
        #expect(read == Array(written.utf8), "\(json)")
        #expect(Self.decoded(json) == read, "\(json)")
      }
    }
  }

  /// Every change a real import and a day's editing log reads by hand, as `JSONDecoder` reads it.
  @Test func aRealLogReadsByHand() async throws {
    let (store, bible) = try await storeWithBible()
    let files = ["09-RUTeng-web.usfm", "94-3JNeng-web.usfm"]
    _ = try await store.importUSFM(try files.map { ($0, try fixture("usfm/\($0)")) }, bibleID: nil)
    let ruth = try await store.chapter(bibleID: bible.bibleID, code: "RUT", chapter: 1)
    for item in ruth.items.filter({ $0.itemType == .verse }).prefix(5) {
      _ = try await store.setText(bibleID: bible.bibleID, itemID: item.itemID!, text: "\"Quoted\" \\ / ŵ 🙂")
    }
    let payloads = try await store.writer.read { db in try String.fetchAll(db, sql: "SELECT payload FROM KeyItChanges")
    }
    #expect(payloads.count > 5)
    for json in payloads {
      let read = try #require(Self.readByHand(json), "not read by hand: \(json)")
      #expect(Self.decoded(json) == read)
    }
  }

  /// JSON the reader leaves to `JSONDecoder`: what it reads there (or refuses) is what
  /// `KeyItChange(json:)` gives.
  @Test(arguments: [
    #"{"items":[],"kind":"edit","kind":"bible"}"#,  // a key twice
    #"{"items":[],"kind":"edit","note":{"a":[1,2]}}"#,  // a key no change has
    #"{"book":null,"items":[],"kind":"edit"}"#,  // null
    #"{"chapter":1.0,"items":[],"kind":"edit"}"#, #"{"chapter":1e0,"items":[],"kind":"edit"}"#,
    #"{"chapter":01,"items":[],"kind":"edit"}"#, #"{"chapter":-,"items":[],"kind":"edit"}"#,
    #"{"chapter":99999999999999999999,"items":[],"kind":"edit"}"#,
    #"{"book":"\ud800","items":[],"kind":"edit"}"#, #"{"book":"\udc00x","items":[],"kind":"edit"}"#,
    #"{"book":"\x","items":[],"kind":"edit"}"#, "{\"book\":\"a\u{1}\",\"items\":[],\"kind\":\"edit\"}",
    #"{"items":[],"kind":"edit"} x"#, #"{"items":[],"kind":"edits"}"#, #"{"items":[]}"#, "", "[]",
    #"{"items":[{"uid":"a","after":{"order":1,"type":"Verse","verse":1,"steps":[["a"],1]}}],"kind":"edit"}"#,
  ])
  func jsonTheReaderLeavesReadsAsJSONDecoderReadsIt(json: String) {
    #expect(ChangeJSONReader.change(json) == nil)
    let change = try? KeyItChange(json: json)
    #expect(change.map { Array(ChangeJSON.write($0).utf8) } == Self.decoded(json))
  }

  /// Random damage to written changes: whatever the reader still reads, `JSONDecoder` reads the
  /// same; the rest goes to `JSONDecoder`. Both happen, or the test proves nothing.
  @Test func damagedJSONReadsByHandOnlyAsJSONDecoderReadsIt() throws {
    var random = SeededGenerator(seed: 2_213)
    let pieces = Array(#"{}[],:"\/0123456789.eE-+ tnulfrasbu"#.utf8) + [0x01, 0x7F, 0xC3, 0xA9]
    var (byHand, leftToDecoder) = (0, 0)
    for _ in 0..<20_000 {
      var bytes = Array(ChangeJSON.write(ChangeJSONTests.change(&random)).utf8)
      for _ in 0..<Int.random(in: 1...3, using: &random) where !bytes.isEmpty {
        let at = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: bytes.remove(at: at)
        case 1: bytes.insert(pieces.randomElement(using: &random)!, at: at)
        case 2: bytes[at] = pieces.randomElement(using: &random)!
        default: bytes.insert(bytes[at], at: at)
        }
      }
      guard let json = String(validating: bytes, as: UTF8.self) else { continue }
      if let read = Self.readByHand(json) {
        byHand += 1
        #expect(Self.decoded(json) == read, "\(json)")
      } else {
        leftToDecoder += 1
      }
    }
    #expect(byHand > 1_000)
    #expect(leftToDecoder > 1_000)
  }
}
