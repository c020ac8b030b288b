import Foundation
import GRDB
import Testing

@testable import KeyIt

@Suite struct StoreTests {
  @Test func newBibleHasItsBooksButNoChapters() async throws {
    let (store, bible) = try await storeWithBible()
    #expect(bible.bookRecsCreated)
    #expect(bible.currBook == 0)
    let books = try await store.books(bibleID: bible.bibleID)
    #expect(books.count == 66)
    #expect(books.allSatisfy { !$0.book.chapRecsCreated && $0.book.currChapter == 0 })
    #expect(books.first { $0.book.bookCode == "RUT" }?.book.numChaps == 4)
    let chapters = try await store.writer.read { try Chapter.fetchCount($0) }
    #expect(chapters == 0)
  }

  @Test func openingABookCreatesItsChaptersOnce() async throws {
    let (store, bible) = try await storeWithBible()
    let (book, chapters) = try await store.openBook(bibleID: nil, code: "rut")
    #expect(book.chapRecsCreated)
    #expect(chapters.map(\.chapter.numVerses) == [22, 23, 18, 22])
    #expect(chapters.allSatisfy { !$0.chapter.itemRecsCreated && $0.status == .empty })
    _ = try await store.openBook(bibleID: nil, code: "RUT")
    #expect(try await store.writer.read { try Chapter.fetchCount($0) } == 4)
    #expect(try await store.bible(bible.bibleID).currBook == 8)
  }

  @Test func openingAChapterCreatesItsVersesOnce() async throws {
    let (store, _) = try await storeWithBible()
    let content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 3)
    #expect(content.items.map(\.verseNumber) == Array(1...18))
    #expect(content.items.allSatisfy { $0.itemType == .verse && $0.itemOrder == 100 * $0.verseNumber })
    #expect(content.chapter.numItems == 18 && content.chapter.numVerses == 18 && content.chapter.itemRecsCreated)
    let again = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 3)
    #expect(again.items == content.items)
    #expect(try await store.writer.read { try VerseItem.fetchCount($0) } == 18)
  }

  @Test func titledPsalmsGetAnEmptyAscriptionUnlessFrench() async throws {
    let (store, _) = try await storeWithBible()
    let psalm3 = try await store.openChapter(bibleID: nil, code: "PSA", chapter: 3)
    #expect(psalm3.items.first?.itemType == .ascription)
    #expect(psalm3.items.first?.itemOrder == 75)
    #expect(psalm3.items.first?.label(inPsalms: true) == "Psalm title")
    #expect(psalm3.chapter.numItems == 9)
    let psalm1 = try await store.openChapter(bibleID: nil, code: "PSA", chapter: 1)
    #expect(!psalm1.items.contains { $0.itemType == .ascription })

    let (french, _) = try await storeWithBible(frenchPsalms: true)
    let frenchPsalm3 = try await french.openChapter(bibleID: nil, code: "PSA", chapter: 3)
    #expect(!frenchPsalm3.items.contains { $0.itemType == .ascription })
  }

  @Test func resumesWhereTheUserLeftOffPerBookAndChapter() async throws {
    let (store, bible) = try await storeWithBible()
    let ruth2 = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 2)
    let verse5 = try #require(ruth2.item(.verse, verse: 5))
    _ = try await store.setText(bibleID: nil, itemID: verse5.itemID!, text: "Boaz")
    let john3 = try await store.openChapter(bibleID: nil, code: "JHN", chapter: 3)
    try await store.setCurrentItem(bibleID: nil, itemID: john3.item(.verse, verse: 16)!.itemID!)

    #expect(try await store.bible(bible.bibleID).currBook == 44)
    let ruth = try await store.openBook(bibleID: nil, code: "RUT").0
    #expect(ruth.currChapter == 2)
    let reopened = try await store.openChapter(bibleID: nil, code: "RUT", chapter: ruth.currChapter)
    #expect(reopened.currentItem == reopened.item(.verse, verse: 5))
    let john = try await store.openChapter(bibleID: nil, code: "JHN", chapter: 3)
    #expect(john.currentItem?.verseNumber == 16)
    let untouched = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    #expect(untouched.currentItem == untouched.items.first)
  }

  @Test func severalBiblesKeepTheirOwnBooksChaptersAndItems() async throws {
    let store = try KeyItStore.inMemory()
    let first = try await store.createBible(name: "First")
    let second = try await store.createBible(name: "Second")
    #expect(try await store.currentBible()?.bibleID == second.bibleID)
    let a = try await store.openChapter(bibleID: first.bibleID, code: "RUT", chapter: 1)
    _ = try await store.setText(bibleID: first.bibleID, itemID: a.items[0].itemID!, text: "In the days")
    let b = try await store.openChapter(bibleID: second.bibleID, code: "RUT", chapter: 1)
    #expect(b.items[0].itemText == "")
    _ = try await store.renameBook(bibleID: second.bibleID, code: "RUT", to: "Rute")
    #expect(try await store.openBook(bibleID: first.bibleID, code: "RUT").0.bookName == "Ruth")
    await #expect(throws: KeyItError.unknownItem(id: a.items[0].itemID!)) {
      try await store.setText(bibleID: second.bibleID, itemID: a.items[0].itemID!, text: "x")
    }
    _ = try await store.selectBible(first.bibleID!)
    #expect(try await store.currentBible()?.name == "First")
    await #expect(throws: KeyItError.unknownBible(id: 9, known: [1, 2])) { try await store.bible(9) }
  }

  /// A save that names no Bible goes to the current one; one that names a Bible that is not there,
  /// or an item of another Bible, is refused with what was wrong.
  @Test func aTextSaveFindsItsBibleOrSaysWhyNot() async throws {
    let store = try KeyItStore.inMemory()
    await #expect(throws: KeyItError.noBible) { try await store.setText(bibleID: nil, itemID: 1, text: "x") }
    let first = try await store.createBible(name: "First")
    let a = try await store.openChapter(bibleID: first.bibleID, code: "RUT", chapter: 1).items[0]
    let second = try await store.createBible(name: "Second")
    let b = try await store.openChapter(bibleID: second.bibleID, code: "RUT", chapter: 1).items[0]
    await #expect(throws: KeyItError.unknownItem(id: a.itemID!)) {
      try await store.setText(bibleID: nil, itemID: a.itemID!, text: "x")
    }
    #expect(
      try await store.setText(bibleID: nil, itemID: b.itemID!, text: "In the days").item.itemText == "In the days")
    _ = try await store.selectBible(first.bibleID!)
    #expect(try await store.setText(bibleID: nil, itemID: a.itemID!, text: "Naomi").item.itemText == "Naomi")
    await #expect(throws: KeyItError.unknownBible(id: 9, known: [1, 2])) {
      try await store.setText(bibleID: 9, itemID: a.itemID!, text: "x")
    }
    await #expect(throws: KeyItError.unknownItem(id: 999_999)) {
      try await store.setText(bibleID: first.bibleID, itemID: 999_999, text: "x")
    }
    #expect(
      try await store.openChapter(bibleID: second.bibleID, code: "RUT", chapter: 1).items[0].itemText == "In the days")
  }

  @Test func textIsStoredTrimmedAndNFC() async throws {
    let (store, _) = try await storeWithBible()
    let content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    let saved = try await store.setText(bibleID: nil, itemID: content.items[0].itemID!, text: "  dw\u{0302}r  ")
    #expect(saved.item.itemText == "dŵr")
    #expect(saved.item.itemText.unicodeScalars.count == 3)
  }

  @Test func namesMustNotBeBlank() async throws {
    let store = try KeyItStore.inMemory()
    await #expect(throws: KeyItError.blankName) { try await store.createBible(name: "  ") }
    await #expect(throws: KeyItError.noBible) { try await store.books(bibleID: nil) }
  }

  @Test func unknownChapterSaysWhichExist() async throws {
    let (store, _) = try await storeWithBible()
    await #expect(throws: KeyItError.unknownChapter(book: "RUT", chapter: 5, count: 4)) {
      try await store.openChapter(bibleID: nil, code: "RUT", chapter: 5)
    }
  }

  @Test func createAllMakesEveryChapterAndVerseOnce() async throws {
    let (store, bible) = try await storeWithBible()
    _ = try await store.openChapter(bibleID: nil, code: "PSA", chapter: 3)
    try await store.createAll(bibleID: bible.bibleID)
    try await store.createAll(bibleID: bible.bibleID)
    let (chapters, verses, ascriptions) = try await store.writer.read { db in
      (
        try Chapter.filter(Column("itemRecsCreated")).fetchCount(db),
        try VerseItem.filter(Column("itemType") == "Verse").fetchCount(db),
        try VerseItem.filter(Column("itemType") == "Ascription").fetchCount(db)
      )
    }
    #expect(chapters == 1189)
    #expect(verses == 31102)
    #expect(ascriptions == 116)
    let stats = try await store.stats(bibleID: nil)
    #expect(stats.chapters == 1189 && stats.verses == 31102 && stats.versesKeyboarded == 0)
  }

  @Test func statsCountBridgedVersesAndCompleteChapters() async throws {
    let (store, _) = try await storeWithBible()
    var content = try await store.openChapter(bibleID: nil, code: "3JN", chapter: 1)
    try await store.type(Dictionary(uniqueKeysWithValues: (1...14).map { ($0, "text \($0)") }), in: content)
    content = try await store.perform(.bridgeNext, on: content.item(.verse, verse: 2))
    let stats = try await store.stats(bibleID: nil)
    #expect(stats.versesKeyboarded == 14)
    #expect(stats.chaptersComplete == 1 && stats.booksStarted == 1)
    let (_, chapters) = try await store.openBook(bibleID: nil, code: "3JN")
    #expect(chapters[0].status == .complete)
  }

  @Test func reopensAFileDatabaseWithNothingLost() async throws {
    let path = scratchDatabasePath()
    defer { removeDatabase(path) }
    do {
      let store = try KeyItStore(path: path)
      _ = try await store.createBible(name: "Durable")
      let content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
      _ = try await store.setText(bibleID: nil, itemID: content.items[0].itemID!, text: "kept")
      try await store.close()
      #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "the log copied in and removed")
    }
    let reopened = try KeyItStore(path: path)
    let content = try await reopened.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    #expect(content.items[0].itemText == "kept")
    #expect(try await reopened.writer.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
    // Each commit syncs the log (2 = FULL), so a save that returned survives a power cut.
    #expect(try await reopened.writer.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA synchronous") } == 2)
  }
}

@Suite struct GroupCommitTests {
  @Test func concurrentSavesAllLandAndARefusedOneFailsAlone() async throws {
    let path = scratchDatabasePath()
    defer { removeDatabase(path) }
    let store = try KeyItStore(path: path)
    _ = try await store.createBible(name: "Busy")
    let psalm = try await store.openChapter(bibleID: nil, code: "PSA", chapter: 119)
    let paragraph = try await store.perform(.insertParagraphBefore, on: psalm.item(.verse, verse: 9))
      .item(.para, verse: 9)!.itemID!
    let verses = psalm.items.filter { $0.itemType == .verse }.map(\.itemID!)
    let outcomes = await withTaskGroup(of: (Int64, Bool).self) { group in
      for id in verses + [paragraph, 999_999] {
        group.addTask { (id, (try? await store.setText(bibleID: nil, itemID: id, text: "text \(id)")) != nil) }
      }
      return await group.reduce(into: [Int64: Bool]()) { $0[$1.0] = $1.1 }
    }
    #expect(outcomes.filter(\.value).count == verses.count)
    #expect(outcomes[paragraph] == false && outcomes[999_999] == false)
    let reopened = try await KeyItStore(path: path).openChapter(bibleID: nil, code: "PSA", chapter: 119)
    #expect(reopened.items.filter { $0.itemType == .verse }.allSatisfy { $0.itemText == "text \($0.itemID!)" })
    #expect(reopened.item(.para, verse: 9)?.itemText == "")
  }
}
