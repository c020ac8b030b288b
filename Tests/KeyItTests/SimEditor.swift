import TestSupport
import Testing

@testable import KeyIt

/// What one random edit did: the unique word it typed, and the words its user removed knowingly.
struct EditOutcome {
  var added: String? = nil
  var removed: [String] = []
}

/// Random edits biased to collide: text, bridges, unbridges, headings, all on the first verses of 2 John (one short chapter keeps each seed fast).
struct SimEditor {
  let store: KeyItStore
  let bibleID: Int64
  static let hotVerses = 4

  func randomEdit(_ random: inout SeededGenerator, word: String) async throws -> EditOutcome {
    let content = try await store.chapter(bibleID: bibleID, code: "2JN", chapter: 1)
    let hot = content.items.filter { $0.verseNumber <= Self.hotVerses }
    if Int.random(in: 0..<100, using: &random) < 65 {
      guard let item = hot.filter({ $0.itemType.carriesText }).randomElement(using: &random) else {
        return EditOutcome()
      }
      var words = item.itemText.split(separator: " ").map(String.init)
      var outcome = EditOutcome()
      let kind = Int.random(in: 0..<4, using: &random)
      if kind == 0, !words.isEmpty {
        outcome.removed.append(words.remove(at: Int.random(in: 0..<words.count, using: &random)))
      } else if kind == 1, !words.isEmpty {
        let index = Int.random(in: 0..<words.count, using: &random)
        outcome.removed.append(words[index])
        words[index] = word
        outcome.added = word
      } else {
        words.insert(word, at: Int.random(in: 0...words.count, using: &random))
        outcome.added = word
      }
      _ = try await store.setText(bibleID: bibleID, itemID: item.itemID!, text: words.joined(separator: " "))
      return outcome
    }
    let item = hot.randomElement(using: &random)!
    let offered = try await store.actions(bibleID: bibleID, itemID: item.itemID!).map(\.id)
    let wanted: [ItemActionID] = [.bridgeNext, .unbridge, .insertHeadingBefore, .insertParagraphBefore, .delete]
    guard let action = wanted.filter(offered.contains).randomElement(using: &random) else { return EditOutcome() }
    var outcome = EditOutcome()
    if action == .delete {
      // Deleting a heading drops its parallel reference with it.
      outcome.removed = hot.filter {
        $0.verseNumber == item.verseNumber && ($0.itemID == item.itemID || $0.itemType == .parlRef)
      }
      .flatMap { $0.itemText.split(separator: " ").map(String.init) }
    }
    _ = try await store.perform(action, bibleID: bibleID, itemID: item.itemID!)
    return outcome
  }
}
