import Foundation
import ShareSynch

/// A PDF's pages as pictures: the page count from `pdfinfo`, then `pdftocairo` renders every page
/// as a JPEG (quality 90) of the display's width, reporting pages done as the files appear. JPEG,
/// not PNG: it is written twice as fast, and a slide with a photograph is a third the size.
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
      throw ShareSynchError.cannotImport(file: name, reason: .notReadablePDF)
    }
    guard pages > 0 else { throw ShareSynchError.emptyDocument(file: name) }
    return pages
  }

  /// Renders pages 1…`pages` into `folder` as `page-N.jpg` at `width` pixels, in as many pdftocairo
  /// processes as there are cores (up to 4), each drawing a run of pages; returns the files in
  /// page order.
  static func render(
    _ pdf: URL, pages: Int, width: Int, into folder: URL, name: String, timeLimit: Duration,
    progress: @escaping @Sendable (Int) -> Void
  ) async throws -> [URL] {
    // Poppler's Cairo renderer draws a slide about four times faster than its pdftoppm (1.2 s
    // against 4.5 s for the benchmark's 60 slides, the same size and quality).
    guard let renderer = ToolProcess.find("pdftocairo") else {
      throw ShareSynchError.converterMissing(tool: "pdftocairo")
    }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let prefix = folder.appendingPathComponent("page")
    let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4, pages / 4))
    let outcomes = try await withThrowingTaskGroup(of: ToolProcess.Outcome.self) { group in
      for part in 0..<parts {
        let (first, last) = (part * pages / parts + 1, (part + 1) * pages / parts)
        let tool = ToolProcess(
          executable: renderer,
          arguments: [
            "-jpeg", "-jpegopt", "quality=90", "-scale-to-x", String(width), "-scale-to-y", "-1", "-f", String(first),
            "-l", String(last), pdf.path, prefix.path,
          ])
        group.addTask {
          try await tool.run(file: name, timeLimit: timeLimit) {
            guard part == 0 else { return }
            // The newest file of each process may still be being written: only the others are done.
            let made = (try? FileManager.default.contentsOfDirectory(atPath: folder.path).count) ?? 0
            progress(max(0, made - parts))
          }
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .compactMap { file in pageNumber(file).map { ($0, folder.appendingPathComponent(file)) } }
      .sorted { $0.0 < $1.0 }.map(\.1)
    guard outcomes.allSatisfy({ $0.status == 0 }), files.count == pages else {
      let said = outcomes.compactMap { $0.errors.split(separator: "\n").last }.first ?? ""
      throw ShareSynchError.cannotImport(file: name, reason: .pagesNotDrawn(said: String(said.prefix(200))))
    }
    progress(pages)
    return files
  }

  /// The page number of a file pdftocairo wrote (`page-07.jpg` → 7; the padding depends on the
  /// last page each process drew).
  static func pageNumber(_ file: String) -> Int? {
    guard file.hasPrefix("page-"), file.hasSuffix(".jpg") else { return nil }
    return Int(file.dropFirst("page-".count).dropLast(".jpg".count))
  }
}
