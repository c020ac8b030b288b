import Foundation
import ShareSynch

/// A PDF's pages as pictures: the page count from `pdfinfo`, then `pdftoppm` renders every page
/// as a JPEG (quality 90) of the display's width, reporting pages done as the files appear. JPEG,
/// not PNG: pdftoppm writes it twice as fast, and a slide with a photograph is a third the size.
enum PDFPages {
  /// How many pages `pdf` has; refuses a password-protected or unreadable PDF, and one of 0 pages.
  static func count(_ pdf: URL, name: String, timeLimit: Duration) async throws -> Int {
    guard let pdfinfo = ToolProcess.find("pdfinfo") else { throw ShareSynchError.converterMissing(tool: "pdfinfo") }
    let outcome = try await ToolProcess(executable: pdfinfo, arguments: [pdf.path]).run(
      file: name, timeLimit: timeLimit)
    if outcome.errors.contains("password") || outcome.errors.contains("Incorrect password") {
      throw ShareSynchError.passwordProtected(file: name)
    }
    if outcome.errors.contains("Invalid page count 0") || outcome.errors.contains("last page (0)") {
      throw ShareSynchError.emptyDocument(file: name)  // poppler refuses a PDF of no pages outright
    }
    let pages = outcome.output.split(separator: "\n").first { $0.hasPrefix("Pages:") }
      .flatMap { Int($0.dropFirst("Pages:".count).trimmingCharacters(in: .whitespaces)) }
    guard outcome.status == 0, let pages else {
      throw ShareSynchError.cannotImport(file: name, reason: "it is not a readable PDF")
    }
    guard pages > 0 else { throw ShareSynchError.emptyDocument(file: name) }
    return pages
  }

  /// Renders pages 1…`pages` into `folder` as `page-N.jpg` (N zero-padded as pdftoppm does), at
  /// `width` pixels; returns the files in page order.
  static func render(
    _ pdf: URL, pages: Int, width: Int, into folder: URL, name: String, timeLimit: Duration,
    progress: @Sendable (Int) -> Void
  ) async throws -> [URL] {
    guard let pdftoppm = ToolProcess.find("pdftoppm") else { throw ShareSynchError.converterMissing(tool: "pdftoppm") }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let prefix = folder.appendingPathComponent("page")
    let tool = ToolProcess(
      executable: pdftoppm,
      arguments: [
        "-jpeg", "-jpegopt", "quality=90", "-scale-to-x", String(width), "-scale-to-y", "-1", "-f", "1", "-l",
        String(pages), pdf.path,
        prefix.path,
      ])
    let outcome = try await tool.run(file: name, timeLimit: timeLimit) {
      // The newest file may still be being written: only those before it are done.
      let made = (try? FileManager.default.contentsOfDirectory(atPath: folder.path).count) ?? 0
      progress(max(0, made - 1))
    }
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".jpg") }.sorted().map { folder.appendingPathComponent($0) }
    guard outcome.status == 0, files.count == pages else {
      throw ShareSynchError.cannotImport(
        file: name, reason: "its pages could not be drawn (\(outcome.errors.split(separator: "\n").last ?? ""))")
    }
    progress(pages)
    return files
  }
}
