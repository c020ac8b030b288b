import Foundation
import Hummingbird
import Phrasebook

/// Phrasebook's pages under `/phrasebook`: the alphabetical list with search and the add/edit
/// form, and revision. `?book=NAME` picks the phrasebook; the scripts use the JSON API.
struct PhrasebookPages: Sendable {
  let store: PhrasebookStore
  let pages: Pages

  /// What every Phrasebook page shows: the phrasebooks, the chosen one, its settings for scripts.
  /// Stored properties only: templates read values through reflection.
  struct View {
    let title: String
    let phrasebook = true
    let books: [BookOption]
    let current: Phrasebook?
    let settings: String
    let hasAreas: Bool
    let areas: [AreaOption]
    /// `?book=NAME`, the name percent-encoded, for links to the other Phrasebook pages.
    let bookQuery: String
    /// `book=NAME`, percent-encoded, for joining to a query that has other parameters.
    let bookParameter: String

    init(title: String, books: [BookOption], current: Phrasebook?, settings: String) {
      self.title = title
      self.books = books
      self.current = current
      self.settings = settings
      let areas = current?.areas ?? []
      hasAreas = !areas.isEmpty
      self.areas = areas.map { AreaOption(name: $0, checked: $0 == current?.defaultArea) }
      let encoded = current.map { $0.name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "" }
      bookParameter = encoded.map { "book=" + $0 } ?? ""
      bookQuery = encoded.map { "?book=" + $0 } ?? ""
    }
  }
  struct AreaOption {
    let name: String
    let checked: Bool
  }
  struct BookOption {
    let name: String
    let selected: Bool
  }

  func register(on group: RouterGroup<BasicRequestContext>) {
    group.get { request, _ in try await render("phrasebook-list", title: "Phrasebook", request) }
    group.get("revision") { request, _ in try await render("phrasebook-revision", title: "Revision", request) }
    group.get("tagged") { request, _ in try await render("phrasebook-tagged", title: "Tagged", request) }
    group.get("games") { request, _ in try await render("phrasebook-games", title: "Games", request) }
    group.get("word") { request, _ in try await render("phrasebook-word", title: "Word", request) }
    group.get("import") { request, _ in try await render("phrasebook-import", title: "Import and export", request) }
  }

  private func render(_ template: String, title: String, _ request: Request) async throws -> Response {
    let books = try await store.phrasebooks()
    let wanted = request.uri.queryParameters.get("book").flatMap { $0.isEmpty ? nil : $0 }
    let current: Phrasebook? = books.isEmpty ? nil : try await store.phrasebook(wanted)
    let settings = try embeddedJSON(current)
    return try pages.render(
      current == nil ? "phrasebook-new" : template,
      View(
        title: current.map { "\(title) · \($0.name)" } ?? "Phrasebook",
        books: books.map { BookOption(name: $0.name, selected: $0.id == current?.id) }, current: current,
        settings: settings))
  }
}
