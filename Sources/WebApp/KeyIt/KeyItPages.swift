import Foundation
import Hummingbird
import KeyIt

/// Key It's pages under `/keyit`: setup, books, chapters, the edit screen and export. Forms post
/// here; the edit and export screens' scripts use the JSON API.
struct KeyItPages: Sendable {
  let store: KeyItStore
  let pages: Pages

  struct SetupForm: Decodable {
    let name: String
    let bookNames: String
    let goStraight: String?
  }
  struct NewBibleForm: Decodable {
    let name: String
    let bookNames: String
    let frenchPsalms: String?
  }

  func register(on group: RouterGroup<BasicRequestContext>) {
    group.get { _, _ in
      guard let bible = try await store.currentBible(), bible.goStraight else { return redirect("/keyit/setup") }
      return try await resume(bible)
    }
    group.get("go") { _, _ in
      guard let bible = try await store.currentBible() else { return redirect("/keyit/setup") }
      return try await resume(bible)
    }
    group.get("setup") { _, _ in try await setupPage(error: nil) }
    group.post("setup") { request, context in
      let form = try await URLEncodedFormDecoder().decode(SetupForm.self, from: request, context: context)
      guard let bible = try await store.currentBible() else { return redirect("/keyit/setup") }
      do {
        _ = try await store.updateSetup(
          bible.bibleID!, name: form.name, bookNames: form.bookNames, goStraight: form.goStraight != nil)
      } catch let error as KeyItError {
        return try await setupPage(error: error.description, status: .unprocessableContent)
      }
      return redirect("/keyit/go")
    }
    group.post("bibles") { request, context in
      let form = try await URLEncodedFormDecoder().decode(NewBibleForm.self, from: request, context: context)
      do {
        _ = try await store.createBible(
          name: form.name, frenchPsalms: form.frenchPsalms != nil, bookNames: form.bookNames)
      } catch let error as KeyItError {
        return try await setupPage(error: error.description, status: .unprocessableContent)
      }
      return redirect("/keyit/books")
    }
    group.post("bibles/:id/select") { _, context in
      _ = try await store.selectBible(try context.parameters.require("id", as: Int64.self))
      return redirect("/keyit/go")
    }
    group.get("books") { _, _ in
      let bible = try await store.bible(nil)
      let books = try await store.books(bibleID: nil)
      return try pages.render("keyit-books", BooksView(bible: bible, books: books))
    }
    group.get("books/:code") { _, context in
      let (book, chapters) = try await store.openBook(bibleID: nil, code: try context.parameters.require("code"))
      return try pages.render("keyit-chapters", ChaptersView(book: book, chapters: chapters))
    }
    group.get("books/:code/:number") { _, context in
      let content = try await store.openChapter(
        bibleID: nil, code: try context.parameters.require("code"),
        chapter: try context.parameters.require("number", as: Int.self))
      return try pages.render("keyit-edit", try EditView(content: content))
    }
    group.get("export") { _, _ in
      let bible = try await store.bible(nil)
      let books = try await store.books(bibleID: nil)
      return try pages.render("keyit-export", ExportView(bible: bible, books: books.map(\.book)))
    }
  }

  /// Where the user left off: the current book's current chapter, else its chapters, else the books.
  private func resume(_ bible: Bible) async throws -> Response {
    guard let spec = store.catalog.book(number: bible.currBook) else { return redirect("/keyit/books") }
    let (book, _) = try await store.openBook(bibleID: bible.bibleID, code: spec.code)
    return redirect(
      book.currChapter > 0 ? "/keyit/books/\(spec.code)/\(book.currChapter)" : "/keyit/books/\(spec.code)")
  }

  private func setupPage(error: String?, status: HTTPResponse.Status = .ok) async throws -> Response {
    let current = try await store.currentBible()
    let bibles = try await store.bibles().map { BibleView($0, current: current?.bibleID) }
    return try pages.render("keyit-setup", SetupView(current: current, bibles: bibles, error: error), status: status)
  }
}

/// A redirect after a form post or to where the user left off.
func redirect(_ path: String) -> Response {
  Response(status: .seeOther, headers: [.location: path])
}
