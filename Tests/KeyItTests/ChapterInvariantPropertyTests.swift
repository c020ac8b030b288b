import PropertyBased
import Testing

@testable import KeyIt

/// Random sequences of allowed actions (and random text saves) must keep a chapter whole.
@Suite struct ChapterInvariantPropertyTests {
  @Test func randomAllowedActionsKeepTheChapterWhole() async throws {
    let steps = Gen.int(in: 0...9_999).array(of: 3...3).array(of: 1...40)
    await propertyCheck(count: 60, input: steps) { steps in
      let (store, _) = try await storeWithBible()
      let book = ["PSA", "MRK", "RUT"][steps.count % 3]
      var content = try await store.openChapter(bibleID: nil, code: book, chapter: 1)
      try await store.type(
        Dictionary(uniqueKeysWithValues: (1...content.chapter.numVerses).map { ($0, "w\($0)") }), in: content)
      content = try await store.openChapter(bibleID: nil, code: book, chapter: 1)
      let words = verseLetters(content)
      for step in steps {
        let item = content.items[step[0] % content.items.count]
        let actions = allowedActions(for: item, in: content.items, facts: content.facts)
        guard !actions.isEmpty else { continue }
        let action = actions[step[1] % actions.count].id
        let offset = step[2] % (item.itemText.count + 1)
        content = try await store.perform(action, bibleID: nil, itemID: item.itemID!, offset: offset)
        if item.itemType.carriesText && item.itemType != .verse && item.itemType != .verseCont && step[2] % 2 == 0 {
          _ = try await store.setText(bibleID: nil, itemID: item.itemID!, text: "pub")
          content = try await store.openChapter(bibleID: nil, code: book, chapter: 1)
        }
        try checkInvariants(content)
      }
      #expect(verseLetters(content) == words, "verse text was lost or reordered")
    }
  }

  /// All verse text without whitespace, in printed order: bridging, unbridging and paragraph
  /// breaks may move spaces but never lose or reorder a letter.
  func verseLetters(_ content: ChapterContent) -> String {
    content.items.filter { $0.itemType == .verse || $0.itemType == .verseCont }
      .map(\.itemText).joined().filter { !$0.isWhitespace }
  }

  func checkInvariants(_ content: ChapterContent) throws {
    let items = content.items
    var covered: [Int] = []
    for item in items where item.itemType == .verse {
      covered += Array(item.verseNumber...item.lastVerse)
    }
    #expect(covered == Array(1...content.chapter.numVerses), "each verse exactly once, in order")
    let keys = items.map { [$0.itemOrder, $0.intSeq] }
    #expect(zip(keys, keys.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) }, "order strictly increasing")
    #expect(items.allSatisfy { $0.itemOrder == itemOrder(type: $0.itemType, verse: $0.verseNumber, intSeq: $0.intSeq) })
    #expect(content.chapter.numItems == items.count)
    for (index, item) in items.enumerated() {
      switch item.itemType {
      case .para: #expect(item.itemText.isEmpty)
      case .parlRef: #expect(index > 0 && items[index - 1].itemType == .heading, "reference right after a heading")
      case .paraCont:
        // A break follows its verse (the first) or the verse's line before it (each next one).
        #expect(item.itemText.isEmpty)
        let before = items[index - 1]
        #expect(
          (item.intSeq == 0 && before.itemType == .verse && !before.isStartOfBridge)
            || (item.intSeq > 0 && before.itemType == .verseCont && before.verseNumber == item.verseNumber))
      case .verseCont:
        let before = items[index - 1]
        #expect(before.itemType == .paraCont && before.verseNumber == item.verseNumber && before.intSeq == item.intSeq)
      case .verse: #expect(item.isStartOfBridge == (item.lastVsOfBridge > item.verseNumber))
      default: break
      }
      if item.itemType.isFrontMatter { #expect(item.verseNumber == 1) }
    }
    for type in [ItemType.para, .title, .chapDesc, .chapLabel, .ascription, .parlRef] {
      let verses = items.filter { $0.itemType == type }.map(\.verseNumber)
      #expect(Set(verses).count == verses.count, "no second \(type) at one place")
    }
    let breaks = items.filter { $0.itemType == .paraCont }.map { "\($0.verseNumber).\($0.intSeq)" }
    #expect(Set(breaks).count == breaks.count, "no second break k in one verse")
  }
}
