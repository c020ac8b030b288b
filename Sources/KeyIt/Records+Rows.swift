import GRDB

// Written out rather than derived from Codable: GRDB's Codable path copies each row and matches
// column names case-insensitively for every field, which was most of a whole-Bible export's time
// (and, for the Bible and its chapter, a fifth of an autosave's; for the book, a tenth of importing
// a file again).
extension Bible {
  /// Reads a Bible from a `Bibles` row; an unknown versification is an error naming it.
  public init(row: Row) throws {
    let versification: String = row["versification"]
    guard let known = Versification(rawValue: versification) else {
      throw DatabaseError(message: "Bibles.versification has an unknown value: \(versification)")
    }
    self.init(
      bibleID: row["bibleID"], name: row["name"], bookRecsCreated: row["bookRecsCreated"], currBook: row["currBook"],
      frenchPsalms: row["frenchPsalms"], bookNames: row["bookNames"], goStraight: row["goStraight"],
      versification: known, uid: row["uid"])
  }
}

extension Book {
  /// Reads a book from a `Books` row.
  public init(row: Row) throws {
    self.init(
      bibleID: row["bibleID"], bookID: row["bookID"], bookCode: row["bookCode"], bookName: row["bookName"],
      chapRecsCreated: row["chapRecsCreated"], numChaps: row["numChaps"], currChapter: row["currChapter"],
      usfmHeader: row["usfmHeader"])
  }
}

extension Chapter {
  /// Reads a chapter from a `Chapters` row.
  public init(row: Row) throws {
    self.init(
      chapterID: row["chapterID"], bibleID: row["bibleID"], bookID: row["bookID"], chapterNumber: row["chapterNumber"],
      itemRecsCreated: row["itemRecsCreated"], numVerses: row["numVerses"], numItems: row["numItems"],
      currItem: row["currItem"], usfmHeader: row["usfmHeader"], uid: row["uid"])
  }
}

extension VerseItem {
  /// Reads an item from a `VerseItems` row; an unknown item type is an error naming it.
  public init(row: Row) throws {
    try self.init(
      itemID: row["itemID"], chapterID: row["chapterID"], verseNumber: row["verseNumber"], type: row["itemType"],
      itemOrder: row["itemOrder"], itemText: row["itemText"], intSeq: row["intSeq"],
      isStartOfBridge: row["isStartOfBridge"], lastVsOfBridge: row["lastVsOfBridge"], marker: row["marker"],
      revision: row["revision"], uid: row["uid"])
  }

  /// The row's columns. The text id must be in the form rows store (`TextID.stored`): a row that
  /// held an id under a chapter's whole would be the same item twice to the unique index.
  public func encode(to container: inout PersistenceContainer) throws {
    guard TextID.isStoredForm(uid) else {
      throw DatabaseError(message: "VerseItems.uid must be stored from its chapter's id on: \(uid)")
    }
    container["itemID"] = itemID
    container["chapterID"] = chapterID
    container["verseNumber"] = verseNumber
    container["itemType"] = itemType.rawValue
    container["itemOrder"] = itemOrder
    container["itemText"] = itemText
    container["intSeq"] = intSeq
    container["isStartOfBridge"] = isStartOfBridge
    container["lastVsOfBridge"] = lastVsOfBridge
    container["marker"] = marker
    container["revision"] = revision
    container["uid"] = uid
  }

  /// The item as its row stores it, its text id from its chapter's on (`TextID.stored`).
  func stored(chapterUID: String) -> VerseItem {
    var row = self
    row.uid = TextID.stored(uid, chapter: chapterUID)
    return row
  }

  /// The item as read from its row, its text id whole again.
  func whole(chapterUID: String) -> VerseItem {
    var item = self
    item.uid = TextID.whole(uid, chapter: chapterUID)
    return item
  }

  /// Inserts the item into the chapter whose id is `chapterUID`, and keeps its new row id.
  mutating func insert(_ db: Database, chapterUID: String) throws {
    var row = stored(chapterUID: chapterUID)
    try row.insert(db)
    itemID = row.itemID
  }

  /// Writes the item over its row in the chapter whose id is `chapterUID`.
  func update(_ db: Database, chapterUID: String) throws { try stored(chapterUID: chapterUID).update(db) }

  /// A chapter's items in printed order, as the `VerseItems_printedOrder` index holds them (the
  /// text id as rows store it breaks ties, the same on every device).
  static let printedOrder = "itemOrder, intSeq, uid"

  /// The `SELECT` list `ExportedItemRows` reads, in its order: what an export writes from.
  static let exportSelection =
    "itemID, chapterID, verseNumber, itemType, itemOrder, itemText, intSeq, isStartOfBridge, lastVsOfBridge, marker"

  /// Every column, in the order `init(selected:)` reads them.
  static let fullSelection = exportSelection + ", revision, uid"

  /// Reads an item from a row that begins with the columns of `fullSelection`, by position.
  init(selected row: Row) throws {
    try self.init(
      itemID: row[0], chapterID: row[1], verseNumber: row[2], type: row[3], itemOrder: row[4], itemText: row[5],
      intSeq: row[6], isStartOfBridge: row[7], lastVsOfBridge: row[8], marker: row[9], revision: row[10],
      uid: row[11])
  }

  /// An item from its stored columns; an unknown item type is an error naming it.
  init(
    itemID: Int64?, chapterID: Int64, verseNumber: Int, type: String, itemOrder: Int, itemText: String, intSeq: Int,
    isStartOfBridge: Bool, lastVsOfBridge: Int, marker: String?, revision: Int, uid: String
  ) throws {
    guard let itemType = ItemType.stored(type) else {
      throw DatabaseError(message: "VerseItems.itemType has an unknown value: \(type)")
    }
    self.itemID = itemID
    self.chapterID = chapterID
    self.verseNumber = verseNumber
    self.itemType = itemType
    self.itemOrder = itemOrder
    self.itemText = itemText
    self.intSeq = intSeq
    self.isStartOfBridge = isStartOfBridge
    self.lastVsOfBridge = lastVsOfBridge
    self.marker = marker
    self.revision = revision
    self.uid = uid
  }
}
