import Foundation
import TestSupport
import Testing

@testable import Lexikon

/// What `scriptorium-fuzz` found in the dictd readers (inputs in Tests/Fixtures/fuzz/), run again.
@Suite struct LexikonFuzzRegressionTests {
  @Test func dictdNumbersTooLargeForAnIntAreNotNumbers() {
    #expect(DictdIndex.number("H//////////") == Int.max)
    #expect(DictdIndex.number("IAAAAAAAAAA") == nil, "2^63")
    #expect(DictdIndex.number("////////////BA") == nil)
  }

  @Test func savedIndexesWithHugeNumbersAreLineErrors() {
    let fixtures = fuzzFixtures("dictd-index")
    #expect(!fixtures.isEmpty)
    for fixture in fixtures {
      #expect(throws: LexikonError.self, "\(fixture.name)") { try DictdIndex(text: fixture.text, file: fixture.name) }
    }
    #expect(throws: LexikonError.badIndexLine(file: "index", line: 2)) {
      try DictdIndex(text: "hund\tBA\tK\nHund\t////////////BA\tK\n")
    }
  }

  @Test func aHeadwordEndingInASlashHasNoPronunciation() {
    // A DICT server (or a .dict file) answering "word /" as a definition's first line trapped.
    let entry = DictEntry(raw: "hund /\n1. dog\n")
    #expect(entry.headword == "hund /" && entry.pronunciation == nil)
    #expect(entry.senses.map(\.text) == ["dog"])
    #expect(DictEntry(raw: "a /").headword == "a /")
    #expect(DictEntry(raw: "hund /hɵnd/ <n>").pronunciation == "hɵnd")
    for fixture in fuzzFixtures("dict-entry") { _ = DictEntry(raw: fixture.text) }
  }

  @Test func savedDictServerAnswersAreErrorsOrEntries() throws {
    let fixtures = fuzzFixtures("dict-protocol")
    #expect(!fixtures.isEmpty)
    for fixture in fixtures {  // the whole conversation at once, then silence, as the fuzzer sent it
      let server = try FakeDictServer(banner: fixture.text) { _ in .silence }
      defer { server.stop() }
      let source = DictServerSource(client: DictClient(host: "127.0.0.1", port: server.port, timeout: 1))
      for dictionary in ((try? source.dictionaries()) ?? []).prefix(2) {
        for text in (try? source.define("hund", in: dictionary)) ?? [] { _ = DictEntry(raw: text) }
      }
    }
  }

  @Test func entriesReachingPastTheLargestIntAreOutOfRange() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dictd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let plain = folder.appendingPathComponent("plain.dict").path
    try Data("plain text".utf8).write(to: URL(fileURLWithPath: plain))
    for path in [plain, "\(DictdFileTests.folder)/freedict-swe-eng.dict.dz"] {
      let text = try DictText(path: path)
      for (offset, length) in [(Int.max, 1), (1, Int.max), (Int.max, Int.max), (Int.max, 0), (0, 5 << 20)] {
        #expect(throws: LexikonError.entryOutOfRange(file: path, headword: "x"), "\(offset) \(length) in \(path)") {
          try text.text(offset: offset, length: length, headword: "x")
        }
      }
    }
  }
}
