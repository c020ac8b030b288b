import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KeyIt
import Localization
import Testing

@testable import WebApp

@Suite struct LanguageTests {
  @Test func theBrowsersLanguageChoosesTheWordsAndHtmlLangFollows() async throws {
    let (app, _) = try await makeApp()
    try await app.test(.router) { client in
      try await client.execute(uri: "/keyit/setup", method: .get, headers: [.acceptLanguage: "de, cy;q=0.9, en;q=0.5"])
      {
        response in
        #expect(response.text.contains("<html lang=\"cy\" dir=\"ltr\">"))
        #expect(response.text.contains("Gosodiadau Key It"))
        #expect(response.text.contains("<option value=\"cy\" lang=\"cy\" selected>Cymraeg</option>"))
        #expect(!response.text.contains("Key It setup"))
        #expect(response.headers[.contentLanguage] == "cy")
      }
      try await client.execute(uri: "/keyit/setup", method: .get) { response in
        #expect(response.text.contains("<html lang=\"en\" dir=\"ltr\">"))
        #expect(response.text.contains("Key It setup"))
      }
    }
  }

  @Test func aRightToLeftCatalogTurnsThePageWithNoOtherChange() async throws {
    let (app, _) = try await makeApp()
    try await app.test(.router) { client in
      try await client.execute(
        uri: "/keyit/setup", method: .get,
        headers: [.cookie: "\(RequestLanguage.cookieName)=\(PseudoLocale.rightToLeft)"]
      ) { response in
        #expect(response.text.contains("<html lang=\"ar-XB\" dir=\"rtl\">"))
        #expect(response.text.contains("⟦"))
      }
    }
  }

  @Test func theSwitcherRemembersTheChoiceAndGoesBackOnlyToThisSite() async throws {
    let (app, _) = try await makeApp()
    try await app.test(.router) { client in
      let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
      try await client.execute(
        uri: "/language", method: .post, headers: form,
        body: ByteBuffer(string: "lang=tpi&back=%2Fkeyit%2Fsetup%3Fx%3D1")
      ) { response in
        #expect(response.status == .seeOther)
        #expect(response.headers[.location] == "/keyit/setup?x=1")
        #expect(response.headers[.setCookie]?.hasPrefix("\(RequestLanguage.cookieName)=tpi;") == true)
      }
      try await client.execute(
        uri: "/language", method: .post, headers: form, body: ByteBuffer(string: "lang=sv&back=%2F%2Fevil.example")
      ) { #expect($0.headers[.location] == "/") }
      try await client.execute(
        uri: "/language", method: .post, headers: form, body: ByteBuffer(string: "lang=xx&back=%2F")
      ) { #expect($0.status == .badRequest) }
      try await client.execute(
        uri: "/keyit/setup", method: .get,
        headers: [.cookie: "\(RequestLanguage.cookieName)=tpi", .acceptLanguage: "fr"]
      ) { #expect($0.text.contains("Stretim Key It")) }
    }
  }

  @Test func errorsAreWordedInTheLanguageWithTheirInputs() async throws {
    let (app, _) = try await makeApp()
    try await app.test(.router) { client in
      try await client.execute(
        uri: "/api/keyit/bibles/1/books/XYZ/chapters/1", method: .get, headers: [.acceptLanguage: "fr"]
      ) { response in
        #expect(response.status == .notFound)
        #expect(response.text.contains("livre inconnu «\u{A0}XYZ\u{A0}»"))
      }
      try await client.execute(uri: "/keyit/bibles/99/books", method: .get, headers: [.acceptLanguage: "sw"]) {
        response in
        #expect(response.text.contains("Kuna kitu kisicho sawa (404)"))
        #expect(response.text.contains("hakuna Biblia yenye kitambulisho 99"))
      }
    }
  }

  @Test func everyVersificationAndChapterStateHasWordsInEveryLanguage() {
    let translations = Translations.bundled
    for language in Translations.shipped.map(\.tag) {
      let words = translations.localizer(language)
      for versification in Versification.allCases {
        let id = "keyit.versification.\(versification.rawValue)"
        #expect(translations.catalogs[language]?.messages[id] != nil, "\(language) \(id)")
        #expect(translations.catalogs[language]?.messages[id + ".explanation"] != nil, "\(language) \(id)")
      }
      for status in [ChapterStatus.empty, .started, .complete] {
        #expect(!KeyItWords.status(status, words).hasPrefix("keyit."), "\(language) \(status)")
      }
    }
  }
}
