import Foundation
import Localization
import WebApp

/// The language of the command's words for people: `--lang`, else `LC_ALL`, `LC_MESSAGES`, `LANG`.
/// (`--json` output has no words to translate.)
enum CommandLanguage {
  static let localizer: Localizer = {
    let translations = Translations.bundled
    let tag = translations.choose(
      option: option(in: CommandLine.arguments), environment: ProcessInfo.processInfo.environment)
    return translations.localizer(tag)
  }()

  /// The value of `--lang X` or `--lang=X`, read before the command is parsed so that parse errors
  /// and every subcommand speak it too.
  static func option(in arguments: [String]) -> String? {
    for (index, argument) in arguments.enumerated() {
      if argument == "--lang", index + 1 < arguments.count { return arguments[index + 1] }
      if argument.hasPrefix("--lang=") { return String(argument.dropFirst(7)) }
    }
    return nil
  }

  /// An error as the command prints it: a core error in the language, anything else as it is.
  static func localized(_ error: any Error) -> any Error {
    guard let words = interfaceWords(for: error, localizer: localizer) else { return error }
    return CommandError(description: words)
  }

  struct CommandError: Error, CustomStringConvertible {
    let description: String
  }
}

/// A message in the command's language (see `Localizer.t`).
func t(_ id: String, _ arguments: [String: MessageArgument] = [:]) -> String {
  CommandLanguage.localizer.t(id, arguments)
}
