import Foundation
import ShareSynch
import Testing

@testable import SlideImport

/// The pure parts of an import: which format a file is, notes turned into notes HTML, and paths
/// inside a presentation resolved. Real decks are converted in e2e/test_sharesynch_import.py.
@Suite struct SlideImportRulesTests {
  @Test func formatsAreToldByContentAndName() {
    let zip = Data([0x50, 0x4B, 0x03, 0x04, 0, 0, 0, 0])
    let ole = Data(DeckFormat.oleSignature)
    #expect(DeckFormat.detect(name: "a.pptx", head: zip) == .pptx)
    #expect(DeckFormat.detect(name: "a.PPTX", head: ole) == .pptx, "an encrypted pptx is an OLE file")
    #expect(DeckFormat.detect(name: "a.odp", head: zip) == .odp)
    #expect(DeckFormat.detect(name: "a.key", head: zip) == .key)
    #expect(DeckFormat.detect(name: "a.ppt", head: ole) == .ppt)
    #expect(DeckFormat.detect(name: "a.ppt", head: zip) == nil)
    #expect(DeckFormat.detect(name: "slides.bin", head: Data("%PDF-1.7".utf8)) == .pdf)
    #expect(DeckFormat.detect(name: "x.pptx", head: Data([0x89, 0x50, 0x4E, 0x47, 13, 10, 26, 10])) == .png)
    #expect(DeckFormat.detect(name: "x.jpg", head: Data([0xFF, 0xD8, 0xFF, 0xE0])) == .jpeg)
    #expect(DeckFormat.detect(name: "notes.txt", head: Data("hello".utf8)) == nil)
  }

  @Test func notesKeepTheirFormatsAndBullets() {
    typealias Run = NotesText.Run
    let notes = NotesText(paragraphs: [
      .init(runs: [Run(text: "Bold ", bold: true), Run(text: "<all>", italic: true, underline: true, strike: true)]),
      .init(runs: [Run(text: "one")], bulleted: true),
      .init(runs: [Run(text: "two"), Run(text: "\n"), Run(text: "more")], bulleted: true),
      .init(runs: [Run(text: "  ")]),
      .init(runs: [Run(text: "الرجاء الحي")]),
    ])
    #expect(
      notes.html
        == "<p><b>Bold </b><i><u><s>&lt;all&gt;</s></u></i></p><ul><li>one</li><li>two<br>more</li></ul><p>الرجاء الحي</p>"
    )
    #expect(NotesText(paragraphs: []).html == "")
  }

  @Test func relationshipTargetsResolveAgainstTheirFolder() {
    #expect(
      PowerPointOutline.resolve("../notesSlides/notesSlide1.xml", against: "ppt/slides")
        == "ppt/notesSlides/notesSlide1.xml")
    #expect(PowerPointOutline.resolve("slides/slide2.xml", against: "ppt") == "ppt/slides/slide2.xml")
    #expect(PowerPointOutline.resolve("/ppt/media/a.mp4", against: "ppt/slides") == "ppt/media/a.mp4")
  }

  @Test func pagesAreOrderedByTheirNumberWhateverTheirPadding() {
    #expect(PDFPages.pageNumber("page-07.jpg") == 7 && PDFPages.pageNumber("page-061.jpg") == 61)
    #expect(PDFPages.pageNumber("page-1.png") == nil && PDFPages.pageNumber("other.jpg") == nil)
  }

  @Test func aMissingFileOrAnUnknownFormatIsRefusedBeforeAnythingRuns() async throws {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: work) }
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let text = work.appendingPathComponent("notes.txt")
    try Data("just text".utf8).write(to: text)
    await #expect(throws: ShareSynchError.self) {
      try await SlideImporter().importFiles([(text, "notes.txt")], work: work)
    }
    await #expect(throws: ShareSynchError.nothingToImport) { try await SlideImporter().importFiles([], work: work) }
  }
}
