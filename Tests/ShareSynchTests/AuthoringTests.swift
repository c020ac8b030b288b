import Foundation
import Testing

@testable import ShareSynch

/// Series and sermons made in Scriptorium: created empty, sermons added, moved and deleted, slides
/// imported into a new sermon (the original variation is the import) and into an existing one
/// (what it was is kept as a variation, with its edited and unedited notes); refusals leave nothing.
@Suite struct AuthoringTests {
  let root = FileManager.default.temporaryDirectory.appendingPathComponent("authoring-\(UUID().uuidString)")

  /// `count` small PNG files (their content only has to start like a PNG) in a fresh folder.
  func pictures(_ count: Int, tag: String) throws -> [URL] {
    let folder = root.deletingLastPathComponent().appendingPathComponent("pictures-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return try (1...count).map { index in
      let file = folder.appendingPathComponent("\(tag)\(index).png")
      try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("\(tag)\(index)".utf8)).write(to: file)
      return file
    }
  }

  func slides(_ files: [URL], notes: String = "n") -> [ImportedSlide] {
    files.enumerated().map { index, file in
      ImportedSlide(
        kind: .image, file: file, title: "Title \(index + 1)", notes: "<b>\(notes) \(index + 1)</b><script>x</script>",
        hidden: index == 1)
    }
  }

  @Test func aSeriesIsMadeAndASermonImportedIntoIt() async throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let store = try ShareSynchStore.inMemory(seriesRoot: root)
    let series = try await store.createSeries(
      name: "  Hope in Ruth ", slideLanguages: ["en", "SW"], noteLanguages: ["sw"])
    #expect(series.id == "hope-in-ruth" && series.name == "Hope in Ruth" && series.noteLanguage == "sw")
    #expect(try store.manifest("hope-in-ruth").slideLanguages == ["en", "sw"])
    let again = try await store.createSeries(name: "Hope in Ruth", slideLanguages: ["en"], noteLanguages: ["en"])
    #expect(again.id == "hope-in-ruth-2")
    let arabic = try await store.createSeries(name: "الرجاء", slideLanguages: ["ar"], noteLanguages: ["ar"])
    #expect(SeriesManifest.isSafeID(arabic.id))

    let result = try await store.importSlides(
      slides(try pictures(3, tag: "a")), series: series.id, into: .newSermon(title: ["en": "Living hope"]))
    #expect(result.sermonID == "living-hope" && result.slides == 3 && result.keptAs == nil)
    let shown = try await store.slides(series: series.id, sermon: "living-hope")
    #expect(shown.map(\.hidden) == [false, true, false])
    #expect(shown.map(\.title) == ["Title 1", "Title 2", "Title 3"])
    #expect(shown[0].notes == "<b>n 1</b>" && !shown[0].notesEdited && !shown[0].custom)
    let manifest = try store.manifest(series.id)
    #expect(manifest.problem() == nil && manifest.resources.count == 3)
    for resource in manifest.resources {
      let file = root.appendingPathComponent("\(series.id)/\(resource.path)")
      #expect(try SeriesPackage.sha256(of: file) == resource.sha256)
    }
    #expect(ShareSynchStore.adoptableManifest(in: root.appendingPathComponent(series.id), named: series.id) != nil)

    await #expect(throws: ShareSynchError.unknownLanguage("fr", offered: ["sw"])) {
      try await store.importSlides(
        slides(try pictures(1, tag: "f")), series: series.id, into: .newSermon(title: ["en": "X"]), noteLanguage: "fr")
    }
    await #expect(throws: ShareSynchError.unknownSermon("nosuch")) {
      try await store.importSlides(slides(try pictures(1, tag: "g")), series: series.id, into: .sermon("nosuch"))
    }
    let notPicture = root.deletingLastPathComponent().appendingPathComponent("not-\(UUID().uuidString).png")
    try Data("text".utf8).write(to: notPicture)
    await #expect(throws: ShareSynchError.notSlideMedia(file: notPicture.lastPathComponent)) {
      try await store.importSlides(
        slides(try pictures(1, tag: "h")) + [ImportedSlide(kind: .image, file: notPicture)], series: series.id,
        into: .newSermon(title: ["en": "Bad"]))
    }
    #expect(try store.manifest(series.id).sermons.map(\.id) == ["living-hope"], "refused imports add nothing")
    let imports = try FileManager.default.contentsOfDirectory(
      atPath: root.appendingPathComponent("\(series.id)/imports").path)
    #expect(imports.count == 1, "refused imports leave no files: \(imports)")
  }

  @Test func sermonsAreAddedMovedRetitledAndDeleted() async throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let store = try ShareSynchStore.inMemory(seriesRoot: root)
    let series = try await store.createSeries(name: "Acts", slideLanguages: ["en", "sw"], noteLanguages: ["en"]).id
    let first = try await store.addSermon(series: series, title: ["en": "Pentecost", "sw": "Pentekoste"])
    let second = try await store.addSermon(
      series: series, title: ["en": "Stephen"], appeal: AppealSetting(type: .textOnly, song: nil))
    #expect([first, second] == ["pentecost", "stephen"])
    await #expect(throws: ShareSynchError.badName(" ", what: "sermon")) {
      try await store.addSermon(series: series, title: ["en": " "])
    }
    await #expect(throws: ShareSynchError.unknownSong("nosuch")) {
      try await store.addSermon(series: series, title: ["en": "X"], appeal: AppealSetting(type: .vocal, song: "nosuch"))
    }
    try await store.moveSermon(series: series, sermon: second, to: 0)
    #expect(try store.manifest(series).sermons.map(\.id) == ["stephen", "pentecost"])
    try await store.retitleSermon(series: series, sermon: first, title: ["en": "The Spirit", "sw": ""])
    #expect(try store.manifest(series).sermons[1].title == ["en": "The Spirit"])

    _ = try await store.importSlides(slides(try pictures(2, tag: "p")), series: series, into: .sermon(first))
    try await store.deleteSermon(series: series, sermon: first)
    #expect(try store.manifest(series).sermons.map(\.id) == ["stephen"])
    #expect(try store.manifest(series).resources.isEmpty, "the deleted sermon's pictures are gone")
    await #expect(throws: ShareSynchError.unknownSermon(first)) {
      try await store.slides(series: series, sermon: first)
    }
  }

  @Test func importingIntoAnExistingSermonKeepsWhatItWasAsAVariation() async throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let store = try ShareSynchStore.inMemory(seriesRoot: root)
    let series = try await store.createSeries(name: "Ruth", slideLanguages: ["en"], noteLanguages: ["en"]).id
    let sermon = try await store.importSlides(
      slides(try pictures(3, tag: "old"), notes: "old"), series: series, into: .newSermon(title: ["en": "Ruth 1"])
    ).sermonID
    let mine = try await store.createVariation(series: series, name: "Mine")
    let edited = try await store.slides(series: series, sermon: sermon)
    try await store.apply(
      .notes(slide: edited[0].id, language: "en", html: "<i>my words</i>"), series: series, sermon: sermon)
    try await store.apply(.move(slide: edited[2].id, to: 0), series: series, sermon: sermon)

    let result = try await store.importSlides(
      slides(try pictures(2, tag: "new"), notes: "new"), series: series, into: .sermon(sermon),
      keptName: "Before")
    #expect(result.slides == 2 && result.keptAs?.name == "Before")
    let now = try await store.slides(series: series, sermon: sermon)
    #expect(now.map(\.notes) == ["<b>new 1</b>", "<b>new 2</b>"], "the current variation shows the import")
    #expect(try await store.slides(series: series, sermon: sermon, variation: mine.id).count == 2)
    let original = try await store.variations(series: series).first { $0.isOriginal }!
    #expect(try await store.slides(series: series, sermon: sermon, variation: original.id).count == 2)
    let kept = try await store.slides(series: series, sermon: sermon, variation: result.keptAs!.id)
    #expect(kept.map(\.notes) == ["<b>old 3</b>", "<i>my words</i>", "<b>old 2</b>"], "edited and unedited notes kept")
    let keptFiles = kept.compactMap(\.resource).map { root.appendingPathComponent("\(series)/\($0)").path }
    #expect(keptFiles.allSatisfy(FileManager.default.fileExists(atPath:)), "the kept variation's pictures stay")
    #expect(try store.manifest(series).problem() == nil)

    try await store.deleteVariation(series: series, result.keptAs!.id!)
    _ = try await store.importSlides(slides(try pictures(1, tag: "z")), series: series, into: .sermon(sermon))
    #expect(!keptFiles.contains(where: FileManager.default.fileExists(atPath:)), "pictures nothing uses are deleted")
  }

  @Test func languageCodesAndIDsAreChecked() throws {
    #expect(try SeriesAuthoring.languages([" EN", "sw", "en", "pt-BR"]) == ["en", "sw", "pt-br"])
    #expect(throws: ShareSynchError.self) { try SeriesAuthoring.languages(["english!"]) }
    #expect(throws: ShareSynchError.self) { try SeriesAuthoring.languages([]) }
    #expect(SeriesAuthoring.id(from: "Ça va? Été 2024!", fallback: "s", taken: []) == "ca-va-ete-2024")
    #expect(SeriesAuthoring.id(from: "!!!", fallback: "sermon", taken: ["sermon", "sermon-2"]) == "sermon-3")
    #expect(throws: ShareSynchError.badName("a\nb", what: "series")) {
      try SeriesAuthoring.name("a\nb", what: "series")
    }
  }
}
