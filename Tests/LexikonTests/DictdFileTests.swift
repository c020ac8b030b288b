import Foundation
import TestSupport
import Testing

@testable import Lexikon

/// The dictd file reader against the FreeDict files Debian installs (scripts/setup.sh), with
/// Python's gzip reading each whole file as the reference.
@Suite struct DictdFileTests {
  static let folder = "/usr/share/dictd"

  @Test func dictdBase64NumbersDecode() {
    #expect(DictdIndex.number("A") == 0)
    #expect(DictdIndex.number("B") == 1)
    #expect(DictdIndex.number("BA") == 64)
    #expect(DictdIndex.number("Sy0") == 18 * 4096 + 50 * 64 + 52)
    #expect(DictdIndex.number("/") == 63)
    #expect(DictdIndex.number("é") == nil && DictdIndex.number("") == nil)
  }

  @Test(arguments: ["freedict-swe-eng", "freedict-cym-eng", "freedict-eng-swe"])
  func everySampledEntryReadsAsTheWholeFileSays(name: String) throws {
    let stem = "\(Self.folder)/\(name)"
    let dictionary = try DictdFileDictionary(stem: stem)
    let index = try DictdIndex(
      text: String(decoding: FileManager.default.contents(atPath: stem + ".index")!, as: UTF8.self))
    var random = SeededGenerator(seed: 11)
    let sample = (0..<150).map { _ in index.entries.randomElement(using: &random)! } + [index.entries.last!]
    let input = sample.map { "\($0.offset) \($0.length)" }.joined(separator: "\n")
    let expected = try JSONDecoder().decode(
      [String].self, from: runPythonScript("dict_text.py", arguments: [stem + ".dict.dz"], input: Data(input.utf8)))
    for (entry, want) in zip(sample, expected) {
      #expect(try dictionary.define(entry.headword).contains(want), "\(entry.headword)")
    }
  }

  @Test func lookupsIgnoreCaseReturnEveryEntryAndMatchPrefixes() throws {
    let swedish = try DictdFileDictionary(stem: "\(Self.folder)/freedict-swe-eng")
    let hund = try swedish.define("Hund")
    #expect(hund.count >= 1 && hund[0].hasPrefix("hund") && hund[0].contains("dog"))
    #expect(try swedish.define("inget-sådant-ord").isEmpty)
    let prefixed = swedish.match(prefix: "hun")
    #expect(prefixed.contains("hund") && prefixed.allSatisfy { $0.lowercased().hasPrefix("hun") })
    #expect(try DictdFolderSource(folder: Self.folder).dictionaries().map(\.name).contains("freedict-cym-eng"))
  }

  @Test func damagedFilesAreClearErrors() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dictd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let stem = folder.appendingPathComponent("broken").path
    try Data("word\tA\n".utf8).write(to: URL(fileURLWithPath: stem + ".index"))
    try Data("plain text".utf8).write(to: URL(fileURLWithPath: stem + ".dict"))
    #expect(throws: LexikonError.badIndexLine(file: stem + ".index", line: 1)) { try DictdFileDictionary(stem: stem) }
    try Data("word\tA\tZZ\n".utf8).write(to: URL(fileURLWithPath: stem + ".index"))
    let dictionary = try DictdFileDictionary(stem: stem)
    #expect(throws: LexikonError.entryOutOfRange(file: stem + ".dict", headword: "word")) {
      try dictionary.define("word")
    }
    try Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]).write(to: URL(fileURLWithPath: stem + ".dict.dz"))
    #expect(
      throws: LexikonError.badDictzip(file: stem + ".dict.dz", reason: "no extra field (plain gzip, not dictzip)")
    ) {
      try DictdFileDictionary(stem: stem)
    }
  }
}
