import ArgumentParser
import Foundation
import Localization
import Phrasebook
import WebApp
import WebFetch

extension TransferFormat: ExpressibleByArgument {}

struct PhrasebookImport: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "import", abstract: t("cli.help.phrasebookImport.abstract"))
  }
  @OptionGroup var options: PhrasebookOptions
  @Argument(help: ArgumentHelp(t("cli.help.phrasebookImport.source"))) var source: String
  @Option(help: ArgumentHelp(t("cli.help.phrasebookImport.format"))) var format: TransferFormat?

  func run() async throws {
    let isURL = source.lowercased().hasPrefix("http://") || source.lowercased().hasPrefix("https://")
    let data: Data
    if isURL {
      let policy = FetchPolicy(allowedHosts: try await options.store().allowedHosts())
      data = try await download(source, policy: policy) { received, total in
        guard let total, total > 0 else { return }
        FileHandle.standardError.write(
          Data(("\r" + t("phrasebook.cli.downloading", ["percent": .number(received * 100 / total)])).utf8))
      }
      FileHandle.standardError.write(Data("\r".utf8))
    } else {
      guard let contents = FileManager.default.contents(atPath: source) else {
        throw ValidationError(t("phrasebook.cli.unreadable", ["file": .text(source)]))
      }
      data = contents
    }
    let name = isURL ? (URL(string: source)?.path ?? "") : source
    let chosen = format ?? TransferFormat.detect(fileName: name, data: data)
    let report = try await options.store().importPairs(data, format: chosen, in: options.book)
    try options.emit(ImportReportJSON(report, words: CommandLanguage.localizer)) {
      var lines = [
        [
          t("phrasebook.js.report.added", ["count": .number(report.added.count)]),
          t("phrasebook.js.report.updated", ["count": .number(report.updated.count)]),
          t("phrasebook.js.report.unchanged", ["count": .number(report.unchanged.count)]),
          t("phrasebook.js.report.rejected", ["count": .number(report.rejected.count)]),
        ].joined(separator: ", ")
      ]
      lines += report.rejected.map {
        "  "
          + t(
            "phrasebook.js.report.row",
            [
              "number": .number($0.number),
              "reason": .text(PhrasebookWords.problem($0.problem, CommandLanguage.localizer)),
            ])
      }
      return lines.joined(separator: "\n")
    }
  }
}

struct PhrasebookExport: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "export", abstract: t("cli.help.phrasebookExport.abstract"))
  }
  @OptionGroup var options: PhrasebookOptions
  @Option(help: ArgumentHelp(t("cli.help.phrasebookExport.format"))) var format: TransferFormat
  @Option(name: .shortAndLong, help: ArgumentHelp(t("cli.help.phrasebookExport.output"))) var output: String

  func run() async throws {
    let data = try await options.store().export(format: format, in: options.book)
    try data.write(to: URL(fileURLWithPath: output), options: .atomic)
    try options.emit(["file": output, "bytes": "\(data.count)"]) {
      t("phrasebook.cli.wrote", ["file": .text(output), "size": .bytes(Int64(data.count))])
    }
  }
}
