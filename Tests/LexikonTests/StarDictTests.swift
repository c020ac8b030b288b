import Foundation
import TestSupport
import Testing

@testable import Lexikon

/// A tiny StarDict dictionary made here (`.ifo`, `.idx`, `.dict`), read as GoldenDict would, and
/// dictionary files added to the data folder's `dictionaries/`: checked, refused cleanly.
@Suite struct StarDictTests {
  static func folder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("stardict-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  static let words = [("hund", "dog"), ("katt", "cat"), ("o'r", "of the"), ("Älg", "elk")]

  @Test func aTinyStarDictDictionaryIsReadAndListedWithItsDirection() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (ifo, idx, dict) = tinyStarDict(Self.words)
    for (ending, data) in [(".ifo", ifo), (".idx", idx), (".dict", dict)] {
      try data.write(to: URL(fileURLWithPath: "\(folder)/tiny-swe-eng-2.4.2\(ending)"))
    }
    let dictionary = try StarDictDictionary(stem: "\(folder)/tiny-swe-eng-2.4.2")
    #expect(try dictionary.define("HUND") == ["hund\ndog"])
    #expect(try dictionary.define("o'r") == ["o'r\nof the"] && dictionary.define("or").isEmpty)
    #expect(try dictionary.define("älg") == ["Älg\nelk"] && dictionary.match(prefix: "k") == ["katt"])
    let source = DictdFolderSource(folders: ["/usr/share/dictd", folder])
    let listed = try source.dictionaries().first { $0.name == "tiny-swe-eng-2.4.2" }
    #expect(listed?.direction == "swe-eng" && listed?.description == "Tiny")
    let service = LexikonService(store: try .inMemory(), source: DictdFolderSource(folders: [folder]))
    let found = try await service.lookup("katt", direction: "swe-eng")
    #expect(found.entries.first?.headword == "katt" && found.entries.first?.senses.first?.text == "cat")
  }

  @Test func markupFieldsBecomePlainText() {
    #expect(StarDictDictionary.definition("<b>dog</b><br>a &lt;pet&gt;", types: "h") == "dog\na <pet>")
    #expect(StarDictDictionary.definition("mdog\0tdɔg\0", types: "") == "dog\ndɔg")
  }

  @Test func damagedStarDictFilesAreClearErrors() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (ifo, idx, dict) = tinyStarDict(Self.words)
    let stem = "\(folder)/bad"
    try ifo.write(to: URL(fileURLWithPath: stem + ".ifo"))
    try idx.dropLast(3).write(to: URL(fileURLWithPath: stem + ".idx"))
    try dict.write(to: URL(fileURLWithPath: stem + ".dict"))
    #expect(throws: LexikonError.self) { try StarDictDictionary(stem: stem) }
    try Data("not an ifo".utf8).write(to: URL(fileURLWithPath: stem + ".ifo"))
    #expect(
      throws: LexikonError.badStarDict(
        file: stem + ".ifo", reason: "it does not start with \"StarDict's dict ifo file\"")
    ) { try StarDictDictionary(stem: stem) }
  }

  @Test func filesAddedToTheShelfAreCheckedAndARefusedOneLeavesNothing() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let shelf = DictionaryShelf(folder: folder, maxBytes: 1000)
    let (ifo, idx, dict) = tinyStarDict(Self.words)
    #expect(try await shelf.add(fileName: "mine-cym-eng.ifo", data: ifo).missing == [".idx", ".dict or .dict.dz"])
    #expect(try await shelf.add(fileName: "mine-cym-eng.dict", data: dict).missing == [".idx"])
    let source = DictdFolderSource(folders: [folder])
    #expect(try source.dictionaries().isEmpty, "an incomplete dictionary is not offered")
    await #expect(throws: LexikonError.self) {
      try await shelf.add(fileName: "mine-cym-eng.idx", data: idx.dropLast(2))
    }
    #expect(!FileManager.default.fileExists(atPath: "\(folder)/mine-cym-eng.idx"), "the refused file is gone")
    #expect(try await shelf.add(fileName: "mine-cym-eng.idx", data: idx) == .init(name: "mine-cym-eng", missing: []))
    source.reload()
    #expect(try source.dictionaries().map(\.direction) == ["cym-eng"])

    for (name, data) in [
      ("../escape.ifo", ifo), ("run.sh", Data("#!/bin/sh".utf8)), (".hidden.ifo", ifo),
      ("big.dict", Data(count: 1001)), ("fake.ifo", Data("#!/bin/sh\n".utf8)), ("fake.dict.dz", dict),
    ] {
      await #expect(throws: LexikonError.self, "\(name)") { try await shelf.add(fileName: name, data: data) }
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(left == ["mine-cym-eng.dict", "mine-cym-eng.idx", "mine-cym-eng.ifo"])
  }
}
