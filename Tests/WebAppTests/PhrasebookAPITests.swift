import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Phrasebook
import Testing

@testable import WebApp

@Suite struct PhrasebookAPITests {
  struct Page: Decodable {
    struct Entry: Decodable {
      struct Pair: Decodable {
        let id: Int64
        let wordOne: String
        let wordTwo: String
        let area: String
      }
      let pair: Pair
      let tags: [String]
    }
    let total: Int
    let pairs: [Entry]
  }

  @Test func aNewDataFolderOffersToCreateAPhrasebook() async throws {
    let (app, _) = try await makePhrasebookApp(welsh: false)
    try await app.test(.router) { client in
      try await client.execute(uri: "/api/phrasebook/pairs", method: .get) { response in
        #expect(response.status == .conflict && response.error?.contains("no phrasebook yet") == true)
      }
      try await client.execute(
        uri: "/api/phrasebook/books", method: .post, headers: sameOrigin,
        body: json(["name": "Cymraeg", "languages": "en:English,cy:Welsh"])
      ) { response in
        #expect(response.status == .created && response.text.contains("\"North\""))
      }
      try await client.execute(
        uri: "/api/phrasebook/books", method: .post, headers: sameOrigin,
        body: json(["name": "Cymraeg", "languages": "en:English,cy:Welsh"])
      ) { response in
        #expect(response.status == .conflict)
      }
    }
  }

  @Test func thePickerNamesLanguagesInTheInterfaceLanguage() async throws {
    let (app, _) = try await makePhrasebookApp(welsh: false)
    try await app.test(.router) { client in
      for (language, welsh) in [("fr", "gallois"), ("sw", "Kiwelisi"), ("tpi", "Welsh"), ("en", "Welsh")] {
        try await client.execute(
          uri: "/api/phrasebook/languages", method: .get, headers: [.acceptLanguage: language]
        ) { response in
          let names = try JSONDecoder().decode([LanguageName].self, from: Data(response.text.utf8))
          #expect(names.first { $0.code == "cy" }?.name == welsh, "\(language)")
          #expect(names.first { $0.code == "cy" }?.native == "Cymraeg")
        }
      }
    }
  }

  @Test func addSearchLinksTagsAndDelete() async throws {
    let (app, _) = try await makePhrasebookApp()
    try await app.test(.router) { client in
      for (one, two, area, tags) in [
        ("water", "dŵr", "Both", ["nature", "drinks"]), ("now", "rŵan", "North", ["time"]),
        ("now", "nawr", "South", []),
      ] {
        try await client.execute(
          uri: "/api/phrasebook/pairs", method: .post, headers: sameOrigin,
          body: json(["wordOne": one, "wordTwo": two, "area": area, "tags": tags])
        ) { #expect($0.status == .created) }
      }
      try await client.execute(
        uri: "/api/phrasebook/pairs", method: .post, headers: sameOrigin,
        body: json(["wordOne": "now", "wordTwo": "nawr", "note": "South Wales"])
      ) { response in
        #expect(response.status == .ok && response.text.contains("\"created\":false"))
      }
      let found = try await client.execute(uri: "/api/phrasebook/pairs?q=dwr", method: .get) {
        try $0.decoded(Page.self)
      }
      #expect(found.total == 1 && found.pairs[0].pair.wordTwo == "dŵr" && found.pairs[0].tags == ["drinks", "nature"])
      let all = try await client.execute(uri: "/api/phrasebook/pairs?limit=2&offset=1", method: .get) {
        try $0.decoded(Page.self)
      }
      #expect(all.total == 3 && all.pairs.map(\.pair.wordTwo) == ["rŵan", "dŵr"])
      try await client.execute(uri: "/api/phrasebook/links?word=now", method: .get) { response in
        #expect(response.text.contains("nawr") && response.text.contains("rŵan"))
      }
      try await client.execute(uri: "/api/phrasebook/tags", method: .get) { response in
        #expect(response.text.contains(#"{"name":"time","pairs":1}"#))
      }
      try await client.execute(
        uri: "/api/phrasebook/pairs/\(found.pairs[0].pair.id)", method: .delete, headers: sameOrigin
      ) { #expect($0.status == .noContent) }
      try await client.execute(
        uri: "/api/phrasebook/pairs/\(found.pairs[0].pair.id)", method: .delete, headers: sameOrigin
      ) { #expect($0.status == .notFound) }
    }
  }

  /// Search ahead answers each next key with what that key's own search answers, words with
  /// markup kept as text; a limit past the screen's rows is refused.
  @Test func searchAheadAnswersTheNextKeysAsTheirOwnSearches() async throws {
    struct Ahead: Decodable {
      struct Next: Decodable {
        let key: String
        let page: Page
      }
      let query: String
      let next: [Next]
    }
    let (app, _) = try await makePhrasebookApp()
    try await app.test(.router) { client in
      for (one, two) in [("water", "dŵr"), ("now", "nawr"), ("<img src=x onerror=alert(1)>", "drwg")] {
        try await client.execute(
          uri: "/api/phrasebook/pairs", method: .post, headers: sameOrigin,
          body: json(["wordOne": one, "wordTwo": two])
        ) { #expect($0.status == .created) }
      }
      let ahead = try await client.execute(uri: "/api/phrasebook/search-ahead?q=d&limit=2", method: .get) {
        try $0.decoded(Ahead.self)
      }
      #expect(ahead.query == "d" && ahead.next.map(\.key) == ["r", "w", "ŵ", "ẁ", "ẅ"])
      for next in ahead.next {
        let own = try await client.execute(
          uri: "/api/phrasebook/pairs?q=d\(next.key)&limit=2", method: .get
        ) { try $0.decoded(Page.self) }
        #expect(next.page.total == own.total && next.page.pairs.map(\.pair.id) == own.pairs.map(\.pair.id))
      }
      #expect(ahead.next[0].page.pairs.map(\.pair.wordOne) == ["<img src=x onerror=alert(1)>"])
      try await client.execute(uri: "/api/phrasebook/search-ahead?q=", method: .get) { response in
        #expect(response.status == .ok)
        let keys = try response.decoded(Ahead.self).next.map(\.key)
        // The words' first letters, then Welsh's accented forms of them.
        #expect(keys.prefix(9) == ["1", "a", "d", "i", "n", "o", "s", "w", "x"], "\(keys)")
        #expect(keys.count == 24 && keys.dropFirst(9).allSatisfy { !$0.allSatisfy(\.isASCII) }, "\(keys)")
      }
      for limit in ["0", "31", "-1", "lots"] {
        try await client.execute(uri: "/api/phrasebook/search-ahead?q=d&limit=\(limit)", method: .get) { response in
          #expect(response.status == .badRequest && response.text.contains("limit"), "\(limit)")
        }
      }
    }
  }

  @Test func badInputGetsAClearErrorAndChangesNothing() async throws {
    let (app, store) = try await makePhrasebookApp()
    try await app.test(.router) { client in
      let cases: [(String, [String: Any], HTTPResponse.Status, String)] = [
        ("/api/phrasebook/pairs", ["wordOne": "x", "wordTwo": " "], .unprocessableContent, "the second word is blank"),
        (
          "/api/phrasebook/pairs", ["wordOne": "x", "wordTwo": "y", "area": "East"], .unprocessableContent,
          "unknown area"
        ),
        (
          "/api/phrasebook/pairs", ["wordOne": "x", "wordTwo": "y", "imageURL": "javascript:alert(1)"],
          .unprocessableContent, "http"
        ),
        ("/api/phrasebook/pairs", ["word": "x"], .badRequest, "wordOne"),
        (
          "/api/phrasebook/pairs/1/reviews", ["direction": "forward", "rating": "good"], .notFound, "no pair with id 1"
        ),
      ]
      for (uri, body, status, message) in cases {
        try await client.execute(uri: uri, method: .post, headers: sameOrigin, body: json(body)) { response in
          #expect(response.status == status, "\(uri) \(body)")
          #expect(response.error?.contains(message) == true, "\(uri): \(response.error ?? "")")
        }
      }
      try await client.execute(
        uri: "/api/phrasebook/pairs", method: .post,
        headers: [.contentType: "application/json", .origin: "http://evil.example"],
        body: json(["wordOne": "x", "wordTwo": "y"])
      ) { #expect($0.status == .forbidden) }
      try await client.execute(uri: "/api/phrasebook/pairs?limit=-1", method: .get) {
        #expect($0.status == .badRequest)
      }
      try await client.execute(uri: "/api/phrasebook/revision?direction=sideways", method: .get) {
        #expect($0.status == .badRequest)
      }
    }
    #expect(try await store.pairs().isEmpty)
  }

  /// A refused pair names the form field it is about, so the page can show the message beside it.
  @Test func aRefusedPairNamesItsField() async throws {
    let (app, _) = try await makePhrasebookApp()
    try await app.test(.router) { client in
      for (body, field) in [
        (["wordOne": "a\u{0}b", "wordTwo": "x"], "wordOne"), (["wordOne": "x", "wordTwo": " "], "wordTwo"),
        (["wordOne": "x", "wordTwo": "y", "note": "\u{1B}"], "note"),
        (["wordOne": "x", "wordTwo": "y", "area": "East"], "area"),
        (["wordOne": "x", "wordTwo": "y", "imageURL": "ftp://x"], "imageURL"),
      ] as [([String: String], String)] {
        try await client.execute(uri: "/api/phrasebook/pairs", method: .post, headers: sameOrigin, body: json(body)) {
          #expect($0.status == .unprocessableContent)
          #expect((try? $0.decoded([String: String].self))?["field"] == field, "\(body)")
        }
      }
    }
  }

  @Test func revisionSessionsAndReviewsKeepTheSchedule() async throws {
    let (app, store) = try await makePhrasebookApp()
    let (pair, _) = try await store.save(PairInput(wordOne: "water", wordTwo: "dŵr"))
    try await app.test(.router) { client in
      try await client.execute(uri: "/api/phrasebook/revision?direction=reverse", method: .get) { response in
        #expect(response.text.contains("\"direction\":\"reverse\"") && !response.text.contains("\"forward\""))
      }
      try await client.execute(
        uri: "/api/phrasebook/pairs/\(pair.pair.id!)/reviews", method: .post, headers: sameOrigin,
        body: json(["direction": "forward", "rating": "easy"])
      ) { response in
        #expect(response.status == .created && response.text.contains("\"state\":2"))
      }
      try await client.execute(uri: "/api/phrasebook/due", method: .get) { response in
        #expect(response.text.contains(#"{"direction":"forward","due":0,"new":0}"#))
      }
      try await client.execute(
        uri: "/api/phrasebook/pairs/\(pair.pair.id!)/reviews", method: .post, headers: sameOrigin,
        body: json(["direction": "forward", "rating": "perfect"])
      ) { #expect($0.status == .badRequest) }
    }
    #expect(try await store.reviews(pairID: pair.pair.id!, direction: .forward).count == 1)
  }

  @Test func importReportsRowsAndExportDownloadsEachFormat() async throws {
    let (app, _) = try await makePhrasebookApp()
    try await app.test(.router) { client in
      let file = #"[{"wordone": "cat", "wordtwo": "cath", "tag": "animals"}, {"wordone": "", "wordtwo": "x"}]"#
      try await client.execute(
        uri: "/api/phrasebook/import?format=json", method: .post, headers: sameOrigin,
        body: ByteBuffer(string: file)
      ) { response in
        #expect(response.status == .ok && response.text.contains("wordone is blank") && response.text.contains("cath"))
      }
      try await client.execute(
        uri: "/api/phrasebook/import?format=json", method: .post, headers: sameOrigin, body: ByteBuffer(string: "[{")
      ) { response in
        #expect(response.status == .unprocessableContent && response.error?.contains("malformed JSON") == true)
      }
      try await client.execute(
        uri: "/api/phrasebook/import?format=xml", method: .post, headers: sameOrigin, body: ByteBuffer(string: "<a/>")
      ) { #expect($0.status == .badRequest) }
      for (format, type) in [
        ("json", "application/json"), ("csv", "text/csv; charset=utf-8"), ("apkg", "application/octet-stream"),
      ] {
        try await client.execute(uri: "/api/phrasebook/export?format=\(format)", method: .get) { response in
          #expect(response.headers[.contentType] == type)
          #expect(response.headers[.contentDisposition]?.contains("Cymraeg.\(format)") == true)
          #expect(response.body.readableBytes > 20)
        }
      }
    }
  }

  @Test func gamesArePlayedThroughTheCoreRules() async throws {
    let (app, store) = try await makePhrasebookApp()
    try await app.test(.router) { client in
      try await client.execute(uri: "/api/phrasebook/games/translation", method: .get) { response in
        #expect(response.status == .unprocessableContent && response.error?.contains("at least 4 pairs") == true)
      }
    }
    for (one, two) in [("dog", "ci"), ("cat", "cath"), ("house", "tŷ"), ("water", "dŵr")] {
      _ = try await store.save(PairInput(wordOne: one, wordTwo: two))
    }
    try await app.test(.router) { client in
      let started = try await client.execute(uri: "/api/phrasebook/games/translation?direction=reverse", method: .get) {
        try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as! [String: Any]
      }
      let game = started["game"] as! [String: Any]
      let first = (game["questions"] as! [[String: Any]])[0]
      try await client.execute(
        uri: "/api/phrasebook/games/translation/answer", method: .post, headers: sameOrigin,
        body: json(["game": game, "choice": first["answerIndex"] as! Int])
      ) { response in
        #expect(response.text.contains("\"correct\":true") && response.text.contains("\"score\":1"))
      }
      try await client.execute(
        uri: "/api/phrasebook/games/translation/answer", method: .post, headers: sameOrigin,
        body: json(["game": game, "choice": 7])
      ) { response in
        #expect(response.status == .unprocessableContent && response.error?.contains("choose 1 to 4") == true)
      }
      let hangman = try await client.execute(uri: "/api/phrasebook/games/hangman", method: .get) {
        try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as! [String: Any]
      }
      #expect((hangman["status"] as? String) == "playing" && (hangman["livesLeft"] as? Int) == 7)
      try await client.execute(
        uri: "/api/phrasebook/games/hangman/guess", method: .post, headers: sameOrigin,
        body: json(["game": hangman["game"]!, "letter": "ab"])
      ) { response in
        #expect(response.status == .unprocessableContent && response.error?.contains("one letter") == true)
      }
      try await client.execute(
        uri: "/api/phrasebook/games/hangman/guess", method: .post, headers: sameOrigin,
        body: json(["game": hangman["game"]!, "letter": "q"])
      ) { response in
        #expect(response.text.contains("\"livesLeft\":6"))
      }
    }
  }

  @Test func aURLImportIsAJobThatReportsItsFailure() async throws {
    let (app, store) = try await makePhrasebookApp()
    try await app.test(.router) { client in
      let id = try await client.execute(
        uri: "/api/phrasebook/import-url", method: .post, headers: sameOrigin,
        body: json(["url": "http://127.0.0.1:9/words.json"])
      ) { response in
        #expect(response.status == .accepted)
        return try response.decoded([String: String].self)["id"]!
      }
      var state = "downloading"
      var text = ""
      for _ in 0..<100 where state == "downloading" {
        try await Task.sleep(for: .milliseconds(50))
        text = try await client.execute(uri: "/api/phrasebook/import-url/\(id)", method: .get) { $0.text }
        state = (try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any])["state"] as! String
      }
      #expect(
        state == "failed" && text.contains("127.0.0.1 is a loopback address") && !text.contains("could not reach"))
      try await client.execute(uri: "/api/phrasebook/import-url/nope", method: .get) { #expect($0.status == .notFound) }
      try await client.execute(uri: "/api/phrasebook/import-url/nope", method: .delete, headers: sameOrigin) {
        #expect($0.status == .notFound)
      }
    }
    #expect(try await store.pairs().isEmpty)
  }

  /// Polls an import-from-URL job until it stops downloading; its status JSON.
  func finishedImport(_ client: some TestClientProtocol, url: String, format: String? = nil) async throws -> String {
    var body: [String: Any] = ["url": url]
    if let format { body["format"] = format }
    let id = try await client.execute(
      uri: "/api/phrasebook/import-url", method: .post, headers: sameOrigin, body: json(body)
    ) { try $0.decoded([String: String].self)["id"]! }
    for _ in 0..<100 {
      let text = try await client.execute(uri: "/api/phrasebook/import-url/\(id)", method: .get) { $0.text }
      if !text.contains("\"downloading\"") && !text.contains("\"importing\"") { return text }
      try await Task.sleep(for: .milliseconds(50))
    }
    return ""
  }

  @Test func allowedHostsAreASettingAndAnImportErrorNeverEchoesTheFetchedContent() async throws {
    let site = Router()
    site.get("/secret.txt") { _, _ in "SECRET-HEADER,x\n" }
    let siteApp = Application(router: site, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    let (app, store) = try await makePhrasebookApp()
    try await siteApp.test(.live) { siteClient in
      let url = "http://127.0.0.1:\(siteClient.port!)/secret.txt"
      try await app.test(.router) { client in
        #expect(try await finishedImport(client, url: url, format: "csv").contains("loopback address"))
        try await client.execute(
          uri: "/api/phrasebook/settings", method: .put, headers: sameOrigin,
          body: json(["allowedHosts": ["127.0.0.1:8080"]])
        ) { response in
          #expect(response.status == .unprocessableContent && response.error?.contains("not a host name") == true)
        }
        try await client.execute(
          uri: "/api/phrasebook/settings", method: .put, headers: sameOrigin,
          body: json(["allowedHosts": [" 127.0.0.1 ", "[FD00::1]"]])
        ) { response in
          #expect(
            response.status == .ok && response.text == #"{"allowedHosts":["127.0.0.1","fd00::1"],"newCardsPerDay":20}"#)
        }
        try await client.execute(uri: "/api/phrasebook/settings", method: .get) { response in
          #expect(response.text == #"{"allowedHosts":["127.0.0.1","fd00::1"],"newCardsPerDay":20}"#)
        }
        try await client.execute(
          uri: "/api/phrasebook/settings", method: .put, headers: sameOrigin,
          body: json(["newCardsPerDay": 10_000, "allowedHosts": ["nas.local"]])
        ) { response in
          #expect(response.status == .unprocessableContent && response.error?.contains("0 to 9999") == true)
        }
        try await client.execute(
          uri: "/api/phrasebook/settings", method: .put, headers: sameOrigin, body: json(["newCardsPerDay": 5])
        ) { response in
          #expect(response.text == #"{"allowedHosts":["127.0.0.1","fd00::1"],"newCardsPerDay":5}"#, "hosts kept")
        }
        let failed = try await finishedImport(client, url: url, format: "csv")
        #expect(failed.contains("\"failed\"") && failed.contains("lacks wordone and wordtwo"))
        #expect(!failed.contains("SECRET"), "the error never echoes what the server sent")
      }
    }
    #expect(try await store.pairs().isEmpty)
  }

  @Test func hostileGameStatesAreRefusedWith422AndTheServerLivesOn() async throws {
    let (app, store) = try await makePhrasebookApp()
    for (one, two) in [("dog", "ci"), ("cat", "cath"), ("house", "tŷ"), ("water", "dŵr")] {
      _ = try await store.save(PairInput(wordOne: one, wordTwo: two))
    }
    try await app.test(.router) { client in
      let started = try await client.execute(uri: "/api/phrasebook/games/translation", method: .get) {
        try JSONSerialization.jsonObject(with: Data(buffer: $0.body)) as! [String: Any]
      }
      var game = started["game"] as! [String: Any]
      var questions = game["questions"] as! [[String: Any]]
      questions[0]["answerIndex"] = 99
      let badAnswer = ["questions": questions, "chosen": []] as [String: Any]
      game["chosen"] = [Int.min]
      var hangman: [String: Any] = ["word": "cath", "clue": "cat", "lives": Int.min, "guesses": ["z"], "misses": ["z"]]
      let bodies: [(String, [String: Any])] = [
        ("translation/answer", ["game": badAnswer, "choice": 0]),
        ("translation/answer", ["game": started["game"]!, "choice": Int.max]),
        ("translation/answer", ["game": game, "choice": 0]),
        ("hangman/guess", ["game": hangman, "letter": "a"]),
      ]
      hangman["lives"] = 7
      hangman["word"] = String(repeating: "ab", count: 50_000)
      for (path, body) in bodies + [("hangman/guess", ["game": hangman, "letter": "a"])] {
        try await client.execute(
          uri: "/api/phrasebook/games/\(path)", method: .post, headers: sameOrigin, body: json(body)
        ) { response in
          #expect(response.status == .unprocessableContent)
          #expect(
            response.error?.contains("not one this server") == true || response.error?.contains("choose 1 to 4") == true
          )
        }
      }
      try await client.execute(uri: "/api/phrasebook/games/hangman", method: .get) { #expect($0.status == .ok) }
    }
  }

  @Test func picturesAreCheckedStoredAndServed() async throws {
    let (app, store) = try await makePhrasebookApp()
    let (pair, _) = try await store.save(PairInput(wordOne: "water", wordTwo: "dŵr"))
    let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3, 4])
    try await app.test(.router) { client in
      try await client.execute(
        uri: "/api/phrasebook/pairs/\(pair.pair.id!)/image", method: .post, headers: sameOrigin,
        body: ByteBuffer(string: "<svg onload=alert(1)>")
      ) { response in
        #expect(response.status == .unprocessableContent && response.error?.contains("PNG, JPEG, GIF or WebP") == true)
      }
      let name = try await client.execute(
        uri: "/api/phrasebook/pairs/\(pair.pair.id!)/image", method: .post, headers: sameOrigin,
        body: ByteBuffer(data: png)
      ) { response in
        #expect(response.status == .ok)
        return try response.decoded(Page.Entry.self).pair.id
      }
      #expect(name == pair.pair.id)
      let image = try await store.pair(id: pair.pair.id!).pair.image
      #expect(image.hasSuffix(".png"))
      try await client.execute(uri: "/api/phrasebook/media/\(image)", method: .get) { response in
        #expect(response.headers[.contentType] == "image/png" && Data(buffer: response.body) == png)
      }
      for bad in ["..%2Fphrasebook.sqlite", ".hidden", "missing.png"] {
        try await client.execute(uri: "/api/phrasebook/media/\(bad)", method: .get) {
          #expect([.notFound, .badRequest].contains($0.status), "\(bad)")
          #expect(!$0.text.contains("SQLite"))
        }
      }
      try await client.execute(uri: "/api/phrasebook/pairs/\(pair.pair.id!)", method: .get) { response in
        #expect(response.text.contains(image))
      }
      try await client.execute(uri: "/api/phrasebook/pairs/424242", method: .get) { #expect($0.status == .notFound) }
    }
  }

  @Test func theLetterIndexGivesWhereALetterStartsInTheLanguagesAlphabet() async throws {
    let (app, store) = try await makePhrasebookApp(welsh: false)
    _ = try await store.createPhrasebook(name: "Geiriau", languages: "cy:Welsh,en:English")
    for word in ["llan", "lon", "ach", "cath", "chwaer", "dydd"] {
      _ = try await store.save(PairInput(wordOne: word, wordTwo: "x"))
    }
    try await app.test(.router) { client in
      for (letter, offset) in [("a", 0), ("c", 1), ("ch", 2), ("l", 4), ("ll", 5), ("z", 6)] {
        try await client.execute(uri: "/api/phrasebook/index?letter=\(letter)", method: .get) { response in
          #expect(response.text == #"{"offset":\#(offset)}"#, "\(letter)")
        }
      }
      try await client.execute(uri: "/api/phrasebook/index", method: .get) { #expect($0.status == .badRequest) }
      try await client.execute(uri: "/api/phrasebook/books", method: .get) { response in
        #expect(response.text.contains("\"Geiriau\""))
      }
    }
  }

  @Test func pageLinksCarryTheBookNamePercentEncoded() async throws {
    let (app, store) = try await makePhrasebookApp(welsh: false)
    _ = try await store.createPhrasebook(name: "Food & Drink #1", languages: "en:English,cy:Welsh")
    try await app.test(.router) { client in
      try await client.execute(uri: "/phrasebook/import?book=Food%20%26%20Drink%20%231", method: .get) { response in
        #expect(response.text.contains("/api/phrasebook/export?format=csv&amp;book=Food%20%26%20Drink%20%231"))
        #expect(response.text.contains("/phrasebook/tagged?book=Food%20%26%20Drink%20%231"))
      }
    }
  }
}
