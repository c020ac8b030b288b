import AppSupport
import ArgumentParser
import Foundation
import ShareSynch
import SlideImport

/// `sharesynch create NAME`: a new, empty series.
struct ShareSynchCreate: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "create", abstract: "Create an empty series to import sermons into.")
  @OptionGroup var options: ShareSynchOptions
  @Argument(help: "The series' name.") var name: String
  @Option(help: "Slide languages, comma-separated, the first the default.") var slides = "en"
  @Option(help: "Note languages, comma-separated (default: the slide languages).") var notes: String?

  func run() async throws {
    let series = try await options.store().createSeries(
      name: name, slideLanguages: slides.split(separator: ",").map(String.init),
      noteLanguages: (notes ?? slides).split(separator: ",").map(String.init))
    try options.common.emit(series) { "created the series \(series.id) (\(series.name))" }
  }
}

/// `sharesynch import FILE… --series ID --sermon TITLE`.
struct ShareSynchImport: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Make a sermon from PowerPoint, Impress, Keynote or PDF files, or PNG/JPEG pictures in order.")
  @OptionGroup var options: ShareSynchOptions
  @Argument(help: "The files, in order.") var files: [String]
  @Option(help: "The series id.") var series: String
  @Option(
    help:
      "The sermon's title (a new sermon), or an existing sermon's id or title (replaced; its current state is kept as a variation)."
  )
  var sermon: String
  @Option(help: "The language the notes are in (default: the series' first note language).") var notesLanguage: String?
  @Option(help: "The language of the text on the slides (default: the series' first slide language).")
  var slidesLanguage: String?
  @Flag(
    help:
      "Add the languages to the existing sermon --sermon names (slides matched by position) instead of replacing it.")
  var addLanguage = false
  @Option(help: "Picture width in pixels (default: Settings, 1920).") var width: Int?
  @Option(help: "Seconds any one file may take to convert.") var timeLimit = 300

  func run() async throws {
    let store = try options.store()
    let manifest = try store.manifest(series)
    let existing = manifest.sermons.first { $0.id == sermon || $0.title.values.contains(sermon) }
    let target: ImportTarget
    switch (existing, addLanguage) {
    case (let existing?, true): target = .language(existing.id)
    case (let existing?, false): target = .sermon(existing.id)
    case (nil, true): throw ShareSynchError.unknownSermon(sermon)
    case (nil, false): target = .newSermon(title: [slidesLanguage ?? manifest.slideLanguages[0]: sermon])
    }
    let stored = try await store.settings().slideWidth
    let width = width ?? stored
    guard ShareSynchSettings.slideWidths.contains(width) else {
      throw ShareSynchError.badSlideWidth(width, allowed: ShareSynchSettings.slideWidths)
    }
    let importer = SlideImporter(width: width, timeLimit: .seconds(timeLimit))
    let (result, report) = try await importer.importSermon(
      files.map { (URL(fileURLWithPath: $0), ($0 as NSString).lastPathComponent) }, store: store, series: series,
      into: target, noteLanguage: notesLanguage, slideLanguage: slidesLanguage, scratch: options.common.folder.scratch
    ) { progress in
      let total = progress.total > 0 ? "/\(progress.total)" : ""
      FileHandle.standardError.write(
        Data("\r\(progress.file): \(progress.stage.rawValue) \(progress.done)\(total)   ".utf8))
    }
    FileHandle.standardError.write(Data("\n".utf8))
    for line in report { FileHandle.standardError.write(Data("note: \(line)\n".utf8)) }
    try options.common.emit(ImportOutcome(result: result, report: report)) {
      (addLanguage ? "added the language to \(result.slides) slides of" : "imported \(result.slides) slides into")
        + " \(series)/\(result.sermonID)"
        + (result.keptAs.map { "; what it was is kept as the variation \"\($0.name)\" (#\($0.id ?? 0))" } ?? "")
    }
  }

  struct ImportOutcome: Encodable {
    let result: SermonImport
    let report: [String]
  }
}

/// `sharesynch export SERIES -o FILE [--variation ID]`.
struct ShareSynchExport: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write a series as a package (sharesynch-series/1) with its variations, or only one of them.")
  @OptionGroup var options: ShareSynchOptions
  @Argument(help: "The series id.") var series: String
  @Option(name: .shortAndLong, help: "The package file to write.") var output: String
  @Option(help: "Export only this variation (default: every variation).") var variation: Int64?

  func run() async throws {
    let file = URL(fileURLWithPath: output)
    let manifest = try await options.store().exportPackage(series: series, variation: variation, to: file)
    let checksum = try writeChecksumFile(of: file)
    try options.common.emit(manifest) {
      "wrote \(output): \(manifest.resources.count) files, \(manifest.variations?.count ?? 0) variations (SHA-256 \(checksum))"
    }
  }
}
