import Foundation
import PropertyBased
import Testing

@testable import KeyIt

/// Changing a Bible's versification moves typed text by the `.vrs` mapping lines.
@Suite struct VersificationChangeTests {
  func store(_ versification: Versification) async throws -> KeyItStore {
    let store = try KeyItStore.inMemory()
    _ = try await store.createBible(name: "Test", versification: versification)
    return store
  }

  /// Each verse's text as `chapter:verse=text` (verse 0 for a psalm title), every non-empty item.
  func texts(_ store: KeyItStore, _ code: String, _ chapters: ClosedRange<Int>) async throws -> [String] {
    var result: [String] = []
    for chapter in chapters {
      let content = try await store.openChapter(bibleID: nil, code: code, chapter: chapter)
      for item in content.items where !item.itemText.isEmpty {
        let verse = item.itemType == .ascription ? 0 : item.verseNumber
        result.append("\(chapter):\(verse) \(item.itemType.rawValue)=\(item.itemText)")
      }
    }
    return result
  }

  @Test func mappingLinesGoThroughTheOriginal() {
    #expect(Versification.english.map(VerseRef("PSA", 3, 0), to: .original) == VerseRef("PSA", 3, 1))
    #expect(Versification.original.map(VerseRef("PSA", 3, 9), to: .english) == VerseRef("PSA", 3, 8))
    #expect(Versification.english.map(VerseRef("GEN", 31, 55), to: .original) == VerseRef("GEN", 32, 1))
    #expect(Versification.original.map(VerseRef("GEN", 32, 1), to: .kjv) == VerseRef("GEN", 31, 55))
    #expect(Versification.kjv.map(VerseRef("MAL", 4, 6), to: .original) == VerseRef("MAL", 3, 24))
    #expect(Versification.english.map(VerseRef("RUT", 1, 1), to: .vulgate) == VerseRef("RUT", 1, 1))
    // English Psalm 10 is the second half of the Septuagint's Psalm 9.
    #expect(Versification.english.map(VerseRef("PSA", 10, 1), to: .septuagint) == VerseRef("PSA", 9, 22))
  }

  @Test func aPsalmTitleBecomesVerseOneAndTheVersesMoveUpThenBackAgain() async throws {
    let store = try await store(.english)
    var psalm = try await store.openChapter(bibleID: nil, code: "PSA", chapter: 3)
    try await store.type([1: "Yahweh, how my adversaries", 8: "Salvation belongs to Yahweh."], in: psalm)
    _ = try await store.setText(
      bibleID: nil, itemID: psalm.item(.ascription, verse: 1)!.itemID!, text: "A Psalm by David")
    psalm = try await store.perform(.insertHeadingBefore, on: psalm.item(.verse, verse: 2))
    _ = try await store.setText(bibleID: nil, itemID: psalm.item(.heading, verse: 2)!.itemID!, text: "Trust")
    psalm = try await store.perform(.insertParagraphIn, on: psalm.item(.verse, verse: 1), offset: 8)
    let before = try await texts(store, "PSA", 3...3)

    let report = try await store.changeVersification(bibleID: nil, to: .original)
    #expect(report.moved.contains("PSA 3:0 → PSA 3:1") && report.moved.contains("PSA 3:8 → PSA 3:9"))
    #expect(try await store.bible(nil).versification == .original)
    let original = try await store.openChapter(bibleID: nil, code: "PSA", chapter: 3)
    #expect(original.chapter.numVerses == 9 && original.items.filter { $0.itemType == .verse }.count == 9)
    #expect(original.item(.ascription, verse: 1) == nil)
    #expect(original.item(.verse, verse: 1)?.itemText == "A Psalm by David")
    #expect(original.item(.verse, verse: 2)?.itemText == "Yahweh,")
    #expect(original.item(.verseCont, verse: 2)?.itemText == "how my adversaries")
    #expect(original.item(.heading, verse: 3)?.itemText == "Trust")
    #expect(original.item(.verse, verse: 9)?.itemText == "Salvation belongs to Yahweh.")
    #expect(
      original.items.allSatisfy {
        $0.itemOrder == itemOrder(type: $0.itemType, verse: $0.verseNumber, intSeq: $0.intSeq)
      })

    _ = try await store.changeVersification(bibleID: nil, to: .english)
    #expect(try await texts(store, "PSA", 3...3) == before, "back again, everything where it was")
  }

  @Test func textCrossesChaptersAndBooksGainOrLoseChapters() async throws {
    let store = try await store(.original)
    try await store.type(
      [19: "The day comes", 24: "lest I come"], in: try await store.openChapter(bibleID: nil, code: "MAL", chapter: 3))
    try await store.type(
      [1: "Jacob went on", 2: "Mahanaim"], in: try await store.openChapter(bibleID: nil, code: "GEN", chapter: 32))
    _ = try await store.changeVersification(bibleID: nil, to: .kjv)
    let (malachi, chapters) = try await store.bookChapters(bibleID: nil, code: "MAL")
    #expect(malachi.numChaps == 4 && chapters.map(\.chapter.numVerses) == [14, 17, 18, 6])
    #expect(try await texts(store, "MAL", 3...4) == ["4:1 Verse=The day comes", "4:6 Verse=lest I come"])
    #expect(try await texts(store, "GEN", 31...32) == ["31:55 Verse=Jacob went on", "32:1 Verse=Mahanaim"])
    _ = try await store.changeVersification(bibleID: nil, to: .original)
    #expect(try await store.bookChapters(bibleID: nil, code: "MAL").0.numChaps == 3)
    #expect(try await texts(store, "MAL", 3...3) == ["3:19 Verse=The day comes", "3:24 Verse=lest I come"])
  }

  @Test func refusedNamingTheVersesWhenTextWouldBeLostAndNothingChanges() async throws {
    let store = try await store(.english)
    let letter = try await store.openChapter(bibleID: nil, code: "3JN", chapter: 1)
    try await store.type([14: "I hope to see you soon.", 15: "Peace be to you."], in: letter)
    let before = try await texts(store, "3JN", 1...1)
    do {
      _ = try await store.changeVersification(bibleID: nil, to: .kjv)
      Issue.record("the change must be refused")
    } catch KeyItError.versificationLosesText(let to, let verses) {
      #expect(to == .kjv)
      #expect(verses == [.noSuchVerse(VerseRef("3JN", 1, 15), target: VerseRef("3JN", 1, 15), in: .kjv)])
      #expect(verses.map(\.description) == ["3JN 1:15 (King James has no 3JN 1:15)"])
    }
    #expect(try await store.bible(nil).versification == .english)
    #expect(try await texts(store, "3JN", 1...1) == before)
    // Empty, the verse may go.
    _ = try await store.setText(bibleID: nil, itemID: letter.item(.verse, verse: 15)!.itemID!, text: "")
    _ = try await store.changeVersification(bibleID: nil, to: .kjv)
    #expect(try await store.openChapter(bibleID: nil, code: "3JN", chapter: 1).items.count == 14)
  }

  @Test func aBridgeTheNewNumberingSplitsIsRefused() async throws {
    let store = try await store(.english)
    let genesis = try await store.openChapter(bibleID: nil, code: "GEN", chapter: 31)
    try await store.type([54: "Jacob offered a sacrifice"], in: genesis)
    _ = try await store.perform(.bridgeNext, on: genesis.item(.verse, verse: 54))
    await #expect(
      throws: KeyItError.versificationLosesText(
        to: .original, verses: [.bridgeSplit(VerseRef("GEN", 31, 54), lastVerse: 55, in: .original)])
    ) {
      try await store.changeVersification(bibleID: nil, to: .original)
    }
  }

  @Test func aBookTheNewVersificationDoesNotNumberGoesOnlyWhenEmpty() async throws {
    let store = try await store(.vulgate)
    _ = try await store.addBook(bibleID: nil, code: "TOB")
    let tobit = try await store.openChapter(bibleID: nil, code: "TOB", chapter: 1)
    try await store.type([1: "The book of the words of Tobit"], in: tobit)
    await #expect(throws: KeyItError.self) { try await store.changeVersification(bibleID: nil, to: .kjv) }
    _ = try await store.setText(bibleID: nil, itemID: tobit.item(.verse, verse: 1)!.itemID!, text: "")
    _ = try await store.changeVersification(bibleID: nil, to: .kjv)
    #expect(!(try await store.books(bibleID: nil)).contains { $0.book.bookCode == "TOB" })
  }

  /// Any text typed anywhere in chapters the mappings move (titled psalms, Genesis 31–32,
  /// Malachi, Joel) comes back unchanged from English to Original and back.
  @Test func englishToOriginalAndBackKeepsEveryText() async throws {
    let places = [("PSA", 3), ("PSA", 51), ("GEN", 31), ("GEN", 32), ("MAL", 3), ("MAL", 4), ("JOL", 2), ("JOL", 3)]
    let input = Gen.int(in: 0...9_999).array(of: 2...2).array(of: 1...12)
    await propertyCheck(count: 12, input: input) { picks in
      let store = try await store(.english)
      for pick in picks {
        let (code, chapter) = places[pick[0] % places.count]
        let content = try await store.openChapter(bibleID: nil, code: code, chapter: chapter)
        let item = content.items.filter { $0.itemType.carriesText }[
          pick[1] % content.items.filter { $0.itemType.carriesText }.count]
        _ = try await store.setText(bibleID: nil, itemID: item.itemID!, text: "t\(pick[1])")
      }
      var before: [String] = []
      for (code, chapter) in places {
        before += try await texts(store, code, chapter...chapter).map { "\(code) \($0)" }
      }
      _ = try await store.changeVersification(bibleID: nil, to: .original)
      _ = try await store.changeVersification(bibleID: nil, to: .english)
      var after: [String] = []
      for (code, chapter) in places { after += try await texts(store, code, chapter...chapter).map { "\(code) \($0)" } }
      #expect(after == before)
    }
  }
}
