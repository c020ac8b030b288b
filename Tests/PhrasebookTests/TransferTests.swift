import Foundation
import GRDB
import Testing

@testable import Phrasebook

@Suite struct TransferTests {
  func welsh() async throws -> PhrasebookStore {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh")
    return store
  }

  let seedJSON = """
    [
      {"wordone": "water", "wordtwo": "dŵr", "type": "noun", "note": "", "image": "", "imageurl": "https://example.org/dwr.jpg",
       "imagecredit": "A. Artist", "imagelicense": "CC BY 4.0", "tag": "nature, drinks"},
      {"wordOne": "now", "wordTwo": "rŵan", "context": "at this moment", "area": "North", "tags": ["time"]},
      {"wordone": "  ", "wordtwo": "gwag"},
      {"wordone": "east", "wordtwo": "dwyrain", "area": "East"},
      {"wordone": "one", "wordtwo": "un", "tags": [1]},
      {"wordone": "two", "wordtwo": "dau", "type": 2},
      "not an object"
    ]
    """

  @Test func theSeedsJSONImportsWithAReportRowByRow() async throws {
    let store = try await welsh()
    let report = try await store.importPairs(Data(seedJSON.utf8), format: .json)
    #expect(report.added.map(\.wordTwo) == ["dŵr", "rŵan", "dau"])
    #expect(report.added.map(\.number) == [1, 2, 6])
    #expect(
      report.rejected == [
        ImportRejection(number: 3, problem: .blankColumn("wordone")),
        ImportRejection(number: 4, problem: .pair(.unknownArea("East", known: ["North", "South", "Both"]))),
        ImportRejection(number: 5, problem: .tagsNotText),
        ImportRejection(number: 7, problem: .notAnObject),
      ])
    let water = try await store.pairs().first { $0.pair.wordTwo == "dŵr" }!
    #expect(water.tags == ["drinks", "nature"] && water.pair.imageLicence == "CC BY 4.0" && water.pair.area == "Both")
    #expect(try await store.pairs().first { $0.pair.wordTwo == "dau" }!.pair.type == "2")
    let again = try await store.importPairs(Data(seedJSON.utf8), format: .json)
    #expect(again.added.isEmpty && again.updated.isEmpty && again.unchanged.count == 3)
    let changed = try await store.importPairs(
      Data(#"{"pairs": [{"wordone": "now", "wordtwo": "rŵan", "note": "informal"}]}"#.utf8), format: .json)
    #expect(changed.updated.map(\.wordOne) == ["now"])
  }

  /// Every kind of value `JSONSerialization` gives comes out as its own kind (the conversion tries
  /// the kinds in the order that is fastest, so a reordering must not turn `true` into 1 or an
  /// object into null).
  @Test func everyKindOfJSONValueIsReadAsItself() throws {
    let text = #"[true, false, 0, 1, -2.5, 1e3, "x", "", null, [], {}, {"a": [true, "b", {"c": null}]}]"#
    let value = JSONValue(try JSONSerialization.jsonObject(with: Data(text.utf8)))
    #expect(
      value
        == .array([
          .bool(true), .bool(false), .number("0"), .number("1"), .number("-2.5"), .number("1000.0"), .string("x"),
          .string(""), .null, .array([]), .object([:]),
          .object(["a": .array([.bool(true), .string("b"), .object(["c": .null])])]),
        ]))
  }

  /// An import keeps up to 64 MiB of pages for its transaction and gives the connection its own
  /// cache size back afterwards, whether its rows were saved or refused.
  @Test func anImportGivesTheConnectionItsCacheSizeBack() async throws {
    let store = try await welsh()
    func cacheSize() async throws -> Int? {
      // The writer's own connection, whether the store is a queue or a pool of readers.
      try await store.writer.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA cache_size") }
    }
    let before = try await cacheSize()
    #expect(before != -65536)
    _ = try await store.importPairs(Data(seedJSON.utf8), format: .json)
    #expect(try await cacheSize() == before)
    let refused = try await store.importPairs(Data(#"[{"wordone": "x"}]"#.utf8), format: .json)
    #expect(refused.rejected.count == 1 && refused.added.isEmpty)
    #expect(try await cacheSize() == before)
  }

  @Test func malformedJSONIsAClearErrorAndWritesNothing() async throws {
    let store = try await welsh()
    for (text, expected) in [
      (#"[{"wordone": "a", "wordtwo": "b"},"#, "malformed JSON"), (#"{"words": 3}"#, "must be an array"),
      ("42", "must be an array"),
    ] {
      await #expect {
        try await store.importPairs(Data(text.utf8), format: .json)
      } throws: { error in
        (error as? ImportFileError)?.description.contains(expected) == true
      }
    }
    #expect(try await store.pairs().isEmpty)
  }

  @Test func jsonAndCSVExportsImportBackUnchanged() async throws {
    let store = try await welsh()
    _ = try await store.importPairs(Data(seedJSON.utf8), format: .json)
    _ = try await store.save(
      PairInput(
        wordOne: "quote \"this\", please", wordTwo: "dyfynnu\nhwn", note: "line one\r\nline two", tags: ["a, b"]))
    let before = try await store.pairs()
    #expect(before.first { $0.pair.wordTwo.hasPrefix("dyfynnu") }?.tags == ["a", "b"], "commas separate tags")
    for format in [TransferFormat.json, .csv] {
      let file = try await store.export(format: format)
      let copy = try await welsh()
      let report = try await copy.importPairs(file, format: format)
      #expect(report.rejected.isEmpty && report.added.count == before.count, "\(format)")
      let after = try await copy.pairs()
      #expect(after.map(\.pair.wordTwo) == before.map(\.pair.wordTwo))
      #expect(after.map(\.pair.note) == before.map(\.pair.note))
      #expect(after.map(\.pair.imageURL) == before.map(\.pair.imageURL))
      #expect(after.map(\.tags) == before.map(\.tags))
      let unchanged = try await store.importPairs(file, format: format)
      #expect(unchanged.unchanged.count == before.count, "\(format) re-import changes nothing")
    }
  }

  @Test func csvHeadersAreFlexibleAndBadRowsAreNamedByLine() async throws {
    let store = try await welsh()
    let csv = """
      WordOne,WordTwo,Tag,Area,Unknown column\r
      cat,cath,"animals; pets",Both,x\r
      \r
      dog,ci,animals,South,y,extra\r
      ,blank,,,\r
      "multi
      line",aml-linell,,,
      """
    let report = try await store.importPairs(Data(csv.utf8), format: .csv)
    #expect(report.added.map(\.wordOne) == ["cat", "multi\nline"])
    #expect(report.added.map(\.number) == [2, 6])
    #expect(
      report.rejected == [
        ImportRejection(number: 4, problem: .extraFields(fields: 6, header: 5)),
        ImportRejection(number: 5, problem: .blankColumn("wordone")),
      ])
    #expect(try await store.pairs(tag: "pets").count == 1)
  }

  @Test func unreadableCSVIsAClearErrorAndWritesNothing() async throws {
    let store = try await welsh()
    for (text, expected) in [
      ("wordone,wordtwo\n\"cat,cath\n", "a quote opened on line 2 is never closed"),
      ("english,welsh\ncat,cath\n", "must name wordone and wordtwo"), ("", "empty"),
    ] {
      await #expect {
        try await store.importPairs(Data(text.utf8), format: .csv)
      } throws: { error in
        (error as? ImportFileError)?.description.contains(expected) == true
      }
    }
    await #expect(throws: ImportFileError.self) {
      try await store.importPairs(Data([0xFF, 0xFE, 0x00]), format: .csv)
    }
    #expect(try await store.pairs().isEmpty)
  }

  @Test func imageNamesMustStayInsideTheMediaFolder() async throws {
    let store = try await welsh()
    let report = try await store.importPairs(
      Data(
        #"[{"wordone": "a", "wordtwo": "b", "image": "../../etc/passwd"}, {"wordone": "c", "wordtwo": "d", "imageurl": "ftp://x"}]"#
          .utf8),
      format: .json)
    #expect(report.rejected.map(\.number) == [1, 2])
    #expect(report.rejected[0].reason.contains("plain file name") && report.rejected[1].reason.contains("http"))
  }

  @Test func theFormatComesFromTheFileName() {
    #expect(TransferFormat(fileName: "words.JSON") == .json)
    #expect(TransferFormat(fileName: "/tmp/deck.apkg") == .apkg)
    #expect(TransferFormat(fileName: "list.txt") == nil)
  }

  @Test func aControlCharacterRefusesItsRowNamingTheFieldInEveryFormat() async throws {
    let store = try await welsh()
    let json = #"""
      [{"wordone": "wa\u0000ter", "wordtwo": "dŵr"}, {"wordone": "bread", "wordtwo": "bara", "note": "a\u001Bb"},
       {"wordone": "milk", "wordtwo": "llaeth", "note": "tab\there\nand a line"}, {"wordone": "tea", "wordtwo": "te", "tags": ["x\u0000"]}]
      """#
    let report = try await store.importPairs(Data(json.utf8), format: .json)
    #expect(report.added.map(\.wordOne) == ["milk"])
    #expect(report.rejected.map(\.number) == [1, 2, 4])
    #expect(
      report.rejected[0].reason
        == "the first word holds the control character U+0000 (NUL), which text may not hold: remove it")
    #expect(report.rejected[1].reason.contains("the note holds the control character U+001B"))
    #expect(report.rejected[2].reason.contains("a tag holds"))
    let csv = try await store.importPairs(Data("wordone,wordtwo\r\ncat,ca\u{0}th\r\n".utf8), format: .csv)
    #expect(
      csv.rejected == [
        ImportRejection(number: 2, problem: .pair(.controlCharacter(field: .wordTwo, "\u{0}")))
      ])
    await #expect(throws: PhrasebookError.controlCharacter(field: .wordOne, "\u{0}")) {
      try await store.save(PairInput(wordOne: "a\u{0}b", wordTwo: "x"))
    }
    #expect(try await store.pairs().map(\.pair.wordOne) == ["milk"])
  }

  @Test func csvCellsASpreadsheetWouldRunAreQuotedAndReadBackAsTheyWere() async throws {
    #expect(
      CSV.line(["=1+1", "+44", "-ed", "@home", "\tcmd", "\rx", "'=x", "'r", "plain"])
        == #""'=1+1","'+44","'-ed","'@home","'\#tcmd","'\#rx","''=x",'r,plain"#)
    #expect(
      try CSV.parse(CSV.line(["=1+1", "'=x", "''-y", "'r", "'"])).first?.fields == ["=1+1", "'=x", "''-y", "'r", "'"])
    #expect(try CSV.parse("'=typed by hand,\"'=quoted\"").first?.fields == ["'=typed by hand", "=quoted"])
    let store = try await welsh()
    for (one, two) in [("=HYPERLINK(\"http://x\")", "+44 20"), ("-ed", "@home"), ("'=already", "'r")] {
      _ = try await store.save(PairInput(wordOne: one, wordTwo: two, note: "=note"))
    }
    let exported = try await store.export(format: .csv)
    let text = String(decoding: exported, as: UTF8.self)
    #expect(text.contains(#""'=HYPERLINK(""http://x"")","'+44 20""#) && text.contains(#""'-ed","'@home""#))
    #expect(text.contains(#""''=already",'r"#) && text.contains(#""'=note""#))
    let other = try await welsh()
    let report = try await other.importPairs(exported, format: .csv)
    #expect(report.added.count == 3 && report.rejected.isEmpty)
    #expect(
      try await other.pairs().map(\.pair).map { [$0.wordOne, $0.wordTwo, $0.note] }
        == (try await store.pairs()).map(\.pair).map { [$0.wordOne, $0.wordTwo, $0.note] })
  }
}
