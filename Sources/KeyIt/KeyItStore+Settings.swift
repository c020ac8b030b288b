import AppSupport
import Foundation
import GRDB

/// A Bible's name and book-name list travel with its log: every device shows the latest of them
/// (by clock) that it can show. Its versification is fixed once shared.
extension KeyItStore {
  /// Logs the Bible's name and book-name list when either changed since `old`, in the caller's transaction.
  static func logSettings(_ db: Database, old: Bible, new: Bible, wallMillis: Int64) throws {
    guard old.name != new.name || old.bookNames != new.bookNames else { return }
    try log(db, bible: new, KeyItChange(kind: .settings, bible: new.sharedSpec), wallMillis: wallMillis)
  }

  /// Gives the Bible the latest name and the latest book-name list of its log. A name this device
  /// would refuse or a list it does not ship is passed over for the one before, so every device
  /// settles on the same values.
  static func applyLoggedSettings(_ db: Database, bible: inout Bible) throws {
    var name: String?
    var list: (String, [Int: String])?
    for payload in try String.fetchAll(
      db.cachedStatement(
        sql: "SELECT payload FROM KeyItChanges WHERE bibleID = ? AND chapterKey IS NULL AND refused IS NULL "
          + "ORDER BY clock DESC"),
      arguments: [bible.bibleID])
    {
      guard let spec = try? KeyItChange(json: payload).bible else { continue }
      if name == nil, forbiddenControlCharacter(in: spec.name) == nil, !spec.name.trimmed.isEmpty {
        name = spec.name.trimmed.nfc
      }
      if list == nil, let names = try? BookCatalog.names(list: spec.bookNames) { list = (spec.bookNames, names) }
      if name != nil, list != nil { break }
    }
    if let name { bible.name = name }
    if let (bookNames, names) = list, bookNames != bible.bookNames {
      try setBookNames(db, bibleID: bible.bibleID!, names)
      bible.bookNames = bookNames
    }
    try bible.update(db)
  }

  /// Renames every book of a Bible from a name list.
  static func setBookNames(_ db: Database, bibleID: Int64, _ names: [Int: String]) throws {
    for (number, bookName) in names {
      try db.execute(
        sql: "UPDATE Books SET bookName = ? WHERE bibleID = ? AND bookID = ?", arguments: [bookName, bibleID, number])
    }
  }
}
