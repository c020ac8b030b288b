import AppSupport
import Foundation
import GRDB

/// Tags: counts, renaming and deleting (a tag's pairs stay).
extension PhrasebookStore {
  /// Every tag with its number of pairs, by name.
  public func tags(in phrasebook: String? = nil) async throws -> [(name: String, pairs: Int)] {
    try await writer.read { db in
      let book = try Self.phrasebook(db, phrasebook)
      let order = PairOrder(book)
      return try Row.fetchAll(
        db,
        sql:
          "SELECT name, (SELECT COUNT(*) FROM PairTags WHERE tagID = Tags.id) AS pairs FROM Tags WHERE phrasebookID = ?",
        arguments: [book.id]
      ).map { ($0["name"] as String, $0["pairs"] as Int) }
        .sorted { order.firstLanguagePrecedes($0.name, $1.name) }
    }
  }

  /// Renames a tag everywhere it is used.
  public func renameTag(_ name: String, to newName: String, in phrasebook: String? = nil) async throws {
    let newName = try Self.clean(newName, field: .tagName)
    guard tagNames([newName]) == [newName] else { throw PhrasebookError.badTagName(newName) }
    try await writer.write { db in
      let book = try Self.phrasebook(db, phrasebook)
      let id = try Self.tagID(db, book: book, name: name)
      guard (try? Self.tagID(db, book: book, name: newName)) == nil else { throw PhrasebookError.duplicateTag(newName) }
      try db.execute(sql: "UPDATE Tags SET name = ? WHERE id = ?", arguments: [newName, id])
    }
  }

  /// Deletes a tag; its pairs stay.
  public func deleteTag(_ name: String, in phrasebook: String? = nil) async throws {
    try await writer.write { db in
      let book = try Self.phrasebook(db, phrasebook)
      let id = try Self.tagID(db, book: book, name: name)
      try db.execute(sql: "DELETE FROM Tags WHERE id = ?", arguments: [id])
    }
  }
}
