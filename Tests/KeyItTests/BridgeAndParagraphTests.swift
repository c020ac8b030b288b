import GRDB
import Testing

@testable import KeyIt

@Suite struct BridgeAndParagraphTests {
  @Test func bridgingJoinsTextAndRemovesTheNextVerse() async throws {
    let (store, _) = try await storeWithBible()
    var content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    try await store.type([3: "three", 4: "four", 5: "five"], in: content)
    content = try await store.perform(.bridgeNext, on: content.item(.verse, verse: 3))
    content = try await store.perform(.bridgeNext, on: content.item(.verse, verse: 3))
    let bridge = try #require(content.item(.verse, verse: 3))
    #expect(bridge.isStartOfBridge && bridge.lastVsOfBridge == 5)
    #expect(bridge.itemText == "three four five")
    #expect(bridge.label() == "Verses 3–5")
    #expect(content.item(.verse, verse: 4) == nil && content.item(.verse, verse: 5) == nil)
    #expect(content.chapter.numVerses == 22 && content.chapter.numItems == 20)
    let steps = try await store.writer.read { db in
      try BridgeItem.filter(Column("itemID") == bridge.itemID).order(Column("bridgeID")).fetchAll(db)
    }
    #expect(steps.map(\.textExtraVerse) == ["four", "five"])
    #expect(steps.map(\.textCurrentBridge) == ["three four", "three four five"])
  }

  @Test func unbridgingUnwindsRightToLeftAndKeepsText() async throws {
    let (store, _) = try await storeWithBible()
    var content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    try await store.type([3: "three", 4: "four", 5: "five"], in: content)
    content = try await store.perform(.bridgeNext, on: content.item(.verse, verse: 3))
    content = try await store.perform(.bridgeNext, on: content.item(.verse, verse: 3))
    content = try await store.perform(.unbridge, on: content.item(.verse, verse: 3))
    #expect(content.item(.verse, verse: 5)?.itemText == "five")
    #expect(content.item(.verse, verse: 3)?.lastVsOfBridge == 4)
    content = try await store.perform(.unbridge, on: content.item(.verse, verse: 3))
    #expect(content.items.filter { $0.verseNumber <= 5 }.map(\.itemText) == ["", "", "three", "four", "five"])
    #expect(content.item(.verse, verse: 3)?.isStartOfBridge == false)
    #expect(content.chapter.numItems == 22)
    #expect(try await store.writer.read { try BridgeItem.fetchCount($0) } == 0)
  }

  @Test func unbridgingAfterEditingSplitsAtTheCallersOffset() async throws {
    let (store, _) = try await storeWithBible()
    var content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    try await store.type([3: "three", 4: "four"], in: content)
    content = try await store.perform(.bridgeNext, on: content.item(.verse, verse: 3))
    let bridge = try #require(content.item(.verse, verse: 3))
    _ = try await store.setText(bibleID: nil, itemID: bridge.itemID!, text: "three and 4 rewritten")
    content = try await store.perform(.unbridge, on: bridge, offset: 10)
    #expect(content.item(.verse, verse: 3)?.itemText == "three and")
    #expect(content.item(.verse, verse: 4)?.itemText == "4 rewritten")
  }

  @Test func unbridgingAfterEditingWithoutOffsetKeepsEverythingInTheBridge() async throws {
    let (store, _) = try await storeWithBible()
    var content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    try await store.type([3: "three", 4: "four"], in: content)
    content = try await store.perform(.bridgeNext, on: content.item(.verse, verse: 3))
    _ = try await store.setText(
      bibleID: nil, itemID: content.item(.verse, verse: 3)!.itemID!, text: "all of it, edited")
    content = try await store.perform(.unbridge, on: content.item(.verse, verse: 3))
    #expect(content.item(.verse, verse: 3)?.itemText == "all of it, edited")
    #expect(content.item(.verse, verse: 4)?.itemText == "")
  }

  @Test func unbridgingAnEmptyVerseNeverAsksWhereItStarts() async throws {
    let (store, _) = try await storeWithBible()
    var content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    try await store.type([3: "three"], in: content)
    content = try await store.perform(.bridgeNext, on: content.item(.verse, verse: 3))
    let unbridge = try await store.actions(bibleID: nil, itemID: content.item(.verse, verse: 3)!.itemID!)
      .first { $0.id == .unbridge }
    #expect(unbridge?.question == nil, "verse 4 was empty: there is nothing to give back")
    content = try await store.perform(.unbridge, on: content.item(.verse, verse: 3))
    #expect(content.item(.verse, verse: 3)?.itemText == "three" && content.item(.verse, verse: 4)?.itemText == "")
  }

  @Test func deletingAnItemResumesAtTheItemThatFollowedIt() async throws {
    let (store, _) = try await storeWithBible()
    var content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    content = try await store.perform(.insertHeadingBefore, on: content.item(.verse, verse: 5))
    let heading = try #require(content.item(.heading, verse: 5))
    content = try await store.perform(.delete, on: heading)
    #expect(content.chapter.currItem == content.item(.verse, verse: 5)?.itemID)
    #expect(content.currentItem?.verseNumber == 5, "not the top of the chapter")
  }

  @Test func bridgeNeedsAPlainNextVerseWithNothingBetween() async throws {
    let (store, _) = try await storeWithBible()
    var content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    content = try await store.perform(.insertHeadingBefore, on: content.item(.verse, verse: 5))
    #expect(!(try await actions(store, content.item(.verse, verse: 4))).contains(.bridgeNext))
    content = try await store.perform(.insertParagraphIn, on: content.item(.verse, verse: 8))
    #expect(!(try await actions(store, content.item(.verse, verse: 7))).contains(.bridgeNext))
    #expect(!(try await actions(store, content.item(.verse, verse: 8))).contains(.bridgeNext))
    #expect(!(try await actions(store, content.item(.verse, verse: 22))).contains(.bridgeNext))
    content = try await store.perform(.bridgeNext, on: content.item(.verse, verse: 11))
    #expect(!(try await actions(store, content.item(.verse, verse: 10))).contains(.bridgeNext))
    await #expect(throws: KeyItError.self) { try await store.perform(.bridgeNext, on: content.item(.verse, verse: 4)) }
  }

  @Test func noParagraphBreakInsideABridge() async throws {
    let (store, _) = try await storeWithBible()
    var content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    content = try await store.perform(.bridgeNext, on: content.item(.verse, verse: 2))
    let actions = try await actions(store, content.item(.verse, verse: 2))
    #expect(!actions.contains(.insertParagraphIn))
    #expect(actions.contains(.insertParagraphBefore) && actions.contains(.unbridge))
  }

  @Test func paragraphInsideAVerseSplitsAtTheOffsetAndDeletingJoins() async throws {
    let (store, _) = try await storeWithBible()
    var content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    try await store.type([9: "May Yahweh grant you rest. Then she kissed them."], in: content)
    content = try await store.perform(.insertParagraphIn, on: content.item(.verse, verse: 9), offset: 27)
    #expect(content.items.filter { $0.verseNumber == 9 }.map(\.itemType) == [.verse, .paraCont, .verseCont])
    #expect(content.item(.verse, verse: 9)?.itemText == "May Yahweh grant you rest.")
    #expect(content.item(.verseCont, verse: 9)?.itemText == "Then she kissed them.")
    #expect(content.item(.verseCont, verse: 9)?.label() == "Verse 9 (continued)")
    #expect(!(try await actions(store, content.item(.verse, verse: 9))).contains(.insertParagraphIn))
    content = try await store.perform(.delete, on: content.item(.paraCont, verse: 9))
    #expect(content.items.filter { $0.verseNumber == 9 }.map(\.itemType) == [.verse])
    #expect(content.item(.verse, verse: 9)?.itemText == "May Yahweh grant you rest. Then she kissed them.")
  }

  @Test func offsetsCountLettersNotBytes() async throws {
    let (store, _) = try await storeWithBible()
    var content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    try await store.type([1: "नमस्ते दुनिया"], in: content)
    content = try await store.perform(.insertParagraphIn, on: content.item(.verse, verse: 1), offset: 4)
    #expect(content.item(.verse, verse: 1)?.itemText == "नमस्ते")
    #expect(content.item(.verseCont, verse: 1)?.itemText == "दुनिया")
    try await store.type([2: "ŵŵ"], in: content)
    await #expect(throws: KeyItError.offsetOutOfRange(offset: 3, length: 2)) {
      try await store.perform(.insertParagraphIn, on: content.item(.verse, verse: 2), offset: 3)
    }
  }

  @Test func removingTheContinuationJoinsToo() async throws {
    let (store, _) = try await storeWithBible()
    var content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    try await store.type([9: "one two"], in: content)
    content = try await store.perform(.insertParagraphIn, on: content.item(.verse, verse: 9), offset: 3)
    content = try await store.perform(.delete, on: content.item(.verseCont, verse: 9))
    #expect(content.item(.verse, verse: 9)?.itemText == "one two")
    #expect(content.chapter.numItems == 22)
  }

  func actions(_ store: KeyItStore, _ item: VerseItem?) async throws -> Set<ItemActionID> {
    Set(try await store.actions(bibleID: nil, itemID: try #require(item?.itemID)).map(\.id))
  }
}

/// Poetry from the keyboard: a verse broken into as many lines as the page shows, each a
/// paragraph or a poetry line at its indent, exported as USFM that usfm-grammar accepts.
@Suite struct PoetryLineTests {
  @Test func aVerseTakesSeveralPoetryLinesAndExportsThem() async throws {
    let store = try KeyItStore.inMemory()
    _ = try await store.createBible(name: "Segond", versification: .original)
    var content = try await store.openChapter(bibleID: nil, code: "PSA", chapter: 3)
    let line1 = "Yahweh, how my adversaries have increased!"
    let line2 = "Many are those who rise up against me."
    let line3 = "Many there are who say of my soul,"
    _ = try await store.setText(
      bibleID: nil, itemID: content.item(.verse, verse: 2)!.itemID!, text: "\(line1) \(line2) \(line3)")
    content = try await store.openChapter(bibleID: nil, code: "PSA", chapter: 3)
    content = try await store.perform(.insertParagraphIn, on: content.item(.verse, verse: 2), offset: line1.count + 1)
    let first = try #require(content.items.last { $0.itemType == .verseCont })
    content = try await store.perform(.insertParagraphIn, on: first, offset: line2.count + 1)
    let breaks = content.items.filter { $0.itemType == .paraCont && $0.verseNumber == 2 }
    #expect(breaks.map(\.intSeq) == [0, 1])
    content = try await store.perform(.stylePoetry2, on: breaks[0])
    content = try await store.perform(
      .stylePoetry1, on: content.items.first { $0.itemType == .paraCont && $0.intSeq == 1 })
    #expect(content.items.filter { $0.verseNumber == 2 }.map(\.itemText) == [line1, "", line2, "", line3])
    let usfm = try await store.exportChapter(bibleID: nil, code: "PSA", chapter: 3)
    #expect(usfm.contains("\\v 2 \(line1)\n\\q2 \(line2)\n\\q1 \(line3)\n"), "\(usfm)")
    // Removing the first break joins its line to the verse; the second stays, renumbered.
    content = try await store.perform(.delete, on: content.items.first { $0.itemType == .paraCont && $0.intSeq == 0 })
    #expect(content.item(.verse, verse: 2)?.itemText == "\(line1) \(line2)")
    #expect(content.items.filter { $0.itemType == .paraCont && $0.verseNumber == 2 }.map(\.intSeq) == [0])
  }
}
