import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Localization
import Testing

@testable import KeyIt
@testable import WebApp

@Suite struct APITests {
  @Test func openTypeActAndExport() async throws {
    let (app, _) = try await makeApp()
    try await app.test(.router) { client in
      let chapter = try await client.execute(uri: "/api/keyit/bibles/1/books/RUT/chapters/1", method: .get) {
        try $0.decoded(ChapterJSON.self)
      }
      #expect(chapter.items.count == 22 && chapter.items[0].label == "Verse 1" && chapter.chapterWord == "Chapter")
      let verse3 = chapter.items[2].id
      try await client.execute(
        uri: "/api/keyit/bibles/1/items/\(verse3)/text", method: .put, headers: sameOrigin,
        body: json(["text": "  dw\u{0302}r  "])
      ) { response in
        #expect(response.status == .ok)
        #expect((try? response.decoded(ChapterJSON.Item.self))?.text == "dŵr")
      }
      let actions = try await client.execute(uri: "/api/keyit/bibles/1/items/\(verse3)/actions", method: .get) {
        try $0.decoded([[String: String]].self)
      }
      #expect(
        actions.map { $0["id"]! } == [
          "insertHeadingBefore", "insertParagraphBefore", "insertParagraphIn", "bridgeNext",
        ])
      #expect(actions[2]["question"] != nil)
      let after = try await client.execute(
        uri: "/api/keyit/bibles/1/items/\(verse3)/actions/insertParagraphIn", method: .post, headers: sameOrigin,
        body: json(["offset": 1])
      ) { try $0.decoded(ChapterJSON.self) }
      #expect(after.items.filter { $0.verse == 3 }.map(\.text) == ["d", "", "ŵr"])
      #expect(after.items.filter { $0.verse == 3 }.map(\.hasText) == [true, false, true])
      try await client.execute(uri: "/api/keyit/bibles/1/export?book=RUT&chapter=1", method: .get) { response in
        #expect(response.headers[.contentType] == "text/plain; charset=utf-8")
        #expect(response.text.contains("\\v 3 d\n\\p ŵr\n"))
        #expect(response.headers[.contentDisposition] == nil)
      }
      try await client.execute(uri: "/api/keyit/bibles/1/export?book=RUT&download=1", method: .get) { response in
        #expect(response.headers[.contentDisposition]?.contains("08RUTTestBible.usfm") == true)
      }
      try await client.execute(uri: "/api/keyit/bibles/1/export?download=1", method: .get) { response in
        #expect(response.headers[.contentType] == "application/zip")
        #expect(response.body.readableBytes > 1000)
        #expect(Array(Data(buffer: response.body).prefix(2)) == [0x50, 0x4B])
      }
    }
  }

  @Test func exportsUSXAsXMLAndRefusesUnknownFormats() async throws {
    let (app, store) = try await makeApp()
    let verse = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1).items[0].itemID!
    _ = try await store.setText(bibleID: nil, itemID: verse, text: "Tom & Jerry <3")
    try await app.test(.router) { client in
      try await client.execute(uri: "/api/keyit/bibles/1/export?book=RUT&chapter=1&format=usx", method: .get) {
        response in
        #expect(response.status == .ok)
        #expect(response.headers[.contentType] == "application/xml; charset=utf-8")
        #expect(response.text.hasPrefix("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<usx version=\"3.0\">"))
        #expect(response.text.contains(#"<verse number="1" style="v" sid="RUT 1:1"/>Tom &amp; Jerry &lt;3"#))
        #expect(response.headers[.contentDisposition] == nil)
      }
      try await client.execute(
        uri: "/api/keyit/bibles/1/export?book=RUT&chapter=2&format=usx&download=1", method: .get
      ) { response in
        #expect(response.headers[.contentDisposition]?.contains("08RUTTestBible-2.usx") == true)
      }
      try await client.execute(uri: "/api/keyit/bibles/1/export?format=usx&download=1", method: .get) { response in
        #expect(response.headers[.contentType] == "application/zip")
        #expect(response.headers[.contentDisposition]?.contains("TestBible-usx.zip") == true)
        let archive = Data(buffer: response.body)
        #expect(archive.range(of: Data("08RUTTestBible.usx".utf8)) != nil)
        #expect(archive.range(of: Data(".usfm".utf8)) == nil)
      }
      try await client.execute(uri: "/api/keyit/bibles/1/export?book=RUT&format=docx", method: .get) { response in
        #expect(response.status == .badRequest)
        #expect(response.error == "unknown export format \"docx\"; formats are: usfm, usx")
        #expect((try? response.decoded([String: String].self))?["field"] == "format")
      }
    }
  }

  @Test func refusedAndUnknownThingsGetJSONErrorsWithTheRightStatus() async throws {
    let (app, _) = try await makeApp()
    try await app.test(.router) { client in
      let chapter = try await client.execute(uri: "/api/keyit/bibles/1/books/RUT/chapters/1", method: .get) {
        try $0.decoded(ChapterJSON.self)
      }
      let verse = chapter.items[0].id
      let cases: [(String, HTTPRequest.Method, [String: Any], HTTPResponse.Status, String)] = [
        ("/api/keyit/bibles/1/items/\(verse)/actions/delete", .post, [:], .unprocessableContent, "not allowed"),
        ("/api/keyit/bibles/1/items/\(verse)/actions/explode", .post, [:], .unprocessableContent, "unknown action"),
        ("/api/keyit/bibles/1/items/999999/text", .put, ["text": "x"], .notFound, "no item with id 999999"),
        (
          "/api/keyit/bibles/1/items/\(verse)/actions/insertParagraphIn", .post, ["offset": 99], .unprocessableContent,
          "outside the text"
        ),
        ("/api/keyit/bibles/1/items/\(verse)/text", .put, ["words": "x"], .badRequest, "text"),
      ]
      for (uri, method, body, status, message) in cases {
        try await client.execute(uri: uri, method: method, headers: sameOrigin, body: json(body)) { response in
          #expect(response.status == status, "\(uri)")
          #expect(response.error?.contains(message) == true, "\(uri)")
        }
      }
      try await client.execute(uri: "/api/keyit/bibles/1/books/RUT/chapters/5", method: .get) { response in
        #expect(response.status == .notFound)
        #expect(response.error == "RUT has no chapter 5; chapters are 1–4")
      }
      let after = try await client.execute(uri: "/api/keyit/bibles/1/books/RUT/chapters/1", method: .get) {
        try $0.decoded(ChapterJSON.self)
      }
      #expect(after.items.map(\.id) == chapter.items.map(\.id), "refused actions changed nothing")
    }
  }

  @Test func changingTheVersificationMovesTextOrNamesTheVersesThatStopIt() async throws {
    let (app, store) = try await makeApp()
    let psalm = try await store.openChapter(bibleID: 1, code: "PSA", chapter: 3)
    _ = try await store.setText(bibleID: 1, itemID: psalm.items[0].itemID!, text: "A Psalm by David")
    try await app.test(.router) { client in
      let report = try await client.execute(
        uri: "/api/keyit/bibles/1/versification", method: .put, headers: sameOrigin,
        body: json(["versification": "org"])
      ) { response in
        #expect(response.status == .ok)
        return try response.decoded(VersificationChangeReport.self)
      }
      #expect(report.from == .kjv && report.to == .original && report.moved == ["PSA 3:0 → PSA 3:1"])
      let letter = try await store.openChapter(bibleID: 1, code: "3JN", chapter: 1)
      _ = try await store.setText(bibleID: 1, itemID: letter.items.last!.itemID!, text: "Peace be to you.")
      try await client.execute(
        uri: "/api/keyit/bibles/1/versification", method: .put, headers: sameOrigin,
        body: json(["versification": "kjv"])
      ) { response in
        #expect(response.status == .conflict)
        #expect(response.error?.contains("3JN 1:15") == true)
      }
      try await client.execute(
        uri: "/api/keyit/bibles/1/versification", method: .put, headers: sameOrigin, body: json(["versification": "x"])
      ) { #expect($0.status == .badRequest) }
      #expect(try await store.bible(1).versification == .original, "refused changes changed nothing")

      // The setup page's form says what moved, or what stops it.
      let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .origin: "http://localhost"]
      try await client.execute(
        uri: "/keyit/bibles/1/versification", method: .post, headers: form,
        body: ByteBuffer(string: "versification=kjv")
      ) { response in
        #expect(response.status == .conflict)
        #expect(
          response.text.contains("role=\"alert\"") && response.text.contains("3JN 1:15 (King James has no 3JN 1:15)"))
      }
      try await client.execute(
        uri: "/keyit/bibles/1/versification", method: .post, headers: form,
        body: ByteBuffer(string: "versification=eng")
      ) { response in
        #expect(response.status == .ok)
        #expect(
          response.text.contains(
            "Verses are now numbered as in English. 1 typed verse changed its number: PSA 3:1 → PSA 3:0"))
        #expect(response.text.contains("<option value=\"eng\" selected>"))
      }
    }
  }

  @Test func crossOriginWritesAreRejected() async throws {
    let (app, store) = try await makeApp()
    let verse = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1).items[0].itemID!
    try await app.test(.router) { client in
      let foreign: HTTPFields = [.contentType: "application/json", .origin: "http://evil.example"]
      try await client.execute(
        uri: "/api/keyit/bibles/1/items/\(verse)/text", method: .put, headers: foreign, body: json(["text": "x"])
      ) {
        #expect($0.status == .forbidden)
      }
      let crossSite: HTTPFields = [
        .contentType: "application/x-www-form-urlencoded", HTTPField.Name("Sec-Fetch-Site")!: "cross-site",
      ]
      try await client.execute(
        uri: "/keyit/bibles", method: .post, headers: crossSite, body: ByteBuffer(string: "name=x&bookNames=en")
      ) {
        #expect($0.status == .forbidden)
      }
      try await client.execute(
        uri: "/api/keyit/bibles/1/items/\(verse)/text", method: .put, headers: sameOrigin, body: json(["text": "ok"])
      ) {
        #expect($0.status == .ok)
      }
    }
    #expect(try await store.bibles().count == 1)
    #expect(try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1).items[0].itemText == "ok")
  }

  @Test func importReportsOrRefusesWithFileAndLine() async throws {
    let (app, store) = try await makeApp()
    try await app.test(.router) { client in
      let good = "\\id 3JN\n\\c 1\n\\p\n\\v 1 The elder\n"
      try await client.execute(
        uri: "/api/keyit/bibles/1/import", method: .post, headers: sameOrigin,
        body: json(["files": [["name": "3jn.usfm", "text": good]]])
      ) { response in
        #expect(response.status == .ok)
        #expect(response.text.contains("\"versesWithText\":1"))
      }
      try await client.execute(
        uri: "/api/keyit/bibles/1/import", method: .post, headers: sameOrigin,
        body: json([
          "files": [
            ["name": "ok.usfm", "text": good.replacingOccurrences(of: "elder", with: "CHANGED")],
            ["name": "bad.usfm", "text": "\\id RUT\n\\c 9\n"],
          ]
        ])
      ) { response in
        #expect(response.status == .unprocessableContent)
        #expect(response.error == "bad.usfm:2:1: RUT has no chapter \"9\"; chapters are 1–4")
      }
    }
    #expect(try await store.exportBook(bibleID: nil, code: "3JN").contains("\\v 1 The elder"))
  }

  @Test func bodiesOverTheLimitAreRefused() async throws {
    let (app, _) = try await makeApp()
    try await app.test(.router) { client in
      let huge = String(repeating: "a", count: KeyItRoutes.maxImport + 1)
      try await client.execute(
        uri: "/api/keyit/bibles/1/import", method: .post, headers: sameOrigin,
        body: json(["files": [["name": "big.usfm", "text": huge]]])
      ) { #expect($0.status == .contentTooLarge) }
    }
  }

  @Test func accessTokenIsCheckedOnEveryRequest() async throws {
    let (app, _) = try await makeApp(token: "s3cret")
    try await app.test(.router) { client in
      try await client.execute(uri: "/keyit/books", method: .get) { #expect($0.status == .unauthorized) }
      try await client.execute(uri: "/api/keyit/bibles", method: .get) { #expect($0.status == .unauthorized) }
      try await client.execute(uri: "/keyit/books?token=wrong", method: .get) { #expect($0.status == .unauthorized) }
      try await client.execute(uri: "/keyit/books?token=s3cret", method: .get) { response in
        #expect(response.status == .seeOther)
        #expect(response.headers[.location] == "/keyit/books")
        #expect(response.headers[.setCookie]?.contains("scriptorium_token=s3cret") == true)
        #expect(response.headers[.setCookie]?.contains("HttpOnly") == true)
      }
      try await client.execute(
        uri: "/keyit/bibles/1/books", method: .get, headers: [.cookie: "scriptorium_token=s3cret"]
      ) {
        #expect($0.status == .ok)
      }
      try await client.execute(uri: "/api/keyit/bibles", method: .get, headers: [.authorization: "Bearer s3cret"]) {
        #expect($0.status == .ok)
      }
    }
  }

  @Test func tokenIsGeneratedBeyondLoopbackOnly() {
    #expect(ServerSettings(host: "127.0.0.1", port: 1, token: nil).token == nil)
    #expect(ServerSettings(host: "0.0.0.0", port: 1, token: nil).token?.count == 24)
    #expect(ServerSettings(host: "0.0.0.0", port: 1, token: "mine").token == "mine")
  }

  /// A save on a full disk answers 507 with words that say so (here in Welsh too), not SQLite's
  /// own, and saves nothing; the command line prints the same words.
  @Test func aSaveOnAFullDiskSaysSoAndSavesNothing() async throws {
    let (app, store) = try await makeApp()
    let verse = try #require(try await store.chapter(bibleID: nil, code: "RUT", chapter: 1).items.first)
    try await store.writer.writeWithoutTransaction { db in
      let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
      try db.execute(sql: "PRAGMA max_page_count = \(pages)")
    }
    try await app.test(.router) { client in
      for (language, words) in [("en", "the disk is full"), ("cy", "mae’r ddisg yn llawn")] {
        try await client.execute(
          uri: "/api/keyit/bibles/1/items/\(verse.itemID!)/text", method: .put,
          headers: sameOrigin + [.acceptLanguage: language],
          body: json(["text": String(repeating: "dŵr ", count: 5000)])
        ) { response in
          #expect(response.status.code == 507)
          #expect(String(buffer: response.body).contains(words))
        }
      }
    }
    #expect(try await store.chapter(bibleID: nil, code: "RUT", chapter: 1).items.first?.itemText == "")
    let full = DatabaseError(resultCode: .SQLITE_FULL, message: "database or disk is full")
    #expect(
      interfaceWords(for: full, localizer: Translations.bundled.localizer("en"))?.hasPrefix("the disk is full") == true)
  }
}
