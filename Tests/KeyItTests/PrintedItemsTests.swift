import GRDB
import TestSupport
import Testing

@testable import KeyIt

/// `PrintedItems.scan` reads chapters' items in the order the printed-order index gives them.
@Suite struct PrintedItemsTests {
  /// Items of several chapters added in a random order, many tied on `itemOrder` and `intSeq`,
  /// with text ids that differ only in bytes past ASCII; some chapters are not asked for. Each
  /// chapter asked for comes back as `ORDER BY itemOrder, intSeq, uid` lists it.
  @Test(arguments: [1, 2, 3, 4]) func chaptersComeBackInTheIndexsOrder(seed: UInt64) async throws {
    let store = try KeyItStore.inMemory()
    _ = try await store.createBible(name: "Scan Bible")
    var random = SeededGenerator(seed: seed)
    var chapterIDs: [Int64] = []
    for number in 1...6 {
      chapterIDs.append(
        try await store.openChapter(bibleID: nil, code: "RUT", chapter: min(number, 4)).chapter.chapterID!)
    }
    chapterIDs = Array(Set(chapterIDs)).shuffled(using: &random)
    let uidParts = ["a", "B", "é", "e\u{301}", "ŵ", "z", "", "あ"]
    let rows: [StatementArguments] = (0..<300).map { _ in
      [
        chapterIDs.randomElement(using: &random)!, Int.random(in: 90...110, using: &random),
        "text \(Int.random(in: 0...999, using: &random))", Int.random(in: -1...1, using: &random),
        (0..<3).map { _ in uidParts.randomElement(using: &random)! }.joined()
          + String(Int.random(in: 0...1_000_000, using: &random)),
      ]
    }
    try await store.writer.write { db in
      for arguments in rows {
        try db.execute(
          sql: """
            INSERT INTO VerseItems (chapterID, verseNumber, itemType, itemOrder, itemText, intSeq, uid)
            VALUES (?, 1, 'Heading', ?, ?, ?, ?)
            """, arguments: arguments)
      }
    }
    let asked = Array(chapterIDs.prefix(2))
    #expect(chapterIDs.count == 4)
    let (scanned, indexed) = try await store.writer.read { db in
      (
        try PrintedItems.scan(db, chapters: asked),
        try asked.map { chapter in
          try Int64.fetchAll(
            db,
            sql: "SELECT itemID FROM VerseItems WHERE chapterID = ? ORDER BY \(VerseItem.printedOrder)",
            arguments: [chapter])
        }
      )
    }
    #expect(scanned.map { $0.map(\.itemID!) } == indexed)
    #expect(scanned.allSatisfy { items in items.allSatisfy { $0.uid.isEmpty && $0.revision == 0 } })
    #expect(zip(asked, scanned).allSatisfy { chapter, items in items.allSatisfy { $0.chapterID == chapter } })
  }

  @Test func aPassPaysForAThirdOfTheOpenedChaptersOrMore() {
    #expect(PrintedItems.scanPays(chapters: 1189, opened: 1189))
    #expect(PrintedItems.scanPays(chapters: 1, opened: 3))
    #expect(!PrintedItems.scanPays(chapters: 1, opened: 4))
  }

  /// Items stored already in printed order are not sorted again (`inPlaceOrder`), yet items tied on
  /// `itemOrder` and `intSeq` still come back in the order of their text ids' bytes, here the
  /// reverse of the order they were stored in.
  @Test func itemsStoredInOrderStillBreakTiesByTextID() async throws {
    let store = try KeyItStore.inMemory()
    _ = try await store.createBible(name: "Scan Bible")
    let chapter = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1).chapter.chapterID!
    let uids = ["z", "é", "e\u{301}", "B", "a"]
    try await store.writer.write { db in
      for (order, uid) in [(5_000, "solo")] + uids.map({ (6_000, $0) }) + [(7_000, "last")] {
        try db.execute(
          sql: """
            INSERT INTO VerseItems (chapterID, verseNumber, itemType, itemOrder, itemText, intSeq, uid)
            VALUES (?, 1, 'Heading', ?, '', 0, ?)
            """, arguments: [chapter, order, uid])
      }
    }
    let (scanned, indexed) = try await store.writer.read { db in
      (
        try PrintedItems.scan(db, chapters: [chapter]),
        try Int64.fetchAll(
          db, sql: "SELECT itemID FROM VerseItems WHERE chapterID = ? ORDER BY \(VerseItem.printedOrder)",
          arguments: [chapter])
      )
    }
    #expect(PrintedItems.inPlaceOrder(scanned[0]))
    #expect(scanned[0].map(\.itemID!) == indexed)
    let stored = try await store.writer.read { db in
      try Int64.fetchAll(
        db, sql: "SELECT itemID FROM VerseItems WHERE chapterID = ? ORDER BY itemID", arguments: [chapter])
    }
    #expect(stored != indexed)
  }

  @Test func inPlaceOrderComparesTheOrderThenTheSequence() {
    func items(_ places: [(Int, Int)]) -> [VerseItem] {
      places.map { place in
        var item = VerseItem(chapterID: 1, verseNumber: 1, itemType: .heading, intSeq: place.1)
        item.itemOrder = place.0
        return item
      }
    }
    #expect(PrintedItems.inPlaceOrder(items([])))
    #expect(PrintedItems.inPlaceOrder(items([(100, 0), (100, 0), (100, 1), (200, -1)])))
    #expect(!PrintedItems.inPlaceOrder(items([(100, 1), (100, 0)])))
    #expect(!PrintedItems.inPlaceOrder(items([(100, 0), (200, 0), (150, 5)])))
  }
}
