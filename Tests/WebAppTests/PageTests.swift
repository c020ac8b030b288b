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
        #expect(response.headers[.location] == "/keyit/bibles/1/books")
      }
      let bible = try await store.bible(nil)
      #expect(bible.name == "Bibl Cymraeg" && bible.frenchPsalms && bible.bookNames == "fr")
      try await client.execute(uri: "/keyit/bibles/1/books", method: .get) { response in
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
      try await client.execute(uri: "/keyit", method: .get) {
        #expect($0.headers[.location] == "/keyit/bibles/1/books/RUT/3")
      }
      try await client.execute(
        uri: "/keyit/bibles/1/setup", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
        body: ByteBuffer(string: "name=Renamed&bookNames=sw")
      ) { #expect($0.headers[.location] == "/keyit/go") }
      try await client.execute(uri: "/keyit", method: .get) { #expect($0.headers[.location] == "/keyit/setup") }
      try await client.execute(uri: "/keyit/go", method: .get) {
        #expect($0.headers[.location] == "/keyit/bibles/1/books/RUT/3")
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
      try await client.execute(uri: "/keyit/bibles/1/books/psa", method: .get) { response in
        #expect(response.text.contains("choose a psalm"))
        #expect(response.text.contains("class=\"chapter started current\""))
        #expect(response.text.components(separatedBy: "data-status=\"empty\"").count - 1 == 149)
      }
      try await client.execute(uri: "/keyit/bibles/1/books/XYZ", method: .get) { response in
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
      try await client.execute(uri: "/keyit/bibles/1/books/RUT/1", method: .get) { response in
        #expect(response.status == .ok)
        #expect(!response.text.contains("<img src=x"))
        #expect(!response.text.contains("<b>Ruth</b>"))
        #expect(response.text.contains("&lt;b&gt;Ruth&lt;/b&gt;"))
        #expect(response.text.contains(#"\u003c\/script\u003e\u003cimg src=x"#))
      }
      try await client.execute(uri: "/keyit/bibles/1/books/RUT/9", method: .get) { #expect($0.status == .notFound) }
    }
  }

  @Test func noBibleYetIsAConflictForPagesThatNeedOne() async throws {
    let (app, _) = try await makeApp(bible: false)
    try await app.test(.router) { client in
      try await client.execute(uri: "/keyit/books", method: .get) { #expect($0.status == .conflict) }
      try await client.execute(uri: "/api/keyit/bibles/1/books/RUT/chapters/1", method: .get) { response in
        #expect(response.status == .notFound)
        #expect(response.error?.contains("no Bible") == true)
      }
    }
  }

  @Test func pagesNameTheirBibleSoAnotherTabSwitchingBibleChangesNothingHere() async throws {
    let (app, store) = try await makeApp()
    let first = try await store.chapter(bibleID: 1, code: "RUT", chapter: 1)
    let second = try await store.createBible(name: "Second")  // another tab: now the chosen Bible
    #expect(try await store.currentBible()?.bibleID == second.bibleID)
    try await app.test(.router) { client in
      try await client.execute(
        uri: "/api/keyit/bibles/1/items/\(first.items[0].itemID!)/text", method: .put, headers: sameOrigin,
        body: json(["text": "In the days"])
      ) { #expect($0.status == .ok) }
      try await client.execute(
        uri: "/api/keyit/bibles/\(second.bibleID!)/items/\(first.items[0].itemID!)/text", method: .put,
        headers: sameOrigin, body: json(["text": "wrong Bible"])
      ) { #expect($0.status == .notFound, "an item of Bible 1 is not Bible 2's") }
      try await client.execute(uri: "/keyit/books/RUT/1", method: .get) {
        #expect($0.status == .seeOther)
        #expect(
          $0.headers[.location] == "/keyit/bibles/\(second.bibleID!)/books/RUT/1", "old addresses: the chosen Bible")
      }
    }
    #expect(try await store.chapter(bibleID: 1, code: "RUT", chapter: 1).items[0].itemText == "In the days")
  }

  @Test func openingAPageOnlyReadsWhereYouLeftOffMovesByPost() async throws {
    let (app, store) = try await makeApp()
    try await app.test(.router) { client in
      try await client.execute(uri: "/keyit/bibles/1/books/RUT/2", method: .get) { #expect($0.status == .ok) }
      #expect(try await store.bible(1).currBook == 0, "a GET does not move where the user left off")
      try await client.execute(
        uri: "/api/keyit/bibles/1/position", method: .post, headers: sameOrigin,
        body: json(["book": "RUT", "chapter": 2])
      ) { #expect($0.status == .noContent) }
      try await client.execute(uri: "/keyit/go", method: .get) {
        #expect($0.headers[.location] == "/keyit/bibles/1/books/RUT/2")
      }
      try await client.execute(
        uri: "/api/keyit/bibles/1/position", method: .post, headers: sameOrigin,
        body: json(["book": "RUT", "chapter": 9])
      ) { #expect($0.status == .notFound) }
    }
  }

  @Test func aBibleIsMadeWithItsVersificationAndGetsItsOtherBooksAndNames() async throws {
    let (app, store) = try await makeApp(bible: false)
    let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
    try await app.test(.router) { client in
      try await client.execute(uri: "/keyit/setup", method: .get) { response in
        #expect(response.text.contains("value=\"org\"") && response.text.contains("a psalm&#39;s title is verse 1"))
      }
      try await client.execute(
        uri: "/keyit/bibles", method: .post, headers: form,
        body: ByteBuffer(string: "name=Vulgata&bookNames=en&versification=vul")
      ) { #expect($0.headers[.location] == "/keyit/bibles/1/books") }
      #expect(try await store.bible(1).versification == .vulgate)
      try await client.execute(uri: "/keyit/bibles/1/books", method: .get) { response in
        #expect(response.text.contains("Add a book") && response.text.contains(">Tobit<"))
      }
      try await client.execute(
        uri: "/keyit/bibles/1/books", method: .post, headers: form, body: ByteBuffer(string: "book=TOB")
      ) { #expect($0.headers[.location] == "/keyit/bibles/1/books/TOB") }
      try await client.execute(uri: "/keyit/bibles/1/books", method: .get) { response in
        #expect(response.text.contains("Other books") && response.text.contains("data-code=\"TOB\""))
      }
      try await client.execute(
        uri: "/keyit/bibles/1/books/TOB/name", method: .post, headers: form, body: ByteBuffer(string: "name=Tobie")
      ) { #expect($0.status == .seeOther) }
      #expect(try await store.books(bibleID: 1).last?.book.bookName == "Tobie")
      try await client.execute(
        uri: "/keyit/bibles", method: .post, headers: form,
        body: ByteBuffer(string: "name=X&bookNames=en&versification=zzz")
      ) { #expect($0.status == .badRequest) }
    }
  }
}
