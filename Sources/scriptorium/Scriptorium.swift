import AppSupport
import ArgumentParser

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

  /// Runs the chosen subcommand; an app's error is printed in the command's language.
  static func main() async {
    do {
      var command = try parseAsRoot()
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      exit(withError: CommandLanguage.localized(error))
    }
  }
}
