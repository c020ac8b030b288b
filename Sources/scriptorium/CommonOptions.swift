import AppSupport
import ArgumentParser
import Foundation

/// `--data` and `--json`, which every app's subcommands take.
struct CommonOptions: ParsableArguments {
  @Option(help: ArgumentHelp(t("cli.help.dataFolder"))) var data: String?
  @Flag(help: ArgumentHelp(t("cli.help.commonOptions.json"))) var json = false
  /// Taken out of the arguments by `CommandLanguage` before parsing, wherever it stands; declared
  /// here so that every app's `--help` lists it.
  @Option(help: ArgumentHelp(t("cli.help.lang"))) var lang: String?

  /// The data folder `--data` names (or the default one).
  var folder: DataFolder { DataFolder(option: data) }

  /// Prints a command's result: JSON for scripts (`--json`), else the human text.
  func emit<Value: Encodable>(_ value: Value, human: () -> String) throws {
    if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      encoder.dateEncodingStrategy = .iso8601
      print(String(decoding: try encoder.encode(value), as: UTF8.self))
    } else {
      let text = human()
      if !text.isEmpty { print(text) }
    }
  }
}
