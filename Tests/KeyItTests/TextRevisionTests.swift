import Foundation
import Testing

@testable import KeyIt

/// Saves carry the revision they were typed on: a save made on an older text never overwrites a
/// newer one, whichever arrives last.
@Suite struct TextRevisionTests {
  @Test func aSaveTypedOnAnOlderTextIsRefusedAndChangesNothing() async throws {
    let (store, _) = try await storeWithBible()
    let verse = try #require(try await store.chapter(bibleID: nil, code: "RUT", chapter: 1).items.first)
    #expect(verse.revision == 0)
    let first = try await store.setText(bibleID: nil, itemID: verse.itemID!, text: "In the days", revision: 0)
    #expect(first.item.revision == 1)
    let again = try await store.setText(bibleID: nil, itemID: verse.itemID!, text: "In the days", revision: 0)
    #expect(again.item.revision == 1, "the same text again is no change")
    await #expect(throws: KeyItError.staleText(itemID: verse.itemID!, typedOn: 0, current: 1)) {
      try await store.setText(bibleID: nil, itemID: verse.itemID!, text: "an older draft", revision: 0)
    }
    let stored = try await store.chapter(bibleID: nil, code: "RUT", chapter: 1).items.first
    #expect(stored?.itemText == "In the days" && stored?.revision == 1)
    _ = try await store.setText(bibleID: nil, itemID: verse.itemID!, text: "no revision: last one wins")
  }

  /// An autosave that finds the text as it is, in the chapter's current item, writes no row (so its
  /// commit syncs nothing to disk); a save in another item still moves the current item.
  @Test func savingTheTextAsItIsWritesNothing() async throws {
    let (store, _) = try await storeWithBible()
    let items = try await store.chapter(bibleID: nil, code: "RUT", chapter: 1).items
    _ = try await store.setText(bibleID: nil, itemID: items[0].itemID!, text: "In the days")
    let changes = { try await store.writer.read { $0.totalChangesCount } }
    let before = try await changes()
    _ = try await store.setText(bibleID: nil, itemID: items[0].itemID!, text: "In the days")
    #expect(try await changes() == before)
    _ = try await store.setText(bibleID: nil, itemID: items[1].itemID!, text: "")
    #expect(try await changes() == before + 1, "the chapter's current item moved")
    #expect(try await store.chapter(bibleID: nil, code: "RUT", chapter: 1).chapter.currItem == items[1].itemID)
  }

  @Test func anActionThatChangesTextCountsAsARevision() async throws {
    let (store, _) = try await storeWithBible()
    var content = try await store.chapter(bibleID: nil, code: "RUT", chapter: 1)
    try await store.type([3: "three", 4: "four"], in: content)
    content = try await store.perform(.bridgeNext, on: content.item(.verse, verse: 3))
    let bridge = try #require(content.item(.verse, verse: 3))
    #expect(bridge.revision == 2, "typed once, then joined with verse 4")
    await #expect(throws: KeyItError.self) {
      try await store.setText(bibleID: nil, itemID: bridge.itemID!, text: "three only", revision: 1)
    }
  }
}
