import Foundation
import ShareSynchPDF
import TestSupport
import Testing

@testable import ShareSynch

/// The sermon handout, read back with poppler's `pdftotext`, `pdffonts` and `pdftoppm`.
@Suite struct HandoutPDFTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("handout-\(UUID().uuidString)")

  /// The demo series in a store of its own, with the notes in `language`.
  func demoStore(notes language: String) async throws -> ShareSynchStore {
    let store = try ShareSynchStore.inMemory(seriesRoot: folder.appendingPathComponent("series"))
    try await store.installDemoIfEmpty()
    _ = try await store.setLanguages(series: "demo", slides: nil, notes: language)
    return store
  }

  func poppler(_ tool: String, _ arguments: [String]) throws -> Data {
    try runTool(URL(fileURLWithPath: "/usr/bin/\(tool)"), arguments: arguments)
  }

  @Test func theHandoutCarriesTheVisibleSlidesAndTheEditedNotesInTheNoteLanguage() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try await demoStore(notes: "es")
    let variation = try await store.createVariation(series: "demo", name: "Mine")
    try await store.switchVariation(series: "demo", to: variation.id!)
    let slides = try await store.slides(series: "demo", sermon: "welcome")
    _ = try await store.apply(
      .notes(
        slide: slides[0].id, language: "es",
        html: "<p><b>Bienvenidos</b> y <i>gracias</i>.</p><ul><li>Uno <u>subrayado</u></li><li><s>tachado</s></li></ul>"
          + "<p>مرحبا بكم في الكنيسة</p><p>नमस्ते दोस्तों</p><script>alert(1)</script>"),
      series: "demo", sermon: "welcome")
    let file = folder.appendingPathComponent("welcome.pdf")
    try HandoutPDF.write(try await store.handout(series: "demo", sermon: "welcome"), to: file)

    let text = String(decoding: try poppler("pdftotext", ["-enc", "UTF-8", file.path, "-"]), as: UTF8.self)
    for expected in [
      "Gracia sobre gracia", "Bienvenidos y gracias.", "• Uno subrayado", "tachado", "Cuente la historia",
      "Agradezca a todos", "नमस्ते दोस्तों",
    ] {
      #expect(text.contains(expected), "the handout's text has \(expected)")
    }
    // pdftotext marks the Arabic line's direction and may split a word at a final letter's glyph.
    let arabic = String(
      text.unicodeScalars.filter { !$0.properties.isWhitespace && !(0x202A...0x202E).contains($0.value) })
    #expect(arabic.contains("مرحبابكمفيالكنيسة"), "the Arabic notes, shaped and extracted in logical order")
    #expect(!text.contains("Una ilustración opcional"), "the hidden slide is left out")
    #expect(!text.contains("Welcome") && !text.contains("alert"), "English notes and scripts are not in it")
    let numbers = (1...7).map { "\($0)" }
    #expect(numbers.allSatisfy { number in text.split(whereSeparator: \.isWhitespace).contains { $0 == number } })

    let fonts = String(decoding: try poppler("pdffonts", [file.path]), as: UTF8.self)
    #expect(fonts.contains("Bold") && fonts.contains("Italic"), "bold and italic faces are embedded:\n\(fonts)")
    #expect(fonts.contains("Devanagari"), "each script gets a font that has it:\n\(fonts)")
  }

  @Test func theFirstPageRendersTheSlidePictures() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try await demoStore(notes: "en")
    let file = folder.appendingPathComponent("welcome.pdf")
    try HandoutPDF.write(try await store.handout(series: "demo", sermon: "welcome"), to: file)
    let prefix = folder.appendingPathComponent("page").path
    _ = try poppler("pdftoppm", ["-r", "72", "-f", "1", "-l", "1", file.path, prefix])
    let ppm = try PPM(file: URL(fileURLWithPath: prefix + "-1.ppm"))
    #expect(ppm.width == 595 || ppm.width == 596)
    // The first slide's picture (a 640×360 gradient from (20, 40, 90)) sits at the left margin
    // below the title: its top rows are dark blue, the page around it white.
    let slideTop = (0..<ppm.height).first { y in ppm.pixel(x: 60, y: y).blue > 60 && ppm.pixel(x: 60, y: y).red < 60 }
    #expect(slideTop != nil, "a dark blue picture in the left column")
    if let slideTop {
      let pixel = ppm.pixel(x: 100, y: slideTop + 3)
      #expect(abs(pixel.red - 20) < 25 && abs(pixel.green - 40) < 25 && abs(pixel.blue - 90) < 30, "\(pixel)")
    }
    #expect(ppm.pixel(x: 20, y: 400) == PPM.Pixel(red: 255, green: 255, blue: 255), "the margin is white")
    let rendered = String(decoding: try poppler("pdftotext", [file.path, "-"]), as: UTF8.self)
    #expect(rendered.contains("Point 6: take time"), "the long notes flow on")
  }

  @Test func aLongSermonFlowsOverPagesAndAnUnwritableFileIsAClearError() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let notes = (1...40).map { "<p>Paragraph \($0) of a long note, with enough words to wrap across lines.</p>" }
    let handout = Handout(
      title: "Long", seriesName: "Test", noteLanguage: "en",
      slides: (1...30).map {
        Handout.Slide(
          number: $0, kind: .video, resource: nil, overlay: nil, notes: Handout.noteBlocks(notes.joined()))
      })
    let file = folder.appendingPathComponent("long.pdf")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try HandoutPDF.write(handout, to: file)
    let info = String(decoding: try poppler("pdfinfo", [file.path]), as: UTF8.self)
    let pages = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap {
      Int($0.split(separator: " ").last!)
    }
    #expect((pages ?? 0) > 30, "1,200 paragraphs take many pages: \(pages ?? 0)")
    let text = String(decoding: try poppler("pdftotext", [file.path, "-"]), as: UTF8.self)
    #expect(text.components(separatedBy: "Paragraph 40 of a long note").count == 31, "no paragraph is lost")
    #expect(text.contains("▶ Video"))

    let nowhere = URL(fileURLWithPath: "/nonexistent-folder/handout.pdf")
    #expect(throws: HandoutError.self) { try HandoutPDF.write(handout, to: nowhere) }
  }
}

/// A binary PPM (P6) as `pdftoppm` writes it.
struct PPM {
  struct Pixel: Equatable {
    let red: Int
    let green: Int
    let blue: Int
  }
  let width: Int
  let height: Int
  private let bytes: [UInt8]
  private let start: Int

  init(file: URL) throws {
    bytes = Array(try Data(contentsOf: file))
    var fields: [Int] = []
    var index = 2
    while fields.count < 3 {
      while bytes[index] == 0x20 || bytes[index] == 0x0A { index += 1 }
      var value = 0
      while (0x30...0x39).contains(bytes[index]) {
        value = value * 10 + Int(bytes[index] - 0x30)
        index += 1
      }
      fields.append(value)
    }
    width = fields[0]
    height = fields[1]
    start = index + 1
  }

  func pixel(x: Int, y: Int) -> Pixel {
    let offset = start + (y * width + x) * 3
    return Pixel(red: Int(bytes[offset]), green: Int(bytes[offset + 1]), blue: Int(bytes[offset + 2]))
  }
}
