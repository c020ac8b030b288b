import GRDB

/// Chapters' items in printed order, read by one pass over the whole `VerseItems` table instead
/// of through the `VerseItems_printedOrder` index. Walking the index looks every item up in the
/// table again: for a whole Bible's 40,000 items that took 27 ms in the `sqlite3` CLI, the table
/// read straight through 9 ms. The pass also reads other Bibles' items (and skips them), so it
/// pays only when the chapters asked for hold a good share of the table: see `pays`.
enum PrintedItemsScan {
  /// Whether a pass over the table beats the index for `chapters` of the `opened` chapters that
  /// have items in the whole database: when they are at least a third of them (an item skipped
  /// costs about a third of one looked up through the index).
  static func pays(chapters: Int, opened: Int) -> Bool { chapters * 3 >= opened }

  /// The items of `chapters` (chapter ids, none twice), in the same order, each chapter's in
  /// printed order: the order of the index (`itemOrder`, `intSeq`, then the text id's bytes), the
  /// text ids read only for items that tie on the first two. Items are read as
  /// `ExportedItemRows` reads them.
  static func items(_ db: Database, chapters: [Int64]) throws -> [[VerseItem]] {
    let slots = Dictionary(uniqueKeysWithValues: chapters.enumerated().map { ($1, $0) })
    var items = [[VerseItem]](repeating: [], count: chapters.count)
    try ExportedItemRows(db, sql: "SELECT \(VerseItem.exportSelection) FROM VerseItems").forEach { row in
      guard let slot = slots[row.chapterID] else { return }
      items[slot].append(try row.item())
    }
    var tied: [Int64] = []
    for slot in items.indices {
      items[slot].sort { ($0.itemOrder, $0.intSeq) < ($1.itemOrder, $1.intSeq) }
      for (item, next) in zip(items[slot], items[slot].dropFirst())
      where (item.itemOrder, item.intSeq) == (next.itemOrder, next.intSeq) {
        tied += [item.itemID!, next.itemID!]
      }
    }
    guard !tied.isEmpty else { return items }
    let uids = try Dictionary(
      Row.fetchAll(
        db, sql: "SELECT itemID, uid FROM VerseItems WHERE itemID IN (\(tied.map(String.init).joined(separator: ",")))"
      ).map { ($0[0] as Int64, Array(($0[1] as String).utf8)) }, uniquingKeysWith: { first, _ in first })
    for slot in items.indices where items[slot].contains(where: { uids[$0.itemID!] != nil }) {
      items[slot].sort {
        guard ($0.itemOrder, $0.intSeq) == ($1.itemOrder, $1.intSeq) else {
          return ($0.itemOrder, $0.intSeq) < ($1.itemOrder, $1.intSeq)
        }
        return (uids[$0.itemID!] ?? []).lexicographicallyPrecedes(uids[$1.itemID!] ?? [])
      }
    }
    return items
  }
}
