import Foundation
import TestSupport
import Testing

@testable import Phrasebook

/// Anki's `[sound:…]` audio: exported after the word, read back as the word's recording.
@Suite struct AnkiSoundTests {
  struct ReadBack: Decodable {
    struct Note: Decodable { let fields: [String: String] }
    let notes: [Note]
    let media: [String: String]
  }

  @Test func aRecordingGoesOutAsSoundAndComesBackAsARecording() async throws {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh")
    let (water, _) = try await store.save(PairInput(wordOne: "water", wordTwo: "dŵr"))
    let ogg = Data("OggS".utf8) + Data(repeating: 3, count: 64)
    try await store.setRecording(pairID: water.pair.id!, side: .two, data: ogg, contentType: "audio/ogg")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("anki-sound-\(UUID().uuidString).apkg")
    defer { try? FileManager.default.removeItem(at: file) }
    try await store.export(format: .apkg).write(to: file)
    let read = try JSONDecoder().decode(
      ReadBack.self, from: try runPythonScript("anki_check.py", arguments: ["read", file.path]))
    let welsh = try #require(read.notes.first?.fields["Welsh"])
    #expect(welsh.hasPrefix("dŵr[sound:") && welsh.hasSuffix(".ogg]"), "Anki reads the sound tag: \(welsh)")
    #expect(read.media.count == 1 && read.media.keys.first.map { welsh.contains($0) } == true)

    let copy = try PhrasebookStore.inMemory()
    _ = try await copy.createPhrasebook(name: "Copy", languages: "en:English,cy:Welsh")
    let report = try await copy.importPairs(try Data(contentsOf: file), format: .apkg)
    let back = try #require(try await copy.pairs().first)
    #expect(report.added.count == 1 && back.pair.wordTwo == "dŵr", "the tag is not left in the word")
    #expect(try await copy.recordedSides(pairID: back.pair.id!) == [.two])
    let heard = try #require(
      try await copy.audio(pairID: back.pair.id!, side: .two, speech: Speech(folder: copy.mediaFolder)))
    let bytes = try Data(contentsOf: heard.file)
    #expect(heard.recorded && bytes == ogg)
  }

  @Test func soundTagsLeaveTheTextAndNameTheirFiles() {
    #expect(HTMLText.plainText("ci[sound:ci.mp3] <b>du</b>") == "ci du")
    #expect(HTMLText.soundFiles("[sound:a b.mp3]x[sound:c.ogg]") == ["a b.mp3", "c.ogg"])
  }
}
