import Testing

@testable import Localization

@Suite struct LanguageChoiceTests {
  let translations = Translations.bundled

  @Test func acceptLanguagePicksTheFirstLanguageWeHave() {
    #expect(translations.choose(cookie: nil, acceptLanguage: "de-CH, de;q=0.9, cy;q=0.8, en;q=0.7") == "cy")
    #expect(translations.choose(cookie: nil, acceptLanguage: "en;q=0.5, sw-KE") == "sw")
    #expect(translations.choose(cookie: nil, acceptLanguage: "fr-CA") == "fr")
    #expect(translations.choose(cookie: nil, acceptLanguage: "TPI") == "tpi")
    #expect(translations.choose(cookie: nil, acceptLanguage: "sv;q=0, de") == "en")
    #expect(translations.choose(cookie: nil, acceptLanguage: nil) == "en")
    #expect(translations.choose(cookie: nil, acceptLanguage: "en-XA") == "en-XA")
  }

  @Test func theCookieOverridesTheBrowser() {
    #expect(translations.choose(cookie: "sv", acceptLanguage: "fr") == "sv")
    #expect(translations.choose(cookie: "xx", acceptLanguage: "fr") == "fr")
  }

  @Test func theCommandTakesTheOptionThenTheEnvironment() {
    #expect(translations.choose(option: "cy", environment: ["LANG": "fr_FR.UTF-8"]) == "cy")
    #expect(translations.choose(option: nil, environment: ["LANG": "fr_FR.UTF-8"]) == "fr")
    #expect(translations.choose(option: nil, environment: ["LC_ALL": "sv_SE", "LANG": "fr_FR.UTF-8"]) == "sv")
    #expect(translations.choose(option: nil, environment: ["LANG": "C.UTF-8"]) == "en")
    #expect(translations.choose(option: nil, environment: [:]) == "en")
  }
}
