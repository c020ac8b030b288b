import Foundation
import KeyIt
import TestSupport

/// Verse texts as keyboarders type them: a first save of 12–24 words of WEB Ruth, then saves that
/// add a word. Every save also adds a word no other save types (`tokNNNNNN`), so afterwards a
/// lost or silently overwritten save shows as a missing token.
struct TeamTyping {
  var random: SeededGenerator
  private let words: [String]
  /// Every token typed so far.
  private(set) var tokens: [String] = []

  init(seed: UInt64) throws {
    random = SeededGenerator(mixing: seed)
    let ruth = try String(contentsOfFile: "Tests/Fixtures/usfm/09-RUTeng-web.usfm", encoding: .utf8)
    words = ruth.split(whereSeparator: \.isWhitespace).map(String.init)
      .filter { !$0.hasPrefix("\\") && !$0.contains(where: \.isNumber) && !$0.contains("|") }
  }

  /// The text a save of a verse that now reads `current` writes.
  mutating func nextText(after current: String) -> String {
    let token = String(format: "tok%06d", tokens.count)
    tokens.append(token)
    var text = current.split(separator: " ").map(String.init)
    if text.isEmpty {
      text = (0..<Int.random(in: 12...24, using: &random)).map { _ in words.randomElement(using: &random)! }
    }
    text.insert(token, at: Int.random(in: 0...text.count, using: &random))
    return text.joined(separator: " ")
  }

  /// Types one save into a verse of `book` `chapter` of a device's copy of the Bible; returns the verse's new text.
  @discardableResult
  mutating func save(_ store: KeyItStore, bibleID: Int64, book: String, chapter: Int, verse: Int) async throws
    -> String
  {
    let content = try await store.chapter(bibleID: bibleID, code: book, chapter: chapter)
    let item = content.items.first { $0.itemType == .verse && $0.verseNumber == verse }!
    let text = nextText(after: item.itemText)
    _ = try await store.setText(bibleID: bibleID, itemID: item.itemID!, text: text)
    return text
  }
}

/// The tokens of `typed` that are in no verse and no conflict of a device's copy of the Bible:
/// saves lost or silently overwritten (0 is the goal).
func lostTokens(_ store: KeyItStore, bibleUID: String, typed: [String]) async throws -> [String] {
  var present: Set<Substring> = []
  for line in try await store.teamSnapshot(bibleUID: bibleUID).split(separator: "\n")
  where !line.hasPrefix("#") && !line.hasPrefix("=") {
    let texts: [String]
    if line.hasPrefix("! ") {
      let conflict = try JSONDecoder().decode(TextConflict.self, from: Data(line.dropFirst(2).utf8))
      texts = [conflict.current, conflict.incoming]
    } else if let space = line.firstIndex(of: " ") {
      texts = [try JSONDecoder().decode(ItemState.self, from: Data(line[line.index(after: space)...].utf8)).text]
    } else {
      texts = []
    }
    for text in texts { present.formUnion(text.split(separator: " ")) }
  }
  return typed.filter { !present.contains(Substring($0)) }
}
