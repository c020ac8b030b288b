import AppSupport
import ArgumentParser
import Foundation
import Localization
import ShareSynch
import SlideImport
import WebApp

/// `sharesynch create NAME`: a new, empty series.
struct ShareSynchCreate: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "create", abstract: t("cli.help.shareSynchCreate.abstract"))
  }
  @OptionGroup var options: ShareSynchOptions
  @Argument(help: ArgumentHelp(t("cli.help.shareSynchCreate.name"))) var name: String
  @Option(help: ArgumentHelp(t("cli.help.shareSynchCreate.slides"))) var slides = "en"
  @Option(help: ArgumentHelp(t("cli.help.shareSynchCreate.notes"))) var notes: String?

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
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "import",
      abstract: t("cli.help.shareSynchImport.abstract"))
  }
  @OptionGroup var options: ShareSynchOptions
  @Argument(help: ArgumentHelp(t("cli.help.shareSynchImport.files"))) var files: [String]
  @Option(help: ArgumentHelp(t("cli.help.sharesynch.seriesID"))) var series: String
  @Option(
    help:
      ArgumentHelp(t("cli.help.shareSynchImport.sermon"))
  )
  var sermon: String
  @Option(help: ArgumentHelp(t("cli.help.shareSynchImport.notesLanguage"))) var notesLanguage: String?
  @Option(help: ArgumentHelp(t("cli.help.shareSynchImport.slidesLanguage")))
  var slidesLanguage: String?
  @Flag(
    help:
      ArgumentHelp(t("cli.help.shareSynchImport.addLanguage")))
  var addLanguage = false
  @Option(help: ArgumentHelp(t("cli.help.shareSynchImport.width"))) var width: Int?
  @Option(help: ArgumentHelp(t("cli.help.shareSynchImport.timeLimit"))) var timeLimit = 300

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
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "export",
      abstract: t("cli.help.shareSynchExport.abstract"))
  }
  @OptionGroup var options: ShareSynchOptions
  @Argument(help: ArgumentHelp(t("cli.help.sharesynch.seriesID"))) var series: String
  @Option(name: .shortAndLong, help: ArgumentHelp(t("cli.help.sharesynch.packageOutput"))) var output: String
  @Option(help: ArgumentHelp(t("cli.help.shareSynchExport.variation"))) var variation: Int64?

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
