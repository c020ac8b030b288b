import AppSupport
import ArgumentParser
import Foundation
import Localization
import ShareSynch
import SlideImport
import WebApp

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
    try options.common.emit(series) {
      t("sharesynch.cli.created", ["id": .text(series.id), "name": .text(series.name)])
    }
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
      let words: [String: MessageArgument] = [
        "file": .text(progress.file), "done": .number(progress.done), "total": .number(progress.total),
      ]
      let line =
        switch progress.stage {
        case .converting: t("sharesynch.cli.import.converting", words)
        case .rendering: t("sharesynch.cli.import.drawing", words)
        case .saving: t("sharesynch.cli.import.saving", words)
        }
      FileHandle.standardError.write(Data("\r\(line)   ".utf8))
    }
    FileHandle.standardError.write(Data("\n".utf8))
    for note in report {
      let words = t("sharesynch.cli.note", ["note": .text(note.words(CommandLanguage.localizer))])
      FileHandle.standardError.write(Data("\(words)\n".utf8))
    }
    try options.common.emit(ImportOutcome(result: result, report: report)) {
      let sermon: [String: MessageArgument] = [
        "count": .number(result.slides), "sermon": .text("\(series)/\(result.sermonID)"),
      ]
      let done = addLanguage ? t("sharesynch.cli.addedLanguage", sermon) : t("sharesynch.cli.imported", sermon)
      guard let kept = result.keptAs else { return done }
      return t(
        "sharesynch.cli.keptAs", ["done": .text(done), "name": .text(kept.name), "id": .text(String(kept.id ?? 0))])
    }
  }

  struct ImportOutcome: Encodable {
    let result: SermonImport
    let report: [ImportNote]
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
      t(
        "sharesynch.cli.exported",
        [
          "output": .text(output), "files": .number(manifest.resources.count),
          "count": .number(manifest.variations?.count ?? 0), "checksum": .text(checksum),
        ])
    }
  }
}
