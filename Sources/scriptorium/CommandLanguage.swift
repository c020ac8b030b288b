import Foundation
import Localization
import SyncHub
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

  /// The value of `--lang X` or `--lang=X` anywhere before `--`, read before the command is parsed
  /// so that parse errors and every subcommand speak it too.
  static func option(in arguments: [String]) -> String? {
    split(arguments).language
  }

  /// The arguments without `--lang`, so that it may stand before or after any subcommand.
  static func removingOption(from arguments: [String]) -> [String] {
    split(arguments).rest
  }

  private static func split(_ arguments: [String]) -> (language: String?, rest: [String]) {
    var language: String?
    var rest: [String] = []
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let argument = arguments[index]
      if argument == "--" {
        rest += arguments[index...]
        break
      }
      if argument == "--lang", index + 1 < arguments.endIndex {
        language = arguments[index + 1]
        index += 2
        continue
      }
      if argument.hasPrefix("--lang=") {
        language = String(argument.dropFirst(7))
      } else {
        rest.append(argument)
      }
      index += 1
    }
    return (language, rest)
  }

  /// An error as the command prints it: a core error in the language, anything else as it is.
  static func localized(_ error: any Error) -> any Error {
    if let error = error as? HubError { return CommandError(description: error.words) }
    if let error = error as? HubStoreError { return CommandError(description: error.words) }
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
