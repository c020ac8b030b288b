import GRDB

/// What a text save reads before it writes, read in one query (each query through GRDB costs a
/// text save more than SQLite's work for it): the item (its text id whole), its chapter's number and
/// current item, its Bible's ids and its book's code.
struct SaveTarget {
  var item: VerseItem
  var chapterNumber: Int
  var currentItem: Int64
  var bibleID: Int64
  var bibleUID: String
  var bookCode: String

  /// The item's columns, which `VerseItem(selected:)` reads first; the others follow them.
  private static let itemColumns = VerseItem.fullSelection.split(separator: ", ").map { "i.\($0)" }

  private static let query = """
    SELECT \(itemColumns.joined(separator: ", ")), c.chapterNumber, c.currItem, b.uid, c.uid,
      (SELECT bookCode FROM Books WHERE bibleID = c.bibleID AND bookID = c.bookID)
    FROM VerseItems i JOIN Chapters c ON c.chapterID = i.chapterID JOIN Bibles b ON b.bibleID = c.bibleID
    WHERE i.itemID = ? AND c.bibleID = ?
    """

  /// The item `itemID` of the Bible `bibleID` (nil: the current Bible, as `KeyItStore.bible` finds
  /// it); the same errors as reading them one by one when there is no such Bible or item.
  static func fetch(_ db: Database, bibleID: Int64?, itemID: Int64) throws -> SaveTarget {
    // Pages always name their Bible; only the command line leaves it to the store's own rule.
    let bibleID = try bibleID ?? KeyItStore.bible(db, nil).bibleID!
    guard let row = try Row.fetchOne(db.cachedStatement(sql: query), arguments: [itemID, bibleID]) else {
      _ = try KeyItStore.bible(db, bibleID)  // no such Bible: its own error
      throw KeyItError.unknownItem(id: itemID)
    }
    let rest = itemColumns.count
    return SaveTarget(
      item: try VerseItem(selected: row).whole(chapterUID: row[rest + 3]), chapterNumber: row[rest],
      currentItem: row[rest + 1], bibleID: bibleID, bibleUID: row[rest + 2], bookCode: row[rest + 4] ?? "")
  }
}
