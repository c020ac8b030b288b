import GRDB

// Written out rather than derived from Codable: GRDB's Codable path copies each row and matches
// column names case-insensitively for every field, which was most of a whole-Bible export's time.
extension VerseItem {
  /// Reads an item from a `VerseItems` row; an unknown item type is an error naming it.
  public init(row: Row) throws {
    let type: String = row["itemType"]
    guard let itemType = ItemType(rawValue: type) else {
      throw DatabaseError(message: "VerseItems.itemType has an unknown value: \(type)")
    }
    itemID = row["itemID"]
    chapterID = row["chapterID"]
    verseNumber = row["verseNumber"]
    self.itemType = itemType
    itemOrder = row["itemOrder"]
    itemText = row["itemText"]
    intSeq = row["intSeq"]
    isStartOfBridge = row["isStartOfBridge"]
    lastVsOfBridge = row["lastVsOfBridge"]
    marker = row["marker"]
    revision = row["revision"]
    uid = row["uid"]
  }
}
