import AppSupport
import ArgumentParser
import Foundation
import Localization

/// The `scriptorium` command: the server and one subcommand group per app.
@main
struct Scriptorium: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "scriptorium",
      abstract: t("cli.help.scriptorium.abstract"),
      version: ProductVersion.current,
      subcommands: [
        Serve.self, KeyItCommand.self, PhrasebookCommand.self, LexikonCommand.self, ShareSynchCommand.self,
        HubCommand.self,
      ])
  }

  /// Runs the chosen subcommand. Help, parse errors and an app's errors are printed in the
  /// command's language: the parser's own words too (see `ArgumentParserWords`).
  static func main() async {
    do {
      var command = try parseAsRoot(CommandLanguage.removingOption(from: Array(CommandLine.arguments.dropFirst())))
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      let error = CommandLanguage.localized(error)
      let text = ArgumentParserWords.translate(fullMessage(for: error), CommandLanguage.localizer)
      let code = exitCode(for: error)
      if !text.isEmpty {
        if code == .success {
          print(text)
        } else {
          FileHandle.standardError.write(Data((text + "\n").utf8))
        }
      }
      Foundation.exit(code.rawValue)
    }
  }
}
