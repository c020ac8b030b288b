import Testing

@testable import KeyIt

/// Item labels, actions and questions are message ids of the interface catalogs; the English is
/// the catalog's, and an id missing from it would show as the id itself.
@Suite struct WordsTests {
  @Test func everyLabelActionAndQuestionOfAFullChapterHasItsEnglish() async throws {
    let (store, _) = try await storeWithBible()
    var mark = try await store.openChapter(bibleID: nil, code: "MRK", chapter: 1)
    for action in [
      ItemActionID.insertTitle, .insertIntroTitle, .insertIntroHeading, .insertIntroParagraph, .insertChapterLabel,
      .insertChapterDescription, .insertHeadingBefore, .insertParagraphBefore,
    ] {
      mark = try await store.perform(action, on: mark.item(.verse, verse: 1))
    }
    mark = try await store.perform(.bridgeNext, on: mark.item(.verse, verse: 2))
    let psalm = try await store.openChapter(bibleID: nil, code: "PSA", chapter: 3)
    var labels: [String] = []
    var actions: [ItemAction] = []
    for content in [mark, psalm] {
      for labelled in content.labelledItems {
        labels.append(labelled.label)
        actions += try await store.actions(bibleID: nil, itemID: labelled.item.itemID!)
      }
    }
    let texts = labels + actions.map(\.label) + actions.compactMap(\.question)
    #expect(texts.filter { $0.hasPrefix("keyit.") }.isEmpty)
    #expect(labels.contains("Verses 2–3") && labels.contains("Psalm title") && labels.contains("Intro paragraph"))
    let menu = Set(actions.map(\.label))
    for expected in [
      "Bridge with verse 4", "Unbridge verse 3", "Delete main title", "Delete chapter label",
      "Delete intro heading", "Make it a poetry line, indented twice", "Delete psalm title",
    ] {
      #expect(menu.contains(expected), "\(expected)")
    }
  }
}
