import Foundation
import Testing

@testable import Localization

@Suite struct LocalizerTests {
  let translations = Translations.bundled

  @Test func fillsPlaceholdersAndPicksPluralForms() {
    let english = translations.localizer("en")
    #expect(english.t("keyit.books.heading", ["bible": "Buk Baibel"]) == "Buk Baibel — choose a book")
    #expect(english.t("keyit.error.andMore", ["list": "1:1", "count": 1]) == "1:1 and 1 more")
    #expect(english.t("keyit.books.progress", ["chapters": 50, "done": 0, "count": 1]).hasSuffix("0/1 verse"))
    #expect(english.t("keyit.books.progress", ["chapters": 50, "done": 0, "count": 1533]).hasSuffix("0/1,533 verses"))
    let french = translations.localizer("fr")
    #expect(french.t("keyit.books.progress", ["chapters": 50, "done": 0, "count": 1]).hasSuffix("0/1 verset"))
    #expect(
      french.t("keyit.books.progress", ["chapters": 50, "done": 0, "count": 1533]).hasSuffix("0/1\u{202F}533 versets"))
    #expect(
      translations.localizer("sv").t("keyit.books.progress", ["chapters": 1, "done": 0, "count": 2]).hasSuffix("verser")
    )
  }

  @Test func anUnknownIdShowsItselfAndAMissingTranslationFallsBackToEnglish() {
    #expect(translations.localizer("cy").t("no.such.id") == "no.such.id")
    let partial = Localizer(
      language: "cy", messages: [:],
      fallback: ["a": Message(forms: ["{count} thing", "{count} things"], isPlural: true)])
    #expect(partial.t("a", ["count": 2]) == "2 things")
  }

  @Test func writesNumbersAndSizesInTheLocale() {
    #expect(MessageArgument.number(1_234_567).formatted(Locale(identifier: "en")) == "1,234,567")
    #expect(MessageArgument.number(1_234_567).formatted(Locale(identifier: "sv")) == "1\u{A0}234\u{A0}567")
    #expect(MessageArgument.bytes(1_500_000).formatted(Locale(identifier: "fr")).contains("1,5"))
    #expect(MessageArgument.bytes(1_500_000).formatted(Locale(identifier: "en")).contains("1.5"))
  }

  @Test func directionFollowsTheLanguage() {
    #expect(translations.localizer("en").direction == "ltr")
    #expect(translations.localizer(PseudoLocale.rightToLeft).direction == "rtl")
    #expect(Localizer(language: "ar", messages: [:]).direction == "rtl")
  }

  @Test func thePseudoLocaleIsLongerAccentedAndKeepsPlaceholders() {
    let english = translations.localizer("en")
    let pseudo = translations.localizer(PseudoLocale.accented)
    let text = pseudo.t("keyit.books.heading", ["bible": "Bible"])
    #expect(text.contains("Bible"))
    #expect(!text.contains("choose"))
    for id in translations.catalogs["en"]!.messages.keys {
      let source = english.t(id)
      let long = pseudo.t(id)
      #expect(Double(long.count) >= 1.4 * Double(source.count) - 1, "\(id)")
      #expect(placeholders(long) == placeholders(source), "\(id)")
    }
  }

  @Test func scriptMessagesCarryPluralFormsWhole() {
    let messages = translations.localizer("cy").messages(withPrefix: "keyit.js.")
    #expect(messages["keyit.js.saved"] == .text("Wedi'i gadw"))
    guard case .forms(let forms) = messages["keyit.js.imported"] else {
      Issue.record("keyit.js.imported is plural")
      return
    }
    #expect(forms.count == 6)
    #expect(messages["keyit.books.title"] == nil)
  }
}
