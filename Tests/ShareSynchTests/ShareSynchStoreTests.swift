import Foundation
import Testing

@testable import ShareSynch

/// Installed series, languages, variations, and every edit with undo and redo.
@Suite struct ShareSynchStoreTests {
  let fixture: SeriesFixture
  let store: ShareSynchStore

  init() throws {
    fixture = try SeriesFixture()
    store = try ShareSynchStore.inMemory(seriesRoot: fixture.root)
  }

  func installed() async throws -> SeriesSummary { try await store.install(try fixture.package()) }

  func notes(_ variation: Int64? = nil) async throws -> [String] {
    try await store.slides(series: "grace", sermon: "one", variation: variation).map(\.notes)
  }

  @Test func aVariationNameIsOneLineOfReasonableLength() async throws {
    _ = try await installed()
    for name in ["Spare\nline", "bell\u{7}", "tab\there", String(repeating: "v", count: 101)] {
      await #expect(throws: ShareSynchError.self, "\(name.debugDescription)") {
        try await store.createVariation(series: "grace", name: name)
      }
    }
    #expect(try await store.variations(series: "grace").count == 1, "nothing was created")
  }

  @Test func installingRegistersTheSeriesWithItsOriginalVariation() async throws {
    let series = try await installed()
    #expect(series.slideLanguage == "en" && series.noteLanguage == "en")
    let slides = try await store.slides(series: "grace", sermon: "one")
    #expect(slides.map(\.kind) == [.image, .overlay, .appeal] && slides.map(\.position) == [0, 1, 2])
    #expect(slides[0].notes == "<b>Welcome</b>" && slides[1].overlay?.text == "By grace")
    #expect(slides[2].presentation.appeal?.chunks == ["Come"] && slides[2].presentation.appeal?.removesText == true)
    #expect(try await store.variations(series: "grace").map(\.name) == ["Original"])
    await #expect(throws: ShareSynchError.self) { try await store.install(try fixture.package()) }
    #expect(try await store.series().count == 1)
  }

  @Test func slideAndNoteLanguagesChangeIndependently() async throws {
    _ = try await installed()
    let changed = try await store.setLanguages(series: "grace", slides: nil, notes: "es")
    #expect(changed.slideLanguage == "en" && changed.noteLanguage == "es")
    let slides = try await store.slides(series: "grace", sermon: "one")
    #expect(slides[0].notes == "Bienvenidos" && slides[1].overlay?.text == "By grace", "notes change, slides do not")
    await #expect(throws: ShareSynchError.unknownLanguage("fr", offered: ["en", "es"])) {
      try await store.setLanguages(series: "grace", slides: "fr", notes: nil)
    }
  }

  @Test func variationsCopyTheirSourceAndTheOriginalStaysUntouched() async throws {
    _ = try await installed()
    await #expect(throws: ShareSynchError.originalIsReadOnly("edited")) {
      try await store.apply(.notes(slide: 1, language: "en", html: "x"), series: "grace", sermon: "one")
    }
    let short = try await store.createVariation(series: "grace", name: "Short")
    let slides = try await store.slides(series: "grace", sermon: "one")
    try await store.apply(
      .notes(slide: slides[0].id, language: "en", html: "<i>Hello</i>"), series: "grace", sermon: "one")
    let copy = try await store.createVariation(series: "grace", name: "Short copy", from: short.id)
    #expect(try await notes(copy.id)[0] == "<i>Hello</i>", "a variation made from another keeps its notes")
    let original = try await store.variations(series: "grace").first { $0.isOriginal }!
    #expect(try await notes(original.id)[0] == "<b>Welcome</b>")
    try await store.switchVariation(series: "grace", to: short.id!)
    #expect(try await notes()[0] == "<i>Hello</i>")
    await #expect(throws: ShareSynchError.originalIsReadOnly("deleted")) {
      try await store.deleteVariation(series: "grace", original.id!)
    }
    try await store.deleteVariation(series: "grace", short.id!)
    #expect(
      try await store.series()[0].currentVariationID == original.id,
      "deleting the current one goes back to the original")
    #expect(try await store.variations(series: "grace").map(\.name) == ["Original", "Short copy"])
    await #expect(throws: ShareSynchError.badVariationName("Short copy", .taken)) {
      try await store.createVariation(series: "grace", name: " Short copy ")
    }
  }

  @Test func everyEditUndoesAndRedoesAndTheEleventhUndoIsImpossible() async throws {
    _ = try await installed()
    _ = try await store.createVariation(series: "grace", name: "Mine")
    let ids = try await store.slides(series: "grace", sermon: "one").map(\.id)
    var history = EditHistory()
    func perform(_ edit: SlideEdit) async throws {
      history.record(undo: try await store.apply(edit, series: "grace", sermon: "one"))
    }
    func apply(_ edit: SlideEdit) async throws -> SlideEdit {
      try await store.apply(edit, series: "grace", sermon: "one")
    }
    func state() async throws -> [String] {
      try await store.slides(series: "grace", sermon: "one").map { "\($0.id):\($0.hidden):\($0.notes)" }
    }
    var states = [try await state()]
    try await perform(.notes(slide: ids[0], language: "en", html: "<b>New</b> <script>x</script>words"))
    #expect(try await notes()[0] == "<b>New</b> words", "notes are sanitised")
    states.append(try await state())
    try await perform(.visibility(slides: [ids[0], ids[2]], hidden: [true, true]))
    states.append(try await state())
    try await perform(.move(slide: ids[2], to: 0))
    #expect(try await store.slides(series: "grace", sermon: "one").map(\.id) == [ids[2], ids[0], ids[1]])
    states.append(try await state())
    history.record(undo: try await store.duplicate(ids[1], series: "grace", sermon: "one"))
    states.append(try await state())
    try await perform(.remove(slide: ids[0]))
    states.append(try await state())
    for expected in states.reversed().dropFirst() {
      #expect(try await history.undo(apply))
      #expect(try await state() == expected)
    }
    #expect(!(try await history.undo(apply)))
    for expected in states.dropFirst() {
      #expect(try await history.redo(apply))
      #expect(try await state() == expected)
    }
    for step in 0..<12 { try await perform(.notes(slide: ids[1], language: "en", html: "v\(step)")) }
    var undone = 0
    while try await history.undo(apply) { undone += 1 }
    let after = try await notes()
    #expect(undone == 10 && after[1] == "v1", "ten steps back, not eleven")
  }

  @Test func editsReachOnlyTheCurrentVariationsSlidesOfAKnownSermon() async throws {
    _ = try await installed()
    let original = try await store.slides(series: "grace", sermon: "one").map(\.id)
    _ = try await store.createVariation(series: "grace", name: "Mine")
    await #expect(throws: ShareSynchError.unknownSlide(original[0])) {
      try await store.duplicate(original[0], series: "grace", sermon: "one")
    }
    await #expect(throws: ShareSynchError.unknownSermon("three")) {
      try await store.apply(.notes(slide: original[0], language: "en", html: "x"), series: "grace", sermon: "three")
    }
    #expect(try await store.slides(series: "grace", sermon: "one").count == 3)
  }

  @Test func resetRestoresTheSermonAndRemovesAddedSlides() async throws {
    _ = try await installed()
    _ = try await store.createVariation(series: "grace", name: "Mine")
    let ids = try await store.slides(series: "grace", sermon: "one").map(\.id)
    try await store.apply(.move(slide: ids[0], to: 2), series: "grace", sermon: "one")
    try await store.duplicate(ids[1], series: "grace", sermon: "one")
    try await store.apply(.notes(slide: ids[1], language: "es", html: "otro"), series: "grace", sermon: "one")
    try await store.apply(.notes(slide: ids[1], language: "en", html: nil), series: "grace", sermon: "one")
    #expect(try await store.slides(series: "grace", sermon: "one").count == 4)
    try await store.reset(series: "grace", sermon: "one")
    let slides = try await store.slides(series: "grace", sermon: "one")
    #expect(slides.map(\.kind) == [.image, .overlay, .appeal] && slides.allSatisfy { !$0.notesEdited && !$0.hidden })
  }
}
