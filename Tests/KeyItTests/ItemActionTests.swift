import Testing

@testable import KeyIt

@Suite struct ItemActionTests {
  func ids(_ store: KeyItStore, _ item: VerseItem?) async throws -> Set<ItemActionID> {
    Set(try await store.actions(bibleID: nil, itemID: try #require(item?.itemID)).map(\.id))
  }

  @Test func verseOneOfChapterOneOffersTheFrontMatter() async throws {
    let (store, _) = try await storeWithBible()
    let content = try await store.openChapter(bibleID: nil, code: "MRK", chapter: 1)
    let actions = try await ids(store, content.item(.verse, verse: 1))
    #expect(
      actions == [
        .insertTitle, .insertIntroTitle, .insertIntroHeading, .insertIntroParagraph, .insertChapterLabel,
        .insertChapterDescription, .insertHeadingBefore, .insertParagraphBefore, .insertParagraphIn, .bridgeNext,
      ])
    #expect(!actions.contains(.delete))
  }

  @Test func titlesAndIntroductionOnlyBeforeVerseOneOfChapterOne() async throws {
    let (store, _) = try await storeWithBible()
    let chapter2 = try await store.openChapter(bibleID: nil, code: "MRK", chapter: 2)
    let verse1 = try await ids(store, chapter2.item(.verse, verse: 1))
    #expect(verse1.isDisjoint(with: [.insertTitle, .insertIntroTitle, .insertIntroHeading, .insertIntroParagraph]))
    #expect(verse1.isSuperset(of: [.insertChapterLabel, .insertChapterDescription]))
    let verse2 = try await ids(store, chapter2.item(.verse, verse: 2))
    #expect(verse2.isDisjoint(with: [.insertChapterLabel, .insertChapterDescription, .insertAscription]))
    await #expect(throws: KeyItError.self) {
      try await store.perform(.insertTitle, on: chapter2.item(.verse, verse: 1))
    }
  }

  @Test func ascriptionsOnlyInPsalmsAndTheyComeBack() async throws {
    let (store, _) = try await storeWithBible()
    var psalm = try await store.openChapter(bibleID: nil, code: "PSA", chapter: 3)
    #expect(try await ids(store, psalm.item(.ascription, verse: 1)) == [.insertHeadingAboveTitle, .delete])
    #expect(!(try await ids(store, psalm.item(.verse, verse: 1))).contains(.insertAscription))
    psalm = try await store.perform(.delete, on: psalm.item(.ascription, verse: 1))
    #expect(psalm.item(.ascription, verse: 1) == nil)
    #expect(try await ids(store, psalm.item(.verse, verse: 1)).contains(.insertAscription))
    psalm = try await store.perform(.insertAscription, on: psalm.item(.verse, verse: 1))
    #expect(psalm.items.first?.itemType == .ascription)
    let ruth = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    #expect(!(try await ids(store, ruth.item(.verse, verse: 1))).contains(.insertAscription))
  }

  @Test func deletingAChapterDescriptionRemovesItAndCreatesNothing() async throws {
    let (store, _) = try await storeWithBible()
    var content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 2)
    content = try await store.perform(.insertChapterDescription, on: content.item(.verse, verse: 1))
    #expect(content.items.count == 24)
    content = try await store.perform(.delete, on: content.item(.chapDesc, verse: 1))
    #expect(content.items.count == 23 && content.items.allSatisfy { $0.itemType == .verse })
    #expect(content.chapter.numItems == 23)
  }

  @Test func aHeadingPrintedAbovePsalmTitleStaysAboveItAndExportsThere() async throws {
    let (store, _) = try await storeWithBible()
    var psalm = try await store.openChapter(bibleID: nil, code: "PSA", chapter: 3)
    psalm = try await store.perform(.insertChapterLabel, on: psalm.item(.verse, verse: 1))
    psalm = try await store.perform(.insertHeadingAboveTitle, on: psalm.item(.ascription, verse: 1))
    #expect(!(try await ids(store, psalm.item(.ascription, verse: 1))).contains(.insertHeadingAboveTitle), "one only")
    #expect(
      try await ids(store, psalm.item(.heading, verse: 1)) == [.delete], "nothing may come between it and the title")
    psalm = try await store.perform(.insertHeadingBefore, on: psalm.item(.verse, verse: 1))
    psalm = try await store.perform(
      .insertParallelRef, on: psalm.items.first { $0.itemType == .heading && $0.intSeq == 0 })
    #expect(
      psalm.items.filter { $0.verseNumber == 1 }.map(\.itemType) == [
        .chapLabel, .heading, .ascription, .heading, .parlRef, .verse,
      ])
    let above = try #require(psalm.items.first { $0.isHeadingAboveTitle })
    _ = try await store.setText(bibleID: nil, itemID: above.itemID!, text: "Morning prayer")
    _ = try await store.setText(
      bibleID: nil, itemID: psalm.item(.ascription, verse: 1)!.itemID!, text: "A Psalm by David")
    let usfm = try await store.exportChapter(bibleID: nil, code: "PSA", chapter: 3)
    #expect(usfm.contains("\\s1 Morning prayer\n\\d A Psalm by David\n"), "\(usfm)")

    // Read back, it is the same item; deleting it leaves the verse's own heading and reference.
    _ = try await store.importUSFM([("psa.usfm", usfm)], bibleID: nil)
    psalm = try await store.openChapter(bibleID: nil, code: "PSA", chapter: 3)
    let imported = try #require(psalm.items.first { $0.itemType == .heading })
    #expect(imported.isHeadingAboveTitle && imported.itemText == "Morning prayer")
    psalm = try await store.perform(.delete, on: imported)
    #expect(psalm.items.filter { $0.verseNumber == 1 }.map(\.itemType) == [.ascription, .para, .verse])
  }

  @Test func headingAfterParagraphLandsBetweenParagraphAndVerse() async throws {
    let (store, _) = try await storeWithBible()
    var content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 2)
    content = try await store.perform(.insertParagraphBefore, on: content.item(.verse, verse: 4))
    content = try await store.perform(.insertHeadingAfter, on: content.item(.para, verse: 4))
    content = try await store.perform(.insertHeadingBefore, on: content.item(.para, verse: 4))
    let around = content.items.filter { $0.verseNumber == 4 }.map(\.itemType)
    #expect(around == [.heading, .para, .headingAfterPara, .verse])
    #expect(
      try await ids(store, content.item(.para, verse: 4)) == [
        .styleFlush, .styleIndented, .stylePoetry1, .stylePoetry2, .stylePoetry3, .styleBlank, .delete,
      ])
  }

  @Test func parallelReferenceOnlyDirectlyAfterAHeading() async throws {
    let (store, _) = try await storeWithBible()
    var content = try await store.openChapter(bibleID: nil, code: "MRK", chapter: 2)
    #expect(!(try await ids(store, content.item(.verse, verse: 13))).contains(.insertParallelRef))
    content = try await store.perform(.insertHeadingBefore, on: content.item(.verse, verse: 13))
    #expect(try await ids(store, content.item(.heading, verse: 13)).contains(.insertParallelRef))
    content = try await store.perform(.insertParallelRef, on: content.item(.heading, verse: 13))
    #expect(content.items.filter { $0.verseNumber == 13 }.map(\.itemType) == [.heading, .parlRef, .verse])
    #expect(!(try await ids(store, content.item(.heading, verse: 13))).contains(.insertParallelRef))
    let actions = try await store.actions(bibleID: nil, itemID: content.item(.heading, verse: 13)!.itemID!)
    #expect(actions.first { $0.id == .delete }?.label == "Delete heading and parallel reference")
    content = try await store.perform(.delete, on: content.item(.heading, verse: 13))
    #expect(content.items.allSatisfy { $0.itemType == .verse })
  }

  @Test func noSecondParagraphWhereOneStands() async throws {
    let (store, _) = try await storeWithBible()
    var content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    content = try await store.perform(.insertParagraphBefore, on: content.item(.verse, verse: 6))
    #expect(!(try await ids(store, content.item(.verse, verse: 6))).contains(.insertParagraphBefore))
    let before = content.summary
    await #expect(throws: KeyItError.self) {
      try await store.perform(.insertParagraphBefore, on: content.item(.verse, verse: 6))
    }
    #expect(try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1).summary == before)
  }

  @Test func versesAreNeverDeleted() async throws {
    let (store, _) = try await storeWithBible()
    let content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    for verse in [1, 10, 22] {
      #expect(!(try await ids(store, content.item(.verse, verse: verse))).contains(.delete))
    }
    await #expect(
      throws: KeyItError.actionNotAllowed(
        action: "delete", item: Words("keyit.item.verse", ["verse": 22]),
        allowed: ["insertHeadingBefore", "insertParagraphBefore", "insertParagraphIn"])
    ) {
      try await store.perform(.delete, on: content.item(.verse, verse: 22))
    }
  }

  @Test func introItemsKeepTheOrderTheUserMadeThemIn() async throws {
    let (store, _) = try await storeWithBible()
    var content = try await store.openChapter(bibleID: nil, code: "MRK", chapter: 1)
    content = try await store.perform(.insertTitle, on: content.item(.verse, verse: 1))
    content = try await store.perform(.insertIntroTitle, on: content.item(.verse, verse: 1))
    content = try await store.perform(.insertIntroParagraph, on: content.item(.verse, verse: 1))
    let first = try #require(content.item(.inPara, verse: 1))
    _ = try await store.setText(bibleID: nil, itemID: first.itemID!, text: "first")
    content = try await store.perform(.insertIntroParagraph, on: content.item(.verse, verse: 1))
    let last = try #require(content.items.last { $0.itemType == .inPara })
    _ = try await store.setText(bibleID: nil, itemID: last.itemID!, text: "last")
    content = try await store.perform(.insertIntroHeading, on: first)
    let heading = try #require(content.item(.inSubj, verse: 1))
    _ = try await store.setText(bibleID: nil, itemID: heading.itemID!, text: "between")
    content = try await store.openChapter(bibleID: nil, code: "MRK", chapter: 1)
    let front = content.items.prefix { $0.itemType != .verse }
    #expect(front.map(\.itemType) == [.inTitle, .inPara, .inSubj, .inPara, .title])
    #expect(front.map(\.itemText) == ["", "first", "between", "last", ""])
    #expect(content.chapter.currItem == heading.itemID)
  }

  @Test func paragraphItemsCarryNoText() async throws {
    let (store, _) = try await storeWithBible()
    let content = try await store.perform(
      .insertParagraphBefore,
      on: try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1).item(.verse, verse: 2))
    await #expect(throws: KeyItError.itemHasNoText(item: Words("keyit.item.paragraph"))) {
      try await store.setText(bibleID: nil, itemID: content.item(.para, verse: 2)!.itemID!, text: "x")
    }
  }

  @Test func newItemBecomesTheCurrentItem() async throws {
    let (store, _) = try await storeWithBible()
    var content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    content = try await store.perform(.insertHeadingBefore, on: content.item(.verse, verse: 6))
    #expect(content.currentItem == content.item(.heading, verse: 6))
  }
}

@Suite struct InsertsAfterPublicationItemsTests {
  func actions(_ store: KeyItStore, _ item: VerseItem?) async throws -> [ItemActionID] {
    try await store.actions(bibleID: nil, itemID: try #require(item?.itemID)).map(\.id)
  }

  @Test func aTitleOrChapterDescriptionOffersWhatMayFollowIt() async throws {
    let (store, _) = try await storeWithBible()
    var content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    content = try await store.perform(.insertTitle, on: content.item(.verse, verse: 1))
    let title = try #require(content.item(.title, verse: 1))
    #expect(try await actions(store, title) == [.insertIntroTitle, .insertHeadingBefore, .delete])
    content = try await store.perform(.insertHeadingBefore, on: title)
    #expect(content.items.prefix(3).map(\.itemType) == [.title, .heading, .verse], "the heading follows the title")
    content = try await store.perform(.insertChapterDescription, on: content.item(.verse, verse: 1))
    let description = try #require(content.item(.chapDesc, verse: 1))
    #expect(try await actions(store, description) == [.insertChapterLabel, .delete])
    let intro = try await store.perform(.insertIntroParagraph, on: content.item(.verse, verse: 1))
    #expect(try await actions(store, intro.item(.inPara, verse: 1)).first == .insertIntroTitle)
  }
}
