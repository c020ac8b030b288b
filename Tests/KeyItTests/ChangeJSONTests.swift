import Foundation
import TestSupport
import Testing

@testable import KeyIt

/// The change log's JSON is written by hand (`ChangeJSON`); it must stay byte for byte what
/// `JSONEncoder` (sorted keys, unescaped slashes) gives, and the logs already written, whose item
/// states hold every field, must read as they always did.
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
      #expect(ChangeJSON.write(change) == expected)
      #expect(try KeyItChange(json: ChangeJSON.write(change)) == change)
    }
  }

  /// A chapter's change names its items under the chapter's id from the `/` on, whether they are
  /// given whole (a save) or stored (an import): the JSON is that of the same change with those ids
  /// stored, and it reads back with them whole, as the same change written with them whole (as
  /// builds before 2026-11-30 wrote every change) does.
  @Test func aChapterChangeNamesItsItemsFromTheChaptersIDOnAndReadsThemWhole() throws {
    var random = SeededGenerator(seed: 2_231)
    let bible = TextID.make()
    let chapter = TextID.chapter(bible: bible, book: "PSA", chapter: 23)
    for _ in 0..<500 {
      var change = Self.change(&random)
      (change.book, change.chapter) = ("PSA", 23)
      change.items = change.items.map { delta in
        var delta = delta
        delta.uid =
          Bool.random(using: &random)
          ? TextID.place(chapter: chapter, type: .heading, verse: Int.random(in: 1...6, using: &random), intSeq: 0)
          : Bool.random(using: &random) ? TextID.make() : chapter + "/x" + Self.text(&random)
        return delta
      }
      var stored = change
      stored.items = change.items.map { delta in
        var delta = delta
        delta.uid = TextID.stored(delta.uid, chapter: chapter)
        return delta
      }
      let written = ChangeJSON.write(change, itemsUnder: chapter)
      #expect(written == ChangeJSON.write(stored))
      #expect(ChangeJSON.write(stored, itemsUnder: chapter) == written)
      #expect(!written.contains(chapter))
      #expect(try Self.arrived(written, fromBible: bible) == change)
      #expect(try KeyItChange(json: written, bible: bible) == change)
      #expect(try Self.arrived(ChangeJSON.write(change), fromBible: bible) == change)
    }
  }

  /// A change as another device's arrives: read, then checked against the Bible's numbering.
  static func arrived(_ json: String, fromBible bible: String) throws -> KeyItChange {
    let change = try KeyItChange(json: json, bible: bible)
    try change.checkArrived(fromBible: bible, numberedBy: .standard)
    return change
  }

  /// Every field of every item state written out, as the log was before 2026-11-29.
  static func writtenInFull(_ json: String) throws -> String {
    var change = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
    let defaults: [String: Any] = ["intSeq": 0, "startsBridge": false, "bridgeEnd": 0, "text": "", "steps": []]
    change["items"] = (change["items"] as! [[String: Any]]).map { delta in
      delta.mapValues { value in
        guard let state = value as? [String: Any] else { return value }
        return state.merging(defaults) { written, _ in written }
      }
    }
    return String(decoding: try JSONSerialization.data(withJSONObject: change, options: .sortedKeys), as: UTF8.self)
  }

  @Test func aChangeWrittenInFullReadsAsTheSameChange() throws {
    var random = SeededGenerator(seed: 2_211)
    for _ in 0..<2_000 {
      let change = Self.change(&random)
      let full = try Self.writtenInFull(ChangeJSON.write(change))
      #expect(full.count >= ChangeJSON.write(change).count)
      #expect(try KeyItChange(json: full) == change)
    }
  }

  /// The first items of 3 John and a line of Psalm 3's poetry as an import logged them before
  /// 2026-11-29, every field written.
  @Test func aLogOfThePastReadsAndIsWrittenShorter() throws {
    let past = #"""
      {"book":"3JN","chapter":1,"items":[{"after":{"bridgeEnd":0,"intSeq":0,"order":100,"startsBridge":false,\#
      "steps":[],"text":"The elder to Gaius the beloved, whom I love in truth.","type":"Verse","verse":1},\#
      "before":{"bridgeEnd":0,"intSeq":0,"order":100,"startsBridge":false,"steps":[],"text":"","type":"Verse",\#
      "verse":1},"uid":"01a2287b-b33d-71f7-95b5-d3f7238315ba/3JN.1/v1"},{"after":{"bridgeEnd":0,"intSeq":1,\#
      "marker":"q","order":90,"startsBridge":false,"steps":[],"text":"","type":"Para","verse":1},\#
      "uid":"01a2287a-f4ec-721e-ae38-37e7984495c0"}],"kind":"edit"}
      """#
    let change = try KeyItChange(json: past)
    #expect(change.items.count == 2)
    #expect(
      change.items[0].before
        == ItemState(
          verse: 1, type: .verse, order: 100, intSeq: 0, startsBridge: false, bridgeEnd: 0, marker: nil, text: "",
          steps: []))
    #expect(change.items[0].after?.text == "The elder to Gaius the beloved, whom I love in truth.")
    #expect(
      change.items[1].after
        == ItemState(
          verse: 1, type: .para, order: 90, intSeq: 1, startsBridge: false, bridgeEnd: 0, marker: "q", text: "",
          steps: []))
    #expect(change.items[1].before == nil)
    #expect(
      ChangeJSON.write(change) == #"""
        {"book":"3JN","chapter":1,"items":[{"after":{"order":100,"text":"The elder to Gaius the beloved, \#
        whom I love in truth.","type":"Verse","verse":1},"before":{"order":100,"type":"Verse","verse":1},\#
        "uid":"01a2287b-b33d-71f7-95b5-d3f7238315ba/3JN.1/v1"},{"after":{"intSeq":1,"marker":"q","order":90,\#
        "type":"Para","verse":1},"uid":"01a2287a-f4ec-721e-ae38-37e7984495c0"}],"kind":"edit"}
        """#)
  }
}
