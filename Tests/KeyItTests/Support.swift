import Foundation
import Testing

@testable import KeyIt

/// The repository's `Tests/Fixtures` folder.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Fixtures")

/// A fixture file's text.
func fixture(_ path: String) throws -> String {
  try String(contentsOf: fixtures.appendingPathComponent(path), encoding: .utf8)
}

/// A USFM file of a whole book with every verse of `versification` holding `text`.
func everyVerse(of code: String, in versification: Versification, saying text: String) -> String {
  BookCatalog.of(versification).book(code: code)!.chapters.enumerated().reduce("\\id \(code)\n") { usfm, chapter in
    usfm + "\\c \(chapter.offset + 1)\n" + (1...chapter.element.verseCount).map { "\\v \($0) \(text)\n" }.joined()
  }
}

/// A fresh in-memory store with one Bible.
func storeWithBible(frenchPsalms: Bool = false) async throws -> (KeyItStore, Bible) {
  let store = try KeyItStore.inMemory()
  let bible = try await store.createBible(name: "Test Bible", frenchPsalms: frenchPsalms)
  return (store, bible)
}

extension ChapterContent {
  /// The first item of a type at a verse.
  func item(_ type: ItemType, verse: Int) -> VerseItem? {
    items.first { $0.itemType == type && $0.verseNumber == verse }
  }

  /// The item ids, for comparing before and after.
  var summary: [String] { items.map { "\($0.itemID!):\($0.itemType.rawValue):\($0.verseNumber):\($0.itemText)" } }
}

extension KeyItStore {
  /// Performs an action on the item of a type at a verse, for brevity in tests.
  @discardableResult
  func perform(_ action: ItemActionID, on item: VerseItem?, offset: Int? = nil) async throws -> ChapterContent {
    try await perform(action, bibleID: nil, itemID: try #require(item?.itemID), offset: offset)
  }

  /// Sets the text of several verses of an open chapter.
  func type(_ texts: [Int: String], in content: ChapterContent) async throws {
    for (verse, text) in texts {
      _ = try await setText(bibleID: nil, itemID: try #require(content.item(.verse, verse: verse)?.itemID), text: text)
    }
  }
}

/// The start of Philemon as a Paratext file has it: a heading, a paragraph, a bridge and a line of
/// poetry.
let philemonOpening = """
  \\id PHM
  \\c 1
  \\s1 Greeting
  \\p
  \\v 1 Paul, a prisoner
  \\v 2-3 to Apphia and grace to you
  \\q1
  \\v 4 I thank my God
  """
