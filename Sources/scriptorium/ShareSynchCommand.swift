import AppSupport
import ArgumentParser
import Foundation
import Localization
import ShareSynch
import ShareSynchPDF
import ShareSynchServer
import WebApp
import WebFetch

/// `scriptorium sharesynch …`: series packages, languages, variations and a terminal rehearsal.
struct ShareSynchCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "sharesynch",
      abstract: t("cli.help.shareSynchCommand.abstract"),
      subcommands: [
        ShareSynchSeries.self, ShareSynchSermons.self, ShareSynchSlides.self, ShareSynchInstall.self,
        ShareSynchPack.self, ShareSynchVerify.self, ShareSynchLanguages.self, ShareSynchVariation.self,
        ShareSynchPresent.self, ShareSynchPDFCommand.self, ShareSynchInbox.self, ShareSynchDownload.self,
        ShareSynchCreate.self, ShareSynchImport.self, ShareSynchExport.self,
      ])
  }
}

/// Options every ShareSynch subcommand takes.
struct ShareSynchOptions: ParsableArguments {
  @OptionGroup var common: CommonOptions

  /// Opens `sharesynch.sqlite`, series installed under `media/sharesynch/series/`.
  func store() throws -> ShareSynchStore { try ShareSynchStore(dataFolder: common.folder) }

  /// Downloads a package into `downloads/NAME` (resuming what an interrupted run left, with
  /// progress on stderr), installs it checked against `sha256`, then deletes it: installed or
  /// refused, the next run starts afresh. The address typed or the catalog set is the user's
  /// permission for its host (`policy`).
  func downloadAndInstall(
    _ address: URL, as name: String, policy: FetchPolicy, expectedSize: Int64?, sha256: String?
  ) async throws
    -> SeriesSummary
  {
    let downloads = common.folder.downloads
    try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
    let package = downloads.appendingPathComponent(name)
    try await downloadShowingProgress(address, to: package, policy: policy, expectedSize: expectedSize)
    defer { try? FileManager.default.removeItem(at: package) }
    return try await store().install(package, expectedSHA256: sha256)
  }

  /// Downloads into `file`, resuming what an interrupted run left, with progress on stderr.
  func downloadShowingProgress(_ address: URL, to package: URL, policy: FetchPolicy, expectedSize: Int64?)
    async throws
  {
    try await downloadResuming(address.absoluteString, to: package, policy: policy, expectedSize: expectedSize) {
      progress in
      var words: [String: MessageArgument] = [
        "received": .number(Int(progress.received)), "speed": .number(Int((progress.bytesPerSecond / 1000).rounded())),
      ]
      words["total"] = progress.total.map { MessageArgument.number(Int($0)) }
      words["left"] = progress.secondsLeft.map { MessageArgument.number(Int($0.rounded())) }
      let line =
        switch (progress.total != nil, progress.secondsLeft != nil) {
        case (true, true): t("sharesynch.cli.progressOfLeft", words)
        case (true, false): t("sharesynch.cli.progressOf", words)
        case (false, true): t("sharesynch.cli.progressLeft", words)
        case (false, false): t("sharesynch.cli.progress", words)
        }
      FileHandle.standardError.write(Data("\r\(line)".utf8))
    }
    FileHandle.standardError.write(Data("\n".utf8))
  }
}

struct ShareSynchSeries: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(commandName: "series", abstract: t("cli.help.shareSynchSeries.abstract"))
  }
  @OptionGroup var options: ShareSynchOptions

  func run() async throws {
    let series = try await options.store().series()
    try options.common.emit(series) {
      series.map {
        "\($0.id)\t\($0.name)\t"
          + t("sharesynch.cli.seriesLanguages", ["slides": .text($0.slideLanguage), "notes": .text($0.noteLanguage)])
      }
      .joined(separator: "\n")
    }
  }
}

struct ShareSynchSermons: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(commandName: "sermons", abstract: t("cli.help.shareSynchSermons.abstract"))
  }
  @OptionGroup var options: ShareSynchOptions
  @Argument(help: ArgumentHelp(t("cli.help.sharesynch.seriesID"))) var series: String

  func run() async throws {
    let store = try options.store()
    let manifest = try store.manifest(series)
    let language = try await store.series().first { $0.id == series }?.slideLanguage ?? manifest.slideLanguages[0]
    let sermons = manifest.sermons.map { ["id": $0.id, "title": $0.title[language] ?? $0.title.values.first ?? $0.id] }
    try options.common.emit(sermons) { sermons.map { "\($0["id"]!)\t\($0["title"]!)" }.joined(separator: "\n") }
  }
}

struct ShareSynchSlides: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "slides", abstract: t("cli.help.shareSynchSlides.abstract"))
  }
  @OptionGroup var options: ShareSynchOptions
  @Argument(help: ArgumentHelp(t("cli.help.sharesynch.seriesID"))) var series: String
  @Argument(help: ArgumentHelp(t("cli.help.sharesynch.sermonID"))) var sermon: String
  @Option(help: ArgumentHelp(t("cli.help.shareSynchSlides.variation"))) var variation: Int64?

  func run() async throws {
    let slides = try await options.store().slides(series: series, sermon: sermon, variation: variation)
    try options.common.emit(slides) {
      slides.map {
        "\($0.position + 1)\t#\($0.id)\t\($0.kind.rawValue)\($0.hidden ? " " + t("sharesynch.cli.hidden") : "")\t\(NotesHTML.plainText($0.notes).replacingOccurrences(of: "\n", with: " · ").prefix(60))"
      }.joined(separator: "\n")
    }
  }
}

struct ShareSynchInstall: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "install",
      abstract:
        t("cli.help.shareSynchInstall.abstract")
    )
  }
  @OptionGroup var options: ShareSynchOptions
  @Argument(help: ArgumentHelp(t("cli.help.shareSynchInstall.file"))) var file: String
  @Option(help: ArgumentHelp(t("cli.help.sharesynch.sha256"))) var sha256: String?

  func run() async throws {
    var series: SeriesSummary
    if let address = URL(string: file), ["http", "https"].contains(address.scheme?.lowercased()) {
      var expected = sha256
      let policy = FetchPolicy.publicOnly.allowing(hostOf: file)
      if expected == nil, let published = try? await download(file + ".sha256", policy: policy, maxBytes: 4_096) {
        expected = SeriesPackage.checksum(inSHA256File: String(decoding: published, as: UTF8.self))
      }
      series = try await options.downloadAndInstall(
        address, as: address.lastPathComponent, policy: policy, expectedSize: nil, sha256: expected)
    } else {
      series = try await options.store().install(URL(fileURLWithPath: file), expectedSHA256: sha256)
    }
    try options.common.emit(series) {
      t("sharesynch.cli.installed", ["name": .text(series.name), "id": .text(series.id)])
    }
  }
}

/// Writes `FILE.sha256` beside a package (`sha256sum`'s format) and returns the checksum.
func writeChecksumFile(of package: URL) throws -> String {
  let checksum = try SeriesPackage.sha256(of: package)
  try "\(checksum)  \(package.lastPathComponent)\n".write(
    to: URL(fileURLWithPath: package.path + ".sha256"), atomically: true, encoding: .utf8)
  return checksum
}

struct ShareSynchPack: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "pack", abstract: t("cli.help.shareSynchPack.abstract"))
  }
  @OptionGroup var options: ShareSynchOptions
  @Argument(help: ArgumentHelp(t("cli.help.shareSynchPack.folder"))) var folder: String
  @Option(name: .shortAndLong, help: ArgumentHelp(t("cli.help.sharesynch.packageOutput"))) var output: String

  func run() async throws {
    let outputURL = URL(fileURLWithPath: output)
    let manifest = try SeriesPackage.pack(folder: URL(fileURLWithPath: folder), to: outputURL)
    let checksum = try writeChecksumFile(of: outputURL)
    try options.common.emit(["id": manifest.id, "sha256": checksum, "resources": "\(manifest.resources.count)"]) {
      t(
        "sharesynch.cli.packed",
        [
          "name": .text(manifest.name), "count": .number(manifest.sermons.count),
          "files": .number(manifest.resources.count), "output": .text(output), "checksum": .text(checksum),
        ])
    }
  }
}

struct ShareSynchVerify: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "verify", abstract: t("cli.help.shareSynchVerify.abstract"))
  }
  @OptionGroup var options: ShareSynchOptions
  @Argument(help: ArgumentHelp(t("cli.help.shareSynchVerify.file"))) var file: String
  @Option(help: ArgumentHelp(t("cli.help.sharesynch.sha256"))) var sha256: String?

  func run() async throws {
    let manifest = try SeriesPackage.verify(URL(fileURLWithPath: file), expectedSHA256: sha256)
    try options.common.emit(manifest) {
      t("sharesynch.cli.verified", ["name": .text(manifest.name), "count": .number(manifest.resources.count)])
    }
  }
}

struct ShareSynchLanguages: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "languages", abstract: t("cli.help.shareSynchLanguages.abstract"))
  }
  @OptionGroup var options: ShareSynchOptions
  @Argument(help: ArgumentHelp(t("cli.help.sharesynch.seriesID"))) var series: String
  @Option(help: ArgumentHelp(t("cli.help.shareSynchLanguages.slides"))) var slides: String?
  @Option(help: ArgumentHelp(t("cli.help.shareSynchLanguages.notes"))) var notes: String?

  func run() async throws {
    let changed = try await options.store().setLanguages(series: series, slides: slides, notes: notes)
    try options.common.emit(changed) {
      t(
        "sharesynch.cli.languages",
        ["name": .text(changed.name), "slides": .text(changed.slideLanguage), "notes": .text(changed.noteLanguage)])
    }
  }
}

struct ShareSynchVariation: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "variation", abstract: t("cli.help.shareSynchVariation.abstract"))
  }
  @OptionGroup var options: ShareSynchOptions
  @Argument(help: ArgumentHelp(t("cli.help.shareSynchVariation.action"))) var action: String
  @Argument(help: ArgumentHelp(t("cli.help.sharesynch.seriesID"))) var series: String
  @Option(help: ArgumentHelp(t("cli.help.shareSynchVariation.name"))) var name: String?
  @Option(help: ArgumentHelp(t("cli.help.shareSynchVariation.id"))) var id: Int64?

  func run() async throws {
    let store = try options.store()
    switch action {
    case "list": break
    case "create": _ = try await store.createVariation(series: series, name: name ?? "", from: id)
    case "switch", "delete":
      guard let id else { throw ValidationError(t("sharesynch.cli.giveID")) }
      if action == "switch" {
        try await store.switchVariation(series: series, to: id)
      } else {
        try await store.deleteVariation(series: series, id)
      }
    default: throw ValidationError(t("sharesynch.cli.actions"))
    }
    let variations = try await store.variations(series: series)
    let current = try await store.series().first { $0.id == series }?.currentVariationID
    try options.common.emit(variations) {
      variations.map {
        "\($0.id!)\t\($0.name)\($0.isOriginal ? " " + t("sharesynch.cli.original") : "")"
          + ($0.id == current ? "  " + t("sharesynch.cli.current") : "")
      }
      .joined(separator: "\n")
    }
  }
}

struct ShareSynchPDFCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "pdf",
      abstract: t("cli.help.shareSynchPDFCommand.abstract"))
  }
  @OptionGroup var options: ShareSynchOptions
  @Argument(help: ArgumentHelp(t("cli.help.sharesynch.seriesID"))) var series: String
  @Argument(help: ArgumentHelp(t("cli.help.sharesynch.sermonID"))) var sermon: String
  @Option(name: .shortAndLong, help: ArgumentHelp(t("cli.help.shareSynchPDFCommand.output"))) var output: String

  func run() async throws {
    let handout = try await options.store().handout(series: series, sermon: sermon)
    let file = URL(fileURLWithPath: output)
    try HandoutPDF.write(handout, to: file, videoLabel: t("sharesynch.handout.video"))
    try options.common.emit(["file": file.path, "slides": "\(handout.slides.count)"]) {
      t("sharesynch.cli.wroteHandout", ["file": .text(file.path), "count": .number(handout.slides.count)])
    }
  }
}

struct ShareSynchPresent: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "present",
      abstract:
        t("cli.help.shareSynchPresent.abstract"))
  }
  @OptionGroup var options: ShareSynchOptions
  @Argument(help: ArgumentHelp(t("cli.help.sharesynch.seriesID"))) var series: String
  @Argument(help: ArgumentHelp(t("cli.help.sharesynch.sermonID"))) var sermon: String

  func run() async throws {
    let store = try options.store()
    let slides = try await store.slides(series: series, sermon: sermon)
    let manifest = try store.manifest(series)
    let appeal = try await store.sermonState(series: series, sermon: sermon).appeal
    var engine = PresentationEngine(slides: slides.map(\.presentation), appeal: appeal)
    engine.endOfSermon = try await store.settings().endOfSermon
    let started = Date()
    defer {
      // A run of 20 minutes or more goes into the timer log when presentation mode ends.
      let title = manifest.sermons.first { $0.id == sermon }?.title(in: nil) ?? sermon
      _ = try? TimerLog(dataFolder: options.common.folder)
        .record(
          PresentationRun(
            sermon: title, series: manifest.name, start: started, duration: Date().timeIntervalSince(started)))
    }
    let byID = Dictionary(uniqueKeysWithValues: slides.map { ($0.id, $0) })
    func show() throws {
      let slide = engine.current.flatMap { byID[$0.id] }
      let state = PresentState(
        counter: engine.counter, slide: slide?.id, kind: slide?.kind.rawValue, step: engine.step,
        black: engine.blank == .black,
        appealText: engine.appealText, notes: slide.map { NotesHTML.plainText($0.notes) } ?? "")
      try options.common.emit(state) {
        "\(state.counter) \(state.kind ?? "-")\(state.black ? " " + t("sharesynch.cli.black") : "")"
          + (state.appealText.map { " «\($0)»" } ?? "") + (state.notes.isEmpty ? "" : "  \(state.notes.prefix(70))")
      }
    }
    try show()
    while let line = readLine() {
      let key = line.trimmed
      switch key {
      case "q": return
      case "n", "": engine.advance()
      case "p": engine.back()
      case "b": engine.toggle(.black)
      case "w": engine.toggle(.white)
      default:
        guard let number = Int(key), engine.jump(toNumber: number) else { continue }
      }
      try show()
    }
  }

  /// What `present` prints after each key.
  struct PresentState: Encodable {
    let counter: String
    let slide: Int64?
    let kind: String?
    let step: Int
    let black: Bool
    let appealText: String?
    let notes: String
  }
}

struct ShareSynchInbox: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "inbox",
      abstract: t("cli.help.shareSynchInbox.abstract"))
  }
  @OptionGroup var options: ShareSynchOptions

  func run() async throws {
    let results = try await options.store().installInbox(options.common.folder.inbox)
    try options.common.emit(results) { inboxReport(results) }
  }
}

/// One line per inbox file: installed, or refused and why.
func inboxReport(_ results: [InboxResult]) -> String {
  results.map { result in
    result.series.map { t("sharesynch.cli.inboxInstalled", ["file": .text(result.file), "series": .text($0)]) }
      ?? t(
        "sharesynch.cli.inboxRefused",
        [
          "file": .text(result.file),
          "reason": .text(
            result.refusal.flatMap { interfaceWords(for: $0, localizer: CommandLanguage.localizer) } ?? result.reason
              ?? ""),
        ])
  }.joined(separator: "\n")
}

struct ShareSynchDownload: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "download",
      abstract: t("cli.help.shareSynchDownload.abstract"))
  }
  @OptionGroup var options: ShareSynchOptions
  @Argument(help: ArgumentHelp(t("cli.help.shareSynchDownload.catalog"))) var catalog: String
  @Argument(help: ArgumentHelp(t("cli.help.shareSynchDownload.series"))) var series: String?
  @Option(help: ArgumentHelp(t("cli.help.shareSynchDownload.activation"))) var activation: String?

  func run() async throws {
    let offered = try await CatalogDownload.catalog(at: catalog)
    let unlocked = try activation.map { try offered.activation($0) }
    guard let series else {
      try options.common.emit(offered.series) {
        offered.series.map { entry in
          let state =
            offered.isAvailable(entry, activation: unlocked) ? "" : "  " + t("sharesynch.cli.notAvailable")
          return "\(entry.id)\t\(entry.name)\t"
            + t("sharesynch.cli.megabytes", ["size": .number(Int(entry.size / 1_048_576 + 1))]) + state
        }.joined(separator: "\n")
      }
      return
    }
    let store = try options.store()
    let planned = try CatalogDownload(
      series, of: offered, at: catalog, activation: unlocked, store: store,
      dataFolder: options.common.folder)
    try await options.downloadShowingProgress(
      planned.packageURL, to: planned.file, policy: planned.policy, expectedSize: planned.entry.size)
    let installed = try await planned.install(into: store)
    try options.common.emit(installed) {
      t("sharesynch.cli.installed", ["name": .text(installed.name), "id": .text(installed.id)])
    }
  }
}
