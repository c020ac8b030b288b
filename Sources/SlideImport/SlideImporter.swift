import Foundation
import ShareSynch
import ZIPFoundation

/// How far an import is: which file, what is being done to it, and pages done of the total.
public struct ImportProgress: Sendable, Codable, Equatable {
  /// What is happening now.
  public enum Stage: String, Sendable, Codable {
    /// LibreOffice converts the presentation to PDF (no page count yet).
    case converting
    /// The pages are drawn as pictures.
    case rendering
    /// The slides are being added to the sermon.
    case saving
  }

  /// The file being worked on.
  public var file: String
  /// What is happening to it.
  public var stage: Stage
  /// Pages drawn so far, over all files.
  public var done: Int
  /// Pages known so far, over all files (grows as each file is opened).
  public var total: Int
}

/// The slides made from a list of files, and what the speaker should know about them.
public struct ImportedDeck: Sendable, Equatable {
  /// The slides, in the files' order.
  public var slides: [ImportedSlide]
  /// One sentence per thing that was left out or needs a look (a video the display cannot play…).
  public var report: [ImportNote]
}

/// Turns the files a speaker already has into slides: presentations through LibreOffice to PDF,
/// PDFs through pdftocairo to pictures at the display's width, pictures as they are; notes,
/// titles and hidden flags from the presentation's own XML. Everything is made inside `work`,
/// which the caller deletes; nothing else is written.
public struct SlideImporter: Sendable {
  /// The width of the pictures made, in pixels.
  public var width: Int
  /// The longest any one file may take to convert.
  public var timeLimit: Duration

  /// An importer rendering at `width` pixels, stopping a file after `timeLimit`.
  public init(width: Int = 1920, timeLimit: Duration = .seconds(300)) {
    self.width = width
    self.timeLimit = timeLimit
  }

  /// Imports `files` (each with the name the user knows it by) into slides, reporting progress.
  public func importFiles(
    _ files: [(file: URL, name: String)], work: URL, progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }
  ) async throws -> ImportedDeck {
    try await importFiles(files, work: work, profiles: work, progress: progress)
  }

  /// `importFiles`, keeping LibreOffice's template profile in `profiles`: a folder that outlives
  /// the import spares every later one LibreOffice's first start (a third of a second).
  func importFiles(
    _ files: [(file: URL, name: String)], work: URL, profiles: URL,
    progress: @escaping @Sendable (ImportProgress) -> Void
  ) async throws -> ImportedDeck {
    guard !files.isEmpty else { throw ShareSynchError.nothingToImport }
    var deck = ImportedDeck(slides: [], report: [])
    var done = 0
    var total = 0
    for (index, (file, name)) in files.enumerated() {
      try Task.checkCancellation()
      let head = try? FileHandle(forReadingFrom: file).readHead(DeckFormat.headLength)
      guard let head, let format = DeckFormat.detect(name: name, head: head) else {
        throw ShareSynchError.cannotImport(file: name, reason: .notADeck)
      }
      if format.isPicture {
        let copy = work.appendingPathComponent("pictures/\(index).\(format == .png ? "png" : "jpg")")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: file, to: copy)
        deck.slides.append(ImportedSlide(kind: .image, file: copy))
        done += 1
        total += 1
        progress(ImportProgress(file: name, stage: .rendering, done: done, total: total))
        continue
      }
      let fileWork = work.appendingPathComponent("file-\(index)")
      let (pdf, outline) = try await pdfAndOutline(
        of: file, format: format, name: name, work: fileWork, profiles: profiles,
        converting: { [done, total] in
          progress(ImportProgress(file: name, stage: .converting, done: done, total: total))
        })
      let pages = try await PDFPages.count(pdf, name: name, timeLimit: timeLimit)
      let before = done
      total += pages
      progress(ImportProgress(file: name, stage: .rendering, done: done, total: total))
      let pictures = try await PDFPages.render(
        pdf, pages: pages, width: width, into: fileWork.appendingPathComponent("pages"), name: name,
        timeLimit: timeLimit
      ) { [total] drawn in progress(ImportProgress(file: name, stage: .rendering, done: before + drawn, total: total)) }
      done += pages
      if let outline, outline.slides.count != pages {
        deck.report.append(.pagesMismatch(file: name, slides: outline.slides.count, pages: pages))
      }
      for (page, picture) in pictures.enumerated() {
        let slide = outline?.slides.indices.contains(page) == true ? outline?.slides[page] : nil
        deck.slides.append(
          ImportedSlide(
            kind: .image, file: picture, title: slide?.title, notes: slide?.notes ?? "", hidden: slide?.hidden ?? false)
        )
        if let slide, format == .pptx || format == .odp {
          let (videos, problems) = try extractVideos(
            slide.videos, from: file, into: fileWork, slide: page + 1, name: name)
          deck.slides += videos
          deck.report += problems
        }
      }
    }
    return deck
  }

  /// The PDF to draw and the outline to take notes from: a PDF as it is (no outline); a `.pptx`
  /// or `.odp` converted to PDF, its outline from its own XML; a `.ppt` or `.key` first
  /// converted to `.odp`, which gives both.
  private func pdfAndOutline(
    of file: URL, format: DeckFormat, name: String, work: URL, profiles: URL, converting: @Sendable () -> Void
  ) async throws -> (URL, DeckOutline?) {
    if format == .pdf { return (file, nil) }
    if format == .pptx,
      (try? FileHandle(forReadingFrom: file).readHead(8)).map({ [UInt8]($0) }) == DeckFormat.oleSignature
    {
      throw ShareSynchError.passwordProtected(file: name)  // an encrypted Office file is an OLE container
    }
    guard let office = OfficeConversion.installed() else { throw ShareSynchError.converterMissing(tool: "soffice") }
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let source = work.appendingPathComponent("deck.\(format.rawValue)")
    try FileManager.default.copyItem(at: file, to: source)
    converting()
    var outlined = source
    if format == .ppt || format == .key {
      outlined = try await office.convert(
        source, to: "odp", work: work, profiles: profiles, name: name, timeLimit: timeLimit)
    }
    // The notes are read from the file while LibreOffice draws it (a failure to read them stops
    // the conversion too).
    async let pdf = office.convert(
      outlined, to: "pdf", work: work, profiles: profiles, name: name, timeLimit: timeLimit)
    let outline =
      try outlined.pathExtension == "pptx" ? PowerPointOutline.read(outlined) : ImpressOutline.read(outlined)
    return (try await pdf, outline)
  }

  /// The slide's embedded videos the display can play (WebM, MP4 in H.264, VP9 or AV1) as video
  /// slides; the others as sentences for the report.
  private func extractVideos(_ paths: [String], from file: URL, into work: URL, slide: Int, name: String) throws
    -> ([ImportedSlide], [ImportNote])
  {
    guard !paths.isEmpty, let archive = try? Archive(url: file, accessMode: .read) else { return ([], []) }
    var slides: [ImportedSlide] = []
    var problems: [ImportNote] = []
    for (index, path) in paths.enumerated() {
      guard let entry = archive[path] else {
        problems.append(.linkedVideo(file: name, slide: slide, path: path))
        continue
      }
      let target = work.appendingPathComponent("videos/\(slide)-\(index)")
      try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      _ = try archive.extract(entry, to: target, skipCRC32: false)
      let head = try FileHandle(forReadingFrom: target).readHead(SlideMedia.headLength)
      guard let (kind, fileExtension) = SlideMedia.kind(head), kind == .video else {
        problems.append(.unplayableVideo(file: name, slide: slide, name: (path as NSString).lastPathComponent))
        continue
      }
      if fileExtension == "mp4", !MP4Tracks.isPlayable(target) {
        let codec = MP4Tracks.videoCodecs(of: target)?.first { !MP4Tracks.playable.contains($0) } ?? "?"
        problems.append(
          .unplayableCodec(file: name, slide: slide, name: (path as NSString).lastPathComponent, codec: codec))
        continue
      }
      let named = target.appendingPathExtension(fileExtension)
      try FileManager.default.moveItem(at: target, to: named)
      slides.append(ImportedSlide(kind: .video, file: named))
    }
    return (slides, problems)
  }
}

extension SlideImporter {
  /// Imports `files` into a sermon of `series` in `store`: converts them in a work folder made
  /// under `scratch` (deleted afterwards, whatever happens), then adds the slides in one step.
  /// Returns what was done and the report.
  public func importSermon(
    _ files: [(file: URL, name: String)], store: ShareSynchStore, series: String, into target: ImportTarget,
    noteLanguage: String? = nil, slideLanguage: String? = nil, scratch: URL,
    progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }
  ) async throws -> (result: SermonImport, report: [ImportNote]) {
    _ = try store.manifest(series)  // an unknown series fails before anything is converted
    let work = scratch.appendingPathComponent("import-\(UUID().uuidString.lowercased())")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let deck = try await importFiles(files, work: work, profiles: scratch, progress: progress)
    try Task.checkCancellation()
    let last = ImportProgress(
      file: files.last?.name ?? "", stage: .saving, done: deck.slides.count, total: deck.slides.count)
    progress(last)
    let result = try await store.importSlides(
      deck.slides, series: series, into: target, noteLanguage: noteLanguage, slideLanguage: slideLanguage)
    return (result, deck.report + result.report)
  }
}
