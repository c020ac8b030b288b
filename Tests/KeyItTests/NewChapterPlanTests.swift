import TestSupport
import Testing

@testable import KeyIt

/// An import plans a chapter never opened without the items it would be created with
/// (`ChapterImportPlan.intoNewChapter`). Every device must still give the imported items the ids,
/// and log the change, that the general plan gives over those items (`over`, with
/// `KeyItStore.baseStates`): two devices importing one file would otherwise log two items for one.
@Suite struct NewChapterPlanTests {
  /// Random imported items of a chapter of `verses` verses: verses and psalm titles in and out of
  /// its range (0, and past its last), several at one place, other items at their places or at one
  /// twice, empty ones where the chapter already has them, bridges, markers.
  static func items(_ random: inout SeededGenerator, verses: Int) -> [ImportedItem] {
    let types: [ItemType] = [.verse, .verse, .verse, .ascription, .heading, .verseCont, .para, .paraCont, .title]
    return (0..<Int.random(in: 0...14, using: &random)).map { _ in
      let type = types.randomElement(using: &random)!
      let verse = Int.random(in: 0...(verses + 2), using: &random)
      let intSeq = Bool.random(using: &random) ? 0 : Int.random(in: 0...2, using: &random)
      let bridges = type == .verse && intSeq == 0 && Int.random(in: 0..<8, using: &random) == 0
      return ImportedItem(
        type: type, verse: verse, text: ["", "", "In the beginning", "שָׁלוֹם \\ \" /"].randomElement(using: &random)!,
        intSeq: intSeq, order: itemOrder(type: type, verse: verse, intSeq: intSeq),
        marker: [nil, nil, "q1"].randomElement(using: &random)!, lastVerseOfBridge: bridges ? verse + 1 : 0)
    }
  }

  /// The ids and the change with each new UUIDv7 (an id given where another item took the place's)
  /// named by its place among the ids: the two plans make different ones, in the same places.
  static func comparable(_ plan: (uids: [String], deltas: [ItemDelta]), chapterUID: String) -> ([String], String) {
    var names: [String: String] = [:]
    for uid in plan.uids where !uid.contains("/") { names[uid] = "new \(names.count)" }
    let deltas = plan.deltas.map { delta in
      var delta = delta
      delta.uid = names[delta.uid] ?? delta.uid
      return delta
    }
    let change = KeyItChange(kind: .edit, book: "PSA", chapter: 1, items: deltas)
    return (plan.uids.map { names[$0] ?? $0 }, ChangeJSON.write(change, itemsUnder: chapterUID))
  }

  @Test(arguments: [false, true]) func aNewChapterIsPlannedAsOverTheItemsItWouldBeCreatedWith(frenchPsalms: Bool)
    async throws
  {
    let (store, bible) = try await storeWithBible(frenchPsalms: frenchPsalms)
    _ = try await store.bookChapters(bibleID: nil, code: "PSA")
    _ = try await store.bookChapters(bibleID: nil, code: "3JN")
    var chapters = try await store.writer.read { db in
      try Chapter.fetchAll(db, sql: "SELECT * FROM Chapters WHERE chapterNumber IN (1, 3, 51, 119) ORDER BY chapterID")
    }
    // A chapter counted with no verses is created with verse 1 all the same.
    var empty = chapters[0]
    empty.numVerses = 0
    chapters.append(empty)
    #expect(chapters.contains { KeyItStore.createdWithAscription(bible: bible, chapter: $0) } == !frenchPsalms)
    var random = SeededGenerator(seed: frenchPsalms ? 2_202 : 2_201)
    for _ in 0..<3_000 {
      let chapter = chapters.randomElement(using: &random)!
      let items = Self.items(&random, verses: chapter.numVerses)
      let base = KeyItStore.baseStates(bible: bible, chapter: chapter)
      let stored = Dictionary(
        uniqueKeysWithValues: base.map { (TextID.stored($0.key, chapter: chapter.uid), $0.value) })
      let general = ChapterImportPlan.over(stored, items, chapterUID: chapter.uid)
      let new = ChapterImportPlan.intoNewChapter(
        items, chapterUID: chapter.uid, created: KeyItStore.createdVerses(chapter),
        ascription: KeyItStore.createdWithAscription(bible: bible, chapter: chapter))
      let (generalIDs, generalJSON) = Self.comparable(general, chapterUID: chapter.uid)
      let (newIDs, newJSON) = Self.comparable(new, chapterUID: chapter.uid)
      #expect(newIDs == generalIDs, "\(items)")
      #expect(newJSON == generalJSON, "\(items)")
    }
  }

  @Test func aVerseNumberFarPastTheChapterCostsNoMemoryAndKeepsItsID() {
    let items = [
      ImportedItem(type: .verse, verse: Int.max, text: "far", intSeq: 0, order: 0, marker: nil),
      ImportedItem(type: .verse, verse: Int.max, text: "again", intSeq: 0, order: 0, marker: nil),
    ]
    let plan = ChapterImportPlan.intoNewChapter(items, chapterUID: "b/PSA.1", created: 1...6, ascription: false)
    #expect(plan.uids[0] == TextID.verse(chapter: "", verse: Int.max))
    #expect(!plan.uids[1].contains("/"), "the second at one place takes a new id")
    #expect(plan.deltas.count == 2 + 6, "both added, the six created verses deleted")
  }
}
