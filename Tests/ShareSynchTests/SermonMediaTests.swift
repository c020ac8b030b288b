import Foundation
import Testing

@testable import ShareSynch

/// Appeal settings, the last slide, slides from files and from another sermon, and user media
/// removed only when nothing uses it.
@Suite struct SermonMediaTests {
  let fixture: SeriesFixture
  let store: ShareSynchStore

  init() async throws {
    fixture = try SeriesFixture()
    store = try ShareSynchStore.inMemory(seriesRoot: fixture.root)
    _ = try await store.install(try fixture.package())
  }

  /// An uploaded file as the server keeps it before the store takes it.
  func upload(_ data: Data) throws -> URL {
    let file = fixture.root.deletingLastPathComponent().appendingPathComponent("upload-\(UUID().uuidString)")
    try data.write(to: file)
    return file
  }

  func appealResource() async throws -> String? {
    try await store.slides(series: "grace", sermon: "one").first { $0.kind == .appeal }?.resource
  }

  @Test func theAppealResourceFollowsItsTypeAndSongWithoutEditing() async throws {
    #expect(try await appealResource() == "media/appeal.mp4")
    let state = try await store.setAppeal(.init(type: .textOnly, song: "amazing"), series: "grace", sermon: "one")
    #expect(state.appeal == AppealSetting(type: .textOnly, song: "amazing"))
    #expect(try await appealResource() == "media/hills.jpg", "text only shows the song's image")
    await #expect(throws: ShareSynchError.unknownSong("nope")) {
      try await store.setAppeal(.init(type: .vocal, song: "nope"), series: "grace", sermon: "one")
    }
    let slides = try await store.slides(series: "grace", sermon: "one")
    try await store.rememberSlide(slides[1].id, series: "grace", sermon: "one")
    let variation = try await store.createVariation(series: "grace", name: "Mine")
    let copied = try await store.sermonState(series: "grace", sermon: "one")
    #expect(copied.variationID == variation.id && copied.appealType == .textOnly && copied.lastSlideID == nil)
  }

  @Test func slidesFromFilesAndFromAnotherSermonAndTheirMedia() async throws {
    _ = try await store.createVariation(series: "grace", name: "Mine")
    let slides = try await store.slides(series: "grace", sermon: "one")
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 100))
    let undo = try await store.insertSlide(
      file: try upload(png), series: "grace", sermon: "one", next: slides[0].id, after: true)
    var now = try await store.slides(series: "grace", sermon: "one")
    #expect(now.count == 4 && now[1].custom && now[1].kind == .image && now[1].resource?.hasPrefix("user/") == true)
    let file = fixture.root.appendingPathComponent("grace/\(now[1].resource!)")
    #expect(FileManager.default.contents(atPath: file.path) == png)
    await #expect {
      try await store.insertSlide(
        file: try upload(Data("<svg onload=alert(1)>".utf8)), series: "grace", sermon: "one", next: slides[0].id,
        after: false)
    } throws: { error in
      guard case .notSlideMedia = error as? ShareSynchError else { return false }
      return "\(error)" == "only PNG or JPEG pictures and MP4 or WebM videos can become slides"
    }

    try await store.apply(undo, series: "grace", sermon: "one")  // the slide goes; its file waits for the end of editing
    #expect(FileManager.default.fileExists(atPath: file.path))
    #expect(try await store.removeUnusedUserMedia(series: "grace") == [file.lastPathComponent])
    #expect(!FileManager.default.fileExists(atPath: file.path))
    #expect(FileManager.default.fileExists(atPath: fixture.root.appendingPathComponent("grace/media/cross.png").path))

    try await store.apply(
      .notes(slide: slides[1].id, language: "en", html: "<u>mine</u>"), series: "grace", sermon: "one")
    try await store.importSlide(slides[1].id, series: "grace", into: "one", at: 0)
    now = try await store.slides(series: "grace", sermon: "one")
    #expect(now[0].overlay?.text == "By grace" && now[0].notes == "<u>mine</u>" && !now[0].custom)
  }

  @Test func aSlideImportedFromAnotherSermonKeepsItsNotesInEveryLanguageAndUndoes() async throws {
    let fixture = try SeriesFixture()
    let store = try ShareSynchStore.inMemory(seriesRoot: fixture.root)
    _ = try await store.install(try fixture.package())
    let variation = try await store.createVariation(series: "grace", name: "Mine")
    try await store.switchVariation(series: "grace", to: variation.id!)
    let other = try await store.slides(series: "grace", sermon: "two")
    let undo = try await store.importSlide(other[0].id, series: "grace", into: "one", at: 1)
    var one = try await store.slides(series: "grace", sermon: "one")
    #expect(one.map(\.notes) == ["<b>Welcome</b>", "Kept", "Read it", "&lt;C&gt;Come&lt;c&gt;&lt;R&gt;Pray"])
    #expect(one[1].resource == "media/cross.png" && !one[1].custom && !one[1].notesEdited)
    _ = try await store.setLanguages(series: "grace", slides: nil, notes: "es")
    #expect(try await store.slides(series: "grace", sermon: "one")[1].notes == "Guardados", "the source's Spanish")
    #expect(try await store.slides(series: "grace", sermon: "two").map(\.id) == other.map(\.id), "the source stays")
    try await store.apply(undo, series: "grace", sermon: "one")
    one = try await store.slides(series: "grace", sermon: "one")
    #expect(one.count == 3 && !one.map(\.notes).contains("Guardados"))
    await #expect(throws: ShareSynchError.self, "a slide of another series' variation is refused") {
      try await store.importSlide(987_654, series: "grace", into: "one", at: 0)
    }
  }
}
