import Foundation
import Phrasebook

/// What every Phrasebook page shows: the phrasebooks, the chosen one, and that one as JSON for the
/// page's script. Stored properties only: templates read values through reflection.
struct PhrasebookPage {
  struct AreaOption {
    let name: String
    let checked: Bool
  }
  struct BookOption {
    let name: String
    let selected: Bool
  }
  let title: String
  let phrasebook = true
  let books: [BookOption]
  let current: Phrasebook?
  /// The chosen phrasebook as `PhrasebookJSON`, for the page's script.
  let settings: String
  let hasAreas: Bool
  let areas: [AreaOption]
  /// `?book=NAME`, the name percent-encoded, for links to the other Phrasebook pages.
  let bookQuery: String
  /// `book=NAME`, percent-encoded, for joining to a query that has other parameters.
  let bookParameter: String

  init(title: String, books: [Phrasebook], current: Phrasebook?, speech: Speech) throws {
    self.title = current.map { "\(title) · \($0.name)" } ?? t("phrasebook.title.list")
    self.books = books.map { BookOption(name: $0.name, selected: $0.id == current?.id) }
    self.current = current
    settings = try embeddedJSON(current.map { PhrasebookJSON($0, speech: speech) })
    let areas = current?.areas ?? []
    hasAreas = !areas.isEmpty
    self.areas = areas.map { AreaOption(name: $0, checked: $0 == current?.defaultArea) }
    let encoded = current.map { $0.name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "" }
    bookParameter = encoded.map { "book=" + $0 } ?? ""
    bookQuery = encoded.map { "?book=" + $0 } ?? ""
  }
}
