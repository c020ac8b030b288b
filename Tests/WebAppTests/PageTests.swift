import Foundation
import Hummingbird
import HummingbirdTesting
import KeyIt
import Testing

@testable import WebApp

@Suite struct PageTests {
  @Test func homePageListsKeyIt() async throws {
    let (app, _) = try await makeApp()
    try await app.test(.router) { client in
      try await client.execute(uri: "/", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.contentType] == "text/html; charset=utf-8")
        #expect(response.text.contains("href=\"/keyit\""))
      }
      try await client.execute(uri: "/healthz", method: .get) { #expect($0.text == "ok") }
      try await client.execute(uri: "/static/style.css", method: .get) { #expect($0.status == .ok) }
      try await client.execute(uri: "/nowhere", method: .get) { #expect($0.status == .notFound) }
    }
  }

  @Test func firstStartGoesToSetupAndCreatingABibleGoesToBooks() async throws {
    let (app, store) = try await makeApp(bible: false)
    try await app.test(.router) { client in
      try await client.execute(uri: "/keyit", method: .get) { #expect($0.headers[.location] == "/keyit/setup") }
      try await client.execute(
        uri: "/keyit/bibles", method: .post,
        headers: [.contentType: "application/x-www-form-urlencoded"],
        body: ByteBuffer(string: "name=Bibl+Cymraeg&bookNames=fr&frenchPsalms=on")
      ) { response in
        #expect(response.status == .seeOther)
        #expect(response.headers[.location] == "/keyit/books")
      }
      let bible = try await store.bible(nil)
      #expect(bible.name == "Bibl Cymraeg" && bible.frenchPsalms && bible.bookNames == "fr")
      try await client.execute(uri: "/keyit/books", method: .get) { response in
        #expect(response.text.contains("Genèse"))
        #expect(response.text.contains("Old Testament") && response.text.contains("New Testament"))
      }
      try await client.execute(
        uri: "/keyit/bibles", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
        body: ByteBuffer(string: "name=+&bookNames=en")
      ) { response in
        #expect(response.status == .unprocessableContent)
        #expect(response.text.contains("the name is blank"))
      }
    }
  }

  @Test func resumeGoesToTheCurrentChapterUnlessSetupIsWanted() async throws {
    let (app, store) = try await makeApp()
    _ = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 3)
    try await app.test(.router) { client in
      try await client.execute(uri: "/keyit", method: .get) { #expect($0.headers[.location] == "/keyit/books/RUT/3") }
      try await client.execute(
        uri: "/keyit/setup", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
        body: ByteBuffer(string: "name=Renamed&bookNames=sw")
      ) { #expect($0.headers[.location] == "/keyit/go") }
      try await client.execute(uri: "/keyit", method: .get) { #expect($0.headers[.location] == "/keyit/setup") }
      try await client.execute(uri: "/keyit/go", method: .get) {
        #expect($0.headers[.location] == "/keyit/books/RUT/3")
      }
    }
    let bible = try await store.bible(nil)
    #expect(bible.name == "Renamed" && !bible.goStraight)
    #expect(try await store.openBook(bibleID: nil, code: "RUT").0.bookName == "Ruthu")
  }

  @Test func chaptersGridMarksStatusCurrentAndSaysPsalm() async throws {
    let (app, store) = try await makeApp()
    let psalm = try await store.openChapter(bibleID: nil, code: "PSA", chapter: 2)
    _ = try await store.setText(bibleID: nil, itemID: psalm.items[0].itemID!, text: "Why")
    try await app.test(.router) { client in
      try await client.execute(uri: "/keyit/books/psa", method: .get) { response in
        #expect(response.text.contains("choose a Psalm"))
        #expect(response.text.contains("class=\"chapter started current\""))
        #expect(response.text.components(separatedBy: "data-status=\"empty\"").count - 1 == 149)
      }
      try await client.execute(uri: "/keyit/books/XYZ", method: .get) { response in
        #expect(response.status == .notFound)
        #expect(response.text.contains("unknown book"))
      }
    }
  }

  @Test func editPageEmbedsTheChapterSafely() async throws {
    let (app, store) = try await makeApp()
    let ruth = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    _ = try await store.setText(
      bibleID: nil, itemID: ruth.items[0].itemID!, text: "</script><img src=x onerror=alert(1)>")
    _ = try await store.renameBook(bibleID: nil, code: "RUT", to: "<b>Ruth</b>")
    try await app.test(.router) { client in
      try await client.execute(uri: "/keyit/books/RUT/1", method: .get) { response in
        #expect(response.status == .ok)
        #expect(!response.text.contains("<img src=x"))
        #expect(!response.text.contains("<b>Ruth</b>"))
        #expect(response.text.contains("&lt;b&gt;Ruth&lt;/b&gt;"))
        #expect(response.text.contains(#"\u003c\/script\u003e\u003cimg src=x"#))
      }
      try await client.execute(uri: "/keyit/books/RUT/9", method: .get) { #expect($0.status == .notFound) }
    }
  }

  @Test func noBibleYetIsAConflictForPagesThatNeedOne() async throws {
    let (app, _) = try await makeApp(bible: false)
    try await app.test(.router) { client in
      try await client.execute(uri: "/keyit/books", method: .get) { #expect($0.status == .conflict) }
      try await client.execute(uri: "/api/keyit/books/RUT/chapters/1", method: .get) { response in
        #expect(response.status == .conflict)
        #expect(response.error?.contains("no Bible") == true)
      }
    }
  }
}
