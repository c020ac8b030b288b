import GRDB
import SyncLog
import TestSupport
import Testing

@testable import KeyIt

@Suite struct ChangeLogTests {
  @Test func everyBibleChapterAndItemHasATextIDAndTheDeviceOne() async throws {
    let (store, bible) = try await storeWithBible()
    let content = try await store.chapter(bibleID: nil, code: "GEN", chapter: 1)
    #expect(bible.uid.count == 36)
    #expect(content.chapter.uid == "\(bible.uid)/GEN.1")
    #expect(content.items.allSatisfy { !$0.uid.isEmpty })
    #expect(Set(content.items.map(\.uid)).count == content.items.count)
    let device = try await store.device()
    #expect(try await store.device() == device)
    #expect(try await store.heads(bibleUID: bible.uid)[device.device] == 1)
  }

  @Test func eachEditIsOneChangeWithTheNextCounter() async throws {
    let (store, bible) = try await storeWithBible()
    let content = try await store.chapter(bibleID: nil, code: "GEN", chapter: 1)
    try await store.type([1: "In the beginning", 2: "And the earth"], in: content)
    try await store.perform(.bridgeNext, on: content.item(.verse, verse: 1))
    let device = try await store.device().device
    let changes = try await store.changes(bibleUID: bible.uid, after: SyncHeads(), limit: 100)
    #expect(changes.map(\.counter) == [1, 2, 3, 4])
    #expect(changes.allSatisfy { $0.device == device })
    #expect(zip(changes, changes.dropFirst()).allSatisfy { $0.clock < $1.clock })
  }

  /// An import logs each chapter it replaces, in every file, with the next counter and a later
  /// reading of the clock, and leaves the clock at its last reading: with the wall clock standing
  /// still, an edit after it is still later than all of them.
  @Test func anImportLogsEachChapterWithTheNextCounterAndLeavesTheClockPastThem() async throws {
    let store = try KeyItStore.inMemory(now: { 1_800_000_000_000 })
    let bible = try await store.createBible(name: "Test Bible")
    let files = ["09-RUTeng-web.usfm", "94-3JNeng-web.usfm"]
    _ = try await store.importUSFM(try files.map { ($0, try fixture("usfm/\($0)")) }, bibleID: nil)
    let content = try await store.chapter(bibleID: nil, code: "RUT", chapter: 2)
    try await store.type([1: "Naomi had a relative"], in: content)
    let changes = try await store.changes(bibleUID: bible.uid, after: SyncHeads(), limit: 100)
    // The Bible, Ruth's four chapters, 3 John's one, the edit.
    #expect(changes.map(\.counter) == Array(1...7))
    #expect(zip(changes, changes.dropFirst()).allSatisfy { $0.clock < $1.clock })
    #expect(try await store.device().clock == changes.last?.clock)
  }

  /// Random edit sequences on one device: replaying the log always gives exactly the tables.
  @Test(arguments: 0..<40) func rebuildingFromTheLogGivesTheTables(seed: UInt64) async throws {
    var random = SeededGenerator(mixing: seed)
    let (store, bible) = try await storeWithBible()
    let editor = SimEditor(store: store, bibleID: bible.bibleID!)
    for step in 0..<25 { _ = try await editor.randomEdit(&random, word: "w\(step)") }
    #expect(try await store.chaptersDifferingFromLog(bibleUID: bible.uid) == [])
  }

  @Test func aBibleMadeBeforeTextIDsGetsThemAndItsLog() async throws {
    let queue = try DatabaseQueue()
    try KeyItMigrations.migrator.migrate(queue, upTo: "v6: the USFM lines after an imported chapter's \\c")
    try await queue.write { db in
      try db.execute(sql: "INSERT INTO Bibles (name, bookRecsCreated) VALUES ('Old', 1)")
      try db.execute(
        sql:
          "INSERT INTO Books (bibleID, bookID, bookCode, bookName, chapRecsCreated, numChaps) VALUES (1, 41, 'MAT', 'Matthew', 1, 28)"
      )
      for chapter in 1...2 {
        try db.execute(
          sql: "INSERT INTO Chapters (bibleID, bookID, chapterNumber, itemRecsCreated, numVerses, numItems) "
            + "VALUES (1, 41, ?, 1, ?, 4)", arguments: [chapter, chapter == 1 ? 25 : 23])
      }
      // Both chapters have a verse 2: their ids differ only in the chapter's part.
      for (chapter, verse, type, order, text) in [
        (1, 1, "Verse", 100, "The book"), (1, 2, "Heading", 190, "Jesus"), (1, 2, "Verse", 200, "Abraham"),
        (1, 3, "Verse", 300, ""), (2, 2, "Verse", 200, "Where is he"),
      ] {
        try db.execute(
          sql: "INSERT INTO VerseItems (chapterID, verseNumber, itemType, itemOrder, itemText) VALUES (?, ?, ?, ?, ?)",
          arguments: [chapter, verse, type, order, text])
      }
    }
    let store = try KeyItStore(writer: queue, checkpointer: nil)
    let bible = try #require(try await store.bibles().first)
    #expect(bible.uid.count == 36)
    let content = try await store.chapter(bibleID: nil, code: "MAT", chapter: 1)
    #expect(content.item(.verse, verse: 2)?.uid == "\(bible.uid)/MAT.1/v2")
    #expect(content.items.map(\.itemText) == ["The book", "Jesus", "Abraham", ""])
    let second = try await store.chapter(bibleID: nil, code: "MAT", chapter: 2)
    #expect(second.item(.verse, verse: 2)?.uid == "\(bible.uid)/MAT.2/v2")
    #expect(try await store.chaptersDifferingFromLog(bibleUID: bible.uid) == [])
    // Another device that fetches the log has the same Bible.
    let other = try KeyItStore.inMemory()
    try await other.applyRemote(
      try await store.changes(bibleUID: bible.uid, after: SyncHeads(), limit: 100), bibleUID: bible.uid)
    #expect(try await other.teamSnapshot(bibleUID: bible.uid) == store.teamSnapshot(bibleUID: bible.uid))
  }

  @Test func itemIDsStoredWholeAreStoredFromTheirChaptersIDOnAndReadWholeAgain() async throws {
    let queue = try DatabaseQueue()
    try KeyItMigrations.migrator.migrate(queue, upTo: "v10: the change log numbered without AUTOINCREMENT")
    let bible = "0190aaaa-0000-7000-8000-000000000001"
    let heading = "0190aaaa-0000-7000-8000-00000000000f"
    try await queue.write { db in
      try db.execute(
        sql: "INSERT INTO Bibles (name, bookRecsCreated, uid) VALUES ('Old', 1, ?)", arguments: [bible])
      try db.execute(
        sql: "INSERT INTO Books (bibleID, bookID, bookCode, bookName, chapRecsCreated, numChaps) "
          + "VALUES (1, 57, 'PHM', 'Philemon', 1, 1)")
      try db.execute(
        sql: "INSERT INTO Chapters (bibleID, bookID, chapterNumber, itemRecsCreated, numVerses, numItems, uid) "
          + "VALUES (1, 57, 1, 1, 25, 3, ?)", arguments: ["\(bible)/PHM.1"])
      for (verse, type, order, uid) in [
        (1, "Heading", 80, heading), (1, "Verse", 100, "\(bible)/PHM.1/v1"), (2, "Verse", 200, "\(bible)/PHM.1/v2"),
      ] {
        try db.execute(
          sql: "INSERT INTO VerseItems (chapterID, verseNumber, itemType, itemOrder, itemText, uid) "
            + "VALUES (1, ?, ?, ?, 'text', ?)", arguments: [verse, type, order, uid])
      }
    }
    try KeyItMigrations.migrator.migrate(queue)
    let (stored, indexes) = try await queue.read { db in
      (try String.fetchAll(db, sql: "SELECT uid FROM VerseItems ORDER BY itemID"), try db.indexes(on: "VerseItems"))
    }
    #expect(stored == [heading, "/v1", "/v2"])
    #expect(indexes.contains { $0.isUnique && $0.columns == ["chapterID", "uid"] })
    let store = try KeyItStore(writer: queue, checkpointer: nil)
    let content = try await store.chapter(bibleID: nil, code: "PHM", chapter: 1)
    #expect(content.items.map(\.uid) == [heading, "\(bible)/PHM.1/v1", "\(bible)/PHM.1/v2"])
    // A save logs the id from the chapter's on, as the row stores it; a row that would hold a whole
    // id under a chapter is refused.
    _ = try await store.setText(bibleID: nil, itemID: try #require(content.item(.verse, verse: 2)?.itemID), text: "new")
    let logged = try await store.changes(bibleUID: bible, after: SyncHeads(), limit: 10).map(\.payload)
    #expect(logged.last?.contains("\"uid\":\"/v2\"") == true)
    var whole = try #require(content.item(.verse, verse: 1))
    whole.itemID = nil
    whole.uid = "\(bible)/PHM.1/v9"
    let refused = whole
    #expect(throws: DatabaseError.self) {
      try queue.write { db in
        var row = refused
        try row.insert(db)
      }
    }
  }

  @Test func theLogKeepsItsChangesAndOrderWithoutAnAutoincrementCounter() async throws {
    let queue = try DatabaseQueue()
    try KeyItMigrations.migrator.migrate(
      queue, upTo: "v9: items in printed order through an index (uid breaks ties, as the reads do)")
    let rows: [[DatabaseValue]] = try await queue.write { db in
      try db.execute(sql: "INSERT INTO Bibles (name, bookRecsCreated, uid) VALUES ('Old', 0, 'u1')")
      for counter in 1...3 {
        try db.execute(
          sql: "INSERT INTO KeyItChanges (bibleID, device, counter, clock, author, payload, chapterKey) "
            + "VALUES (1, 'd', ?, ?, 'A', '{}', ?)", arguments: [counter, "c\(counter)", counter == 2 ? nil : "MAT.1"])
      }
      try db.execute(sql: "DELETE FROM KeyItChanges WHERE counter = 3")
      return try Row.fetchAll(db, sql: "SELECT * FROM KeyItChanges ORDER BY seq").map { Array($0.databaseValues) }
    }
    try KeyItMigrations.migrator.migrate(queue)
    try await queue.read { db in
      #expect(
        try Row.fetchAll(db, sql: "SELECT * FROM KeyItChanges ORDER BY seq").map { Array($0.databaseValues) }
          == rows.map { $0 + [.null, .null] })  // v12's `refused` and `refusedBy`
      let table = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'KeyItChanges'") ?? ""
      #expect(!table.uppercased().contains("AUTOINCREMENT"))
      #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_sequence WHERE name = 'KeyItChanges'") == 0)
      #expect(try db.indexes(on: "KeyItChanges").map(\.columns).contains(["bibleID", "chapterKey", "clock"]))
    }
    // A device's counter is still taken once.
    await #expect(throws: DatabaseError.self) {
      try await queue.write { db in
        try db.execute(
          sql: "INSERT INTO KeyItChanges (bibleID, device, counter, clock, author, payload) "
            + "VALUES (1, 'd', 2, 'c9', 'A', '{}')")
      }
    }
    // Changes logged after it come after it: one past the largest number, even a number a
    // deleted change had.
    let store = try KeyItStore(writer: queue, checkpointer: nil)
    _ = try await store.createBible(name: "New")
    let seqs = try await queue.read { db in try Int64.fetchAll(db, sql: "SELECT seq FROM KeyItChanges ORDER BY seq") }
    #expect(Array(seqs.prefix(3)) == [1, 2, 3])
  }
}

@Suite struct ImportLogTests {
  @Test func anImportedChapterReachesAnotherDeviceAsItIs() async throws {
    let (store, bible) = try await storeWithBible()
    _ = try await store.importUSFM([("PHM.usfm", philemonOpening)], bibleID: nil)
    #expect(try await store.chaptersDifferingFromLog(bibleUID: bible.uid) == [])
    let other = try KeyItStore.inMemory()
    try await other.applyRemote(
      try await store.changes(bibleUID: bible.uid, after: SyncHeads(), limit: 100), bibleUID: bible.uid)
    #expect(try await other.teamSnapshot(bibleUID: bible.uid) == store.teamSnapshot(bibleUID: bible.uid))
    let otherBible = try #require(try await other.bible(uid: bible.uid))
    let texts = try await other.chapter(bibleID: otherBible.bibleID, code: "PHM", chapter: 1).items.map(\.itemText)
    #expect(texts.contains("to Apphia and grace to you"))
  }
}
