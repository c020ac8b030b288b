import Foundation
import Testing

@testable import ShareSynch

/// A series exported as a package installs on another machine (another data folder) with its
/// variations: their order, visibility, edited notes, target lengths, and slides that only a
/// variation still shows after an import replaced the sermon; or with only the variation chosen.
@Suite struct ExportTests {
  let base = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")

  func picture(_ name: String) throws -> URL {
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    let file = base.appendingPathComponent("\(name)-\(UUID().uuidString).png")
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(name.utf8)).write(to: file)
    return file
  }

  @Test func variationsTravelWithTheSeries() async throws {
    defer { try? FileManager.default.removeItem(at: base) }
    let here = try ShareSynchStore.inMemory(seriesRoot: base.appendingPathComponent("here"))
    let series = try await here.createSeries(name: "Ruth", slideLanguages: ["en"], noteLanguages: ["en"]).id
    let sermon = try await here.importSlides(
      try ["a", "b", "c"].map { ImportedSlide(kind: .image, file: try picture($0), notes: "<p>\($0)</p>") },
      series: series, into: .newSermon(title: ["en": "Ruth 1"])
    ).sermonID
    let evening = try await here.createVariation(series: series, name: "Evening")
    let slides = try await here.slides(series: series, sermon: sermon)
    try await here.apply(
      .notes(slide: slides[1].id, language: "en", html: "<b>my b</b>"), series: series, sermon: sermon)
    try await here.apply(.move(slide: slides[2].id, to: 0), series: series, sermon: sermon)
    try await here.apply(.visibility(slides: [slides[0].id], hidden: [true]), series: series, sermon: sermon)
    _ = try await here.setTarget(seconds: 1200, series: series, sermon: sermon)
    let evenings = try await here.slides(series: series, sermon: sermon)
    // A re-import: "Evening" (current) shows it, "Before" keeps what Evening was (slides the
    // package no longer has, with their notes).
    let replaced = try await here.importSlides(
      [ImportedSlide(kind: .image, file: try picture("d"), notes: "<p>d</p>")], series: series, into: .sermon(sermon),
      keptName: "Before")

    let package = base.appendingPathComponent("ruth.sspkg")
    let exported = try await here.exportPackage(series: series, to: package)
    #expect(exported.variations?.map(\.name) == ["Evening", "Before"])
    let there = try ShareSynchStore.inMemory(seriesRoot: base.appendingPathComponent("there"))
    _ = try await there.install(package)
    let variations = try await there.variations(series: series)
    #expect(variations.map(\.name) == ["Original", "Before", "Evening"])
    let installedEvening = variations.first { $0.name == "Evening" }!
    let installedBefore = variations.first { $0.name == "Before" }!
    let shown = try await there.slides(series: series, sermon: sermon, variation: installedBefore.id)
    #expect(shown.map(\.notes) == evenings.map(\.notes) && shown.map(\.hidden) == evenings.map(\.hidden))
    #expect(shown.map(\.notes) == ["<p>c</p>", "<p>a</p>", "<b>my b</b>"])
    #expect(
      try await there.slides(series: series, sermon: sermon, variation: variations[0].id).map(\.notes) == ["<p>d</p>"])
    #expect(
      try await there.slides(series: series, sermon: sermon, variation: installedEvening.id).map(\.notes) == [
        "<p>d</p>"
      ])
    try await there.switchVariation(series: series, to: installedEvening.id!)
    #expect(try await there.sermonState(series: series, sermon: sermon).targetSeconds == 1200)
    #expect(replaced.keptAs?.name == "Before")

    let single = base.appendingPathComponent("evening.sspkg")
    let one = try await here.exportPackage(series: series, variation: evening.id, to: single)
    #expect(one.variations?.map(\.name) == ["Evening"])
    await #expect(throws: ShareSynchError.unknownVariation(999)) {
      try await here.exportPackage(series: series, variation: 999, to: single)
    }
  }
}
