import AppSupport
import Crypto
import Foundation
import GRDB
import TestSupport
import Testing

@testable import Phrasebook

/// Anki packages checked with the official `anki` package from PyPI (scripts/anki_check.py).
@Suite struct AnkiTests {
  struct ReadBack: Decodable {
    struct Note: Decodable {
      let fields: [String: String]
      let tags: [String]
      let deck: String
    }
    let notes: [Note]
    let media: [String: String]
    let cards: Int
  }

  func temporaryFile(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("anki-\(UUID().uuidString)-\(name)")
  }

  @Test func anExportOpensInAnkiWithFieldsTagsAndImages() async throws {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh")
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("not really a picture".utf8)
    try FileManager.default.createDirectory(at: store.mediaFolder, withIntermediateDirectories: true)
    try png.write(to: store.mediaFolder.appendingPathComponent("dwr.png"))
    _ = try await store.save(
      PairInput(
        wordOne: "water", wordTwo: "dŵr", type: "noun", context: "to drink", note: "<not html>", image: "dwr.png",
        tags: ["nature", "body of water"]))
    _ = try await store.save(PairInput(wordOne: "now", wordTwo: "rŵan", area: "North"))
    let file = temporaryFile("export.apkg")
    defer { try? FileManager.default.removeItem(at: file) }
    try await store.export(format: .apkg).write(to: file)
    let read = try JSONDecoder().decode(
      ReadBack.self, from: try runPythonScript("anki_check.py", arguments: ["read", file.path]))
    #expect(read.cards == 4, "a card per direction")
    #expect(read.notes.map { $0.fields["English"] } == ["now", "water"])
    let water = read.notes[1]
    #expect(water.fields["Welsh"] == "dŵr" && water.fields["Type"] == "noun" && water.fields["Context"] == "to drink")
    #expect(water.fields["Note"] == "&lt;not html&gt;")
    #expect(water.fields["Image"] == "<img src=\"dwr.png\">")
    #expect(water.tags.sorted() == ["body_of_water", "nature"] && water.deck == "Cymraeg")
    #expect(read.notes[0].fields["Area"] == "North")
    #expect(read.media == ["dwr.png": SHA256.hash(data: png).map { String(format: "%02x", $0) }.joined()])

    let copy = try PhrasebookStore.inMemory()
    _ = try await copy.createPhrasebook(name: "Copy", languages: "en:English,cy:Welsh")
    let report = try await copy.importPairs(try Data(contentsOf: file), format: .apkg)
    #expect(report.added.count == 2 && report.rejected.isEmpty)
    let back = try await copy.pairs().first { $0.pair.wordOne == "water" }!
    #expect(back.pair.note == "<not html>" && back.tags == ["body of water", "nature"])
    #expect(FileManager.default.contents(atPath: copy.mediaFolder.appendingPathComponent(back.pair.image).path) == png)
  }

  @Test func aLegacyPackageFromAnkiImportsWithTagsAndImages() async throws {
    let file = temporaryFile("legacy.apkg")
    defer { try? FileManager.default.removeItem(at: file) }
    _ = try runPythonScript("anki_check.py", arguments: ["make", file.path])
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh")
    let report = try await store.importPairs(try Data(contentsOf: file), format: .apkg)
    #expect(Set(report.added.map(\.wordOne)) == ["water", "now", "bread"] && report.rejected.isEmpty)
    let pairs = try await store.pairs()
    let water = pairs.first { $0.pair.wordOne == "water" }!
    #expect(water.pair.wordTwo == "dŵr" && water.tags == ["nature", "welsh"] && water.pair.image.hasSuffix(".png"))
    #expect(FileManager.default.fileExists(atPath: store.mediaFolder.appendingPathComponent(water.pair.image).path))
    #expect(pairs.first { $0.pair.wordOne == "bread" }?.pair.wordTwo == "bara", "HTML is stripped")
    let again = try await store.importPairs(try Data(contentsOf: file), format: .apkg)
    #expect(again.unchanged.count == 3, "the same image is not stored twice")
  }

  @Test func aNewerPackageOrNotAPackageIsAClearErrorAndWritesNothing() async throws {
    let file = temporaryFile("modern.apkg")
    defer { try? FileManager.default.removeItem(at: file) }
    _ = try runPythonScript("anki_check.py", arguments: ["make", file.path, "--modern"])
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh")
    await #expect {
      try await store.importPairs(try Data(contentsOf: file), format: .apkg)
    } throws: { error in
      "\(error)".contains("Support older Anki versions")
    }
    await #expect {
      try await store.importPairs(Data("hello".utf8), format: .apkg)
    } throws: { error in
      "\(error)".contains("not an Anki package")
    }
    #expect(try await store.pairs().isEmpty)
  }
}

/// Packages whose collection holds values of any type: Anki's columns are only as typed as whoever
/// wrote the file.
@Suite struct HostileAnkiTests {
  /// A legacy package whose `notes` rows are `rows` (mid, flds, tags as SQL literals).
  func package(_ rows: [String]) throws -> Data {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).anki2")
    defer { try? FileManager.default.removeItem(at: file) }
    try DatabaseQueue(path: file.path).write { db in
      try db.execute(sql: "CREATE TABLE col (models TEXT)")
      try db.execute(
        sql: "INSERT INTO col VALUES (?)",
        arguments: [#"{"1": {"flds": [{"name": "English", "ord": 0}, {"name": "Welsh", "ord": 1}]}}"#])
      try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, mid, flds, tags)")
      for row in rows { try db.execute(sql: "INSERT INTO notes (mid, flds, tags) VALUES (\(row))") }
    }
    return try zipArchive([("collection.anki2", try Data(contentsOf: file))])
  }

  @Test func nullAndOddlyTypedColumnsRejectTheirNoteWithAReasonAndTheOthersImport() async throws {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh")
    let data = try package([
      "1, 'water' || char(31) || 'dŵr', ' nature '",
      "1, NULL, ''",
      "NULL, 'bread' || char(31) || 'bara', NULL",
      "'x', 42, 7",
      "1, X'FF00FF', ''",
      "1.5, 'milk' || char(31) || 'llaeth', X'6E6577'",
    ])
    let report = try await store.importPairs(data, format: .apkg)
    #expect(report.added.map(\.wordOne) == ["water", "bread", "milk"])
    #expect(report.rejected.map(\.number) == [2, 4, 5])
    #expect(report.rejected[0].reason.contains("missing (NULL)"))
    #expect(report.rejected[1].reason.contains("not text") && report.rejected[2].reason.contains("not text"))
    let pairs = try await store.pairs()
    #expect(pairs.first { $0.pair.wordOne == "water" }?.tags == ["nature"])
    #expect(pairs.first { $0.pair.wordOne == "milk" }?.tags == ["new"], "tags stored as a blob of UTF-8")
  }

  @Test func aCollectionWithoutNotesOrWithNonTextModelsIsAClearError() async throws {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).anki2")
    defer { try? FileManager.default.removeItem(at: file) }
    try await DatabaseQueue(path: file.path).write { db in
      try db.execute(sql: "CREATE TABLE col (models)")
      try db.execute(sql: "INSERT INTO col VALUES (12)")
    }
    let data = try zipArchive([("collection.anki2", try Data(contentsOf: file))])
    await #expect(throws: ImportFileError.self) { try await store.importPairs(data, format: .apkg) }
    #expect(try await store.pairs().isEmpty)
  }
}
