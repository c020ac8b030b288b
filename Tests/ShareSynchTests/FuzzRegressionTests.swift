import Foundation
import TestSupport
import Testing

@testable import ShareSynch

/// What `scriptorium-fuzz` found in ShareSynch's parsers (inputs in Tests/Fixtures/fuzz/), run again.
@Suite struct ShareSynchFuzzRegressionTests {
  @Test func aListItemInsideInlineFormattingEndsItAndTheParagraph() {
    #expect(NotesHTML.sanitize("<p>a <i>b<li>c</li></i></p>") == "<p>a <i>b</i></p><ul><li>c</li></ul>")
    #expect(NotesHTML.sanitize("<b>x<li>y") == "<b>x</b><ul><li>y</li></ul>")
  }

  @Test func savedNotesSanitiseToTheSubsetOnce() {
    let fixtures = fuzzFixtures("notes-html")
    #expect(!fixtures.isEmpty)
    for fixture in fixtures {
      let clean = NotesHTML.sanitize(fixture.text)
      #expect(NotesHTML.sanitize(clean) == clean, "\(fixture.name): \(clean)")
    }
  }

  /// A package that made ZIPFoundation inflate for ever is refused promptly.
  @Test func aPackageThatSpunTheOldZipReaderIsRefused() throws {
    let fixtures = fuzzFixtures("sspkg")
    #expect(fixtures.count == 1)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for fixture in fixtures {
      let file = folder.appendingPathComponent(fixture.name)
      try fixture.data.write(to: file)
      #expect(throws: ShareSynchError.self, "\(fixture.name)") {
        try SeriesPackage.install(file, into: folder.appendingPathComponent("series"))
      }
    }
  }
}
