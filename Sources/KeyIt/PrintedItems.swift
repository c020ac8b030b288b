import GRDB

/// Chapters' items in printed order, read whichever way costs less. Through the
/// `VerseItems_printedOrder` index every item is looked up in the table again: for a whole Bible's
/// 40,000 items that took 27 ms in the `sqlite3` CLI, against 9 ms to read the table straight
/// through. A pass over the table also reads other Bibles' items (and skips them), so it is taken
/// only when the chapters asked for hold a good share of the table: see `scanPays`.
enum PrintedItems {
  /// Hands `each` the items of every chapter of `chapters` (chapter ids) that has any, chapter by
  /// chapter in ascending id order, each in printed order, read as `ExportedItemRows` reads them.
  static func forEachChapter(_ db: Database, chapters: [Int64], _ each: (Int64, [VerseItem]) throws -> Void) throws {
    let chapters = chapters.sorted()
    let opened = try Int.fetchOne(db, sql: "SELECT count(*) FROM Chapters WHERE itemRecsCreated") ?? 0
    guard scanPays(chapters: chapters.count, opened: opened) else {
      return try throughTheIndex(db, chapters: chapters, each)
    }
    for (chapter, items) in zip(chapters, try scan(db, chapters: chapters)) where !items.isEmpty {
      try each(chapter, items)
    }
  }

  /// Whether a pass over the table beats the index for `chapters` of the `opened` chapters that
  /// have items in the whole database: when they are at least a third of them (an item skipped
  /// costs about a third of one looked up through the index).
  static func scanPays(chapters: Int, opened: Int) -> Bool { chapters * 3 >= opened }

  /// The items through the printed-order index, each chapter handed on as its rows end.
  static func throughTheIndex(_ db: Database, chapters: [Int64], _ each: (Int64, [VerseItem]) throws -> Void) throws {
    let rows = try ExportedItemRows(
      db,
      sql: """
        SELECT \(VerseItem.exportSelection) FROM VerseItems
        WHERE chapterID IN (\(chapters.map(String.init).joined(separator: ",")))
        ORDER BY chapterID, \(VerseItem.printedOrder)
        """)
    var run: [VerseItem] = []
    try rows.forEach { row in
      let item = try row.item()
      if let last = run.last, last.chapterID != item.chapterID {
        try each(last.chapterID, run)
        run = []
      }
      run.append(item)
    }
    if let last = run.last { try each(last.chapterID, run) }
  }

  /// The items of `chapters` (chapter ids, none twice), in the same order, each chapter's in
  /// printed order, by one pass over the table: sorted by `itemOrder` and `intSeq`, then, as the
  /// index breaks ties, by the bytes of the text id as rows store it, read only for the items that tie.
  static func scan(_ db: Database, chapters: [Int64]) throws -> [[VerseItem]] {
    let slots = Dictionary(uniqueKeysWithValues: chapters.enumerated().map { ($1, $0) })
    var items = [[VerseItem]](repeating: [], count: chapters.count)
    try ExportedItemRows(db, sql: "SELECT \(VerseItem.exportSelection) FROM VerseItems").forEach { row in
      guard let slot = slots[row.chapterID] else { return }
      items[slot].append(try row.item())
    }
    let place = { (item: VerseItem) in (item.itemOrder, item.intSeq) }
    var tied: Set<Int64> = []
    for slot in items.indices {
      // Items are mostly stored in printed order: sorted only when they are not (sorting items in
      // order was a fifth of a whole Bible's read, each item moved through a copy of itself).
      if !inPlaceOrder(items[slot]) { items[slot].sort { place($0) < place($1) } }
      let chapter = items[slot]
      for index in chapter.indices.dropFirst()
      where Self.place(in: chapter, at: index - 1) == Self.place(in: chapter, at: index) {
        tied.formUnion([chapter[index - 1].itemID!, chapter[index].itemID!])
      }
    }
    guard !tied.isEmpty else { return items }
    let uids = try Dictionary(
      uniqueKeysWithValues: Row.fetchAll(
        db, sql: "SELECT itemID, uid FROM VerseItems WHERE itemID IN (\(tied.map(String.init).joined(separator: ",")))"
      ).map { ($0[0] as Int64, Array(($0[1] as String).utf8)) })
    for slot in items.indices where items[slot].contains(where: { tied.contains($0.itemID!) }) {
      items[slot].sort {
        place($0) != place($1)
          ? place($0) < place($1) : (uids[$0.itemID!] ?? []).lexicographicallyPrecedes(uids[$1.itemID!] ?? [])
      }
    }
    return items
  }

  /// Whether `items` are in printed order by `itemOrder` and `intSeq` (ties allowed).
  static func inPlaceOrder(_ items: [VerseItem]) -> Bool {
    items.indices.dropFirst().allSatisfy { place(in: items, at: $0 - 1) <= place(in: items, at: $0) }
  }

  /// The place of `items[index]`, read in the array (iterating items copies each of them).
  private static func place(in items: [VerseItem], at index: Int) -> (Int, Int) {
    (items[index].itemOrder, items[index].intSeq)
  }
}
