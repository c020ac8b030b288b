import Foundation

/// Swift Argument Parser's own English words — section titles, the built-in `--help` and
/// `--version` lines, value lists, defaults and parse errors — in the command's language. The
/// parser has no hook for them, so its finished text is rewritten fragment by fragment; anything
/// the rules do not know stays as the parser wrote it.
public enum ArgumentParserWords {
  public static func translate(_ text: String, _ localizer: Localizer) -> String {
    rules.reduce(text) { text, rule in rule(text, localizer) }
  }

  private typealias Rule = @Sendable (String, Localizer) -> String

  /// A rule replacing every match of `pattern` with the message the match's captures fill.
  private static func rule(
    _ pattern: String, multiline: Bool = false, _ words: @escaping @Sendable (Localizer, [String]) -> String
  ) -> Rule {
    let expression = try! NSRegularExpression(pattern: pattern, options: multiline ? [.anchorsMatchLines] : [])
    return { text, localizer in
      let whole = text as NSString
      var result = ""
      var last = 0
      for match in expression.matches(in: text, range: NSRange(location: 0, length: whole.length)) {
        result += whole.substring(with: NSRange(location: last, length: match.range.location - last))
        let captures = (1..<match.numberOfRanges).map { index in
          match.range(at: index).location == NSNotFound ? "" : whole.substring(with: match.range(at: index))
        }
        result += words(localizer, captures)
        last = match.range.location + match.range.length
      }
      return result + whole.substring(from: last)
    }
  }

  /// A help line the parser may have wrapped: the words may be split by a line break and indent.
  private static func wrappable(_ words: String) -> String {
    words.split(separator: " ").map { NSRegularExpression.escapedPattern(for: String($0)) }.joined(separator: "\\s+")
  }

  private static let quoted = "'([^'\\n]+)'"

  private static let rules: [Rule] = [
    rule("^OVERVIEW:", multiline: true) { l, _ in l.t("cli.argumentParser.overview") },
    rule("^USAGE:", multiline: true) { l, _ in l.t("cli.argumentParser.usage") },
    rule("^ARGUMENTS:$", multiline: true) { l, _ in l.t("cli.argumentParser.arguments") },
    rule("^OPTIONS:$", multiline: true) { l, _ in l.t("cli.argumentParser.options") },
    rule("^SUBCOMMANDS:$", multiline: true) { l, _ in l.t("cli.argumentParser.subcommands") },
    rule(wrappable("Show help information.")) { l, _ in l.t("cli.argumentParser.showHelp") },
    rule(wrappable("Show the version.")) { l, _ in l.t("cli.argumentParser.showVersion") },
    rule("See \(quoted)\\s+for\\s+detailed\\s+help\\.") { l, c in
      l.t("cli.argumentParser.seeDetailedHelp", ["command": .text(c[0])])
    },
    rule("See \(quoted) for more information\\.") { l, c in
      l.t("cli.argumentParser.seeMoreInformation", ["command": .text(c[0])])
    },
    rule("\\(values:\\s+([^;)]*);\\s+default:\\s+([^)]*)\\)") { l, c in
      l.t("cli.argumentParser.valuesAndDefault", ["values": .text(c[0]), "value": .text(c[1])])
    },
    rule("\\(values:\\s+([^)]*)\\)") { l, c in l.t("cli.argumentParser.values", ["values": .text(c[0])]) },
    rule("\\(default:\\s+([^)]*)\\)") { l, c in l.t("cli.argumentParser.default", ["value": .text(c[0])]) },
    rule("^Error: ", multiline: true) { l, _ in l.t("cli.argumentParser.error") + " " },
    rule("^Help: ", multiline: true) { l, _ in l.t("cli.argumentParser.help") + " " },
    rule("^Usage: ", multiline: true) { l, _ in l.t("cli.argumentParser.usageLine") + " " },
    rule("Unknown option \(quoted)") { l, c in l.t("cli.argumentParser.unknownOption", ["option": .text(c[0])]) },
    rule("\\. Did you mean \(quoted)\\?") { l, c in
      ". " + l.t("cli.argumentParser.didYouMean", ["option": .text(c[0])])
    },
    rule("Missing value for \(quoted)") { l, c in l.t("cli.argumentParser.missingValue", ["option": .text(c[0])]) },
    rule("Missing expected argument \(quoted)") { l, c in
      l.t("cli.argumentParser.missingArgument", ["argument": .text(c[0])])
    },
    rule("Missing one of: '(.+)'$", multiline: true) { l, c in
      l.t("cli.argumentParser.missingOneOf", ["options": .text(c[0])])
    },
    rule("Unexpected argument \(quoted)") { l, c in
      l.t("cli.argumentParser.unexpectedArgument", ["argument": .text(c[0])])
    },
    rule("\\b(\\d+) unexpected arguments: '(.+)'$", multiline: true) { l, c in
      l.t("cli.argumentParser.unexpectedArguments", ["count": .number(Int(c[0]) ?? 0), "arguments": .text(c[1])])
    },
    rule("The value '([^'\\n]*)' is invalid for \(quoted)") { l, c in
      l.t("cli.argumentParser.invalidValueFor", ["value": .text(c[0]), "option": .text(c[1])])
    },
    rule("The value '([^'\\n]*)' is invalid\\.") { l, c in
      l.t("cli.argumentParser.invalidValue", ["value": .text(c[0])])
    },
    rule("Missing required subcommand\\.") { l, _ in l.t("cli.argumentParser.missingSubcommand") },
    rule("The option \(quoted) does not take any value, but '([^'\\n]*)' was specified\\.") { l, c in
      l.t("cli.argumentParser.takesNoValue", ["option": .text(c[0]), "value": .text(c[1])])
    },
  ]
}
