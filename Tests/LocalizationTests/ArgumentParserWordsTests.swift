import Testing

@testable import Localization

/// The parser's English, as Swift Argument Parser writes it, in the command's language.
@Suite struct ArgumentParserWordsTests {
  let french = Translations.bundled.localizer("fr")

  @Test func helpTitlesFlagsDefaultsAndValueListsAreTranslatedEvenWhenWrapped() {
    let help = """
      OVERVIEW: Saisir l’Écriture.

      USAGE: scriptorium keyit init <name> [--format <format>]

      ARGUMENTS:
        <name>                  Nom de la Bible.

      OPTIONS:
        --format <format>       Format (values: usfm, usx; default: usfm)
        --data <data>           Dossier (default: $SCRIPTORIUM_DATA)
        --kind <kind>           Sorte (values: a, b)
        --version               Show the version.
        -h, --help              Show help
                                information.

      SUBCOMMANDS:
        init                    Créer.

        See 'scriptorium help keyit <subcommand>' for detailed help.
      """
    let translated = ArgumentParserWords.translate(help, french)
    for english in [
      "OVERVIEW", "USAGE", "ARGUMENTS:", "OPTIONS:", "SUBCOMMANDS", "values:", "default:", "Show", "See ",
      "detailed",
    ] {
      #expect(!translated.contains(english), "\(english) left in \(translated)")
    }
    #expect(translated.contains("PRÉSENTATION\u{202F}: Saisir l’Écriture."))
    #expect(translated.contains("(valeurs\u{202F}: usfm, usx\u{202F}; par défaut\u{202F}: usfm)"))
    #expect(translated.contains("(par défaut\u{202F}: $SCRIPTORIUM_DATA)"))
    #expect(translated.contains("-h, --help              Afficher l’aide."))
    #expect(translated.contains("Voir 'scriptorium help keyit <subcommand>' pour l’aide détaillée."))
    #expect(translated.contains("  --format <format>       Format"), "the layout of the lines stays")
  }

  @Test func parseErrorsKeepWhatTheUserTypedAndTakeTheirPluralForm() {
    let errors = [
      (
        "Error: Unknown option '--bogus'. Did you mean '--book'?\nUsage: scriptorium keyit set\n  See 'scriptorium keyit set --help' for more information.",
        "Erreur\u{202F}: Option inconnue '--bogus'. Vouliez-vous dire '--book'\u{202F}?\nUtilisation\u{202F}: scriptorium keyit set\n  Voir 'scriptorium keyit set --help' pour plus d’informations."
      ),
      (
        "Error: Missing expected argument '<word-one>'\nHelp:  <word-one>  Le mot.",
        "Erreur\u{202F}: Argument attendu manquant '<word-one>'\nAide\u{202F}:  <word-one>  Le mot."
      ),
      (
        "Error: The value 'x' is invalid for '--count <count>'",
        "Erreur\u{202F}: La valeur 'x' n’est pas valide pour '--count <count>'"
      ),
      ("Error: 2 unexpected arguments: 'a', 'b'", "Erreur\u{202F}: 2 arguments inattendus\u{202F}: 'a', 'b'"),
      ("Error: Missing value for '--bible <bible>'", "Erreur\u{202F}: Valeur manquante pour '--bible <bible>'"),
      ("Error: Missing required subcommand.", "Erreur\u{202F}: Sous-commande requise manquante."),
    ]
    for (english, expected) in errors {
      #expect(ArgumentParserWords.translate(english, french) == expected)
    }
    let welsh = Translations.bundled.localizer("cy")
    #expect(
      ArgumentParserWords.translate("Error: 2 unexpected arguments: 'a', 'b'", welsh)
        == "Gwall: 2 ddadl annisgwyl: 'a', 'b'")
  }

  @Test func englishAndUnknownTextStayAsTheyAre() {
    let english = Translations.bundled.localizer("en")
    let text =
      "Error: Unknown option '--x'\nUsage: scriptorium keyit\n  See 'scriptorium keyit --help' for more information."
    #expect(ArgumentParserWords.translate(text, english) == text)
    let appError = "Fehler: something only the app says, with 'quotes' and (parentheses)"
    #expect(ArgumentParserWords.translate(appError, french) == appError)
  }
}
