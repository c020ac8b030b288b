import Foundation
import SyncLog

/// What a change records of one item: everything a reader sees, none of the row ids or revision
/// counters that differ from device to device. Its JSON leaves out a field at its default (no
/// sequence, no bridge, no marker, no steps, no text), as most of a chapter's items are: a whole
/// Psalms' log is 2.46 MB written out in full for 220 KB of text. A field left out reads as its
/// default, and a change written in full (as before 2026-11-29) reads as it always did.
public struct ItemState: Codable, Sendable, Hashable {
  public var verse: Int
  public var type: ItemType
  public var order: Int
  public var intSeq: Int
  public var startsBridge: Bool
  public var bridgeEnd: Int
  public var marker: String?
  public var text: String
  /// The bridge's steps, oldest first: the text right after the step and the text the verse brought.
  public var steps: [[String]]

  /// The verse numbers this item holds: its verse, or its bridge's verses (none for other items).
  var coveredVerses: ClosedRange<Int>? {
    guard type == .verse else { return nil }
    return verse...max(verse, startsBridge ? bridgeEnd : verse)
  }

  /// Everything but the text: the part concurrent structural changes settle by clock.
  var shape: ItemState {
    var shape = self
    shape.text = ""
    return shape
  }

  /// The row this state is written as (ids and revision left to the store).
  func row(chapterID: Int64, uid: String) -> VerseItem {
    var item = VerseItem(chapterID: chapterID, verseNumber: verse, itemType: type, itemText: text, intSeq: intSeq)
    item.itemOrder = order
    item.isStartOfBridge = startsBridge
    item.lastVsOfBridge = bridgeEnd
    item.marker = marker
    item.uid = uid
    return item
  }
}

extension ItemState {
  enum CodingKeys: String, CodingKey {
    case verse, type, order, intSeq, startsBridge, bridgeEnd, marker, text, steps
  }

  /// Reads a state written in full or with its defaults left out.
  public init(from decoder: Decoder) throws {
    let fields = try decoder.container(keyedBy: CodingKeys.self)
    verse = try fields.decode(Int.self, forKey: .verse)
    type = try fields.decode(ItemType.self, forKey: .type)
    order = try fields.decode(Int.self, forKey: .order)
    intSeq = try fields.decodeIfPresent(Int.self, forKey: .intSeq) ?? 0
    startsBridge = try fields.decodeIfPresent(Bool.self, forKey: .startsBridge) ?? false
    bridgeEnd = try fields.decodeIfPresent(Int.self, forKey: .bridgeEnd) ?? 0
    marker = try fields.decodeIfPresent(String.self, forKey: .marker)
    text = try fields.decodeIfPresent(String.self, forKey: .text) ?? ""
    steps = try fields.decodeIfPresent([[String]].self, forKey: .steps) ?? []
  }

  /// What `ChangeJSON` writes by hand; `ChangeJSONTests` holds the two to the same bytes.
  public func encode(to encoder: Encoder) throws {
    var fields = encoder.container(keyedBy: CodingKeys.self)
    try fields.encode(verse, forKey: .verse)
    try fields.encode(type, forKey: .type)
    try fields.encode(order, forKey: .order)
    if intSeq != 0 { try fields.encode(intSeq, forKey: .intSeq) }
    if startsBridge { try fields.encode(startsBridge, forKey: .startsBridge) }
    if bridgeEnd != 0 { try fields.encode(bridgeEnd, forKey: .bridgeEnd) }
    try fields.encodeIfPresent(marker, forKey: .marker)
    if !text.isEmpty { try fields.encode(text, forKey: .text) }
    if !steps.isEmpty { try fields.encode(steps, forKey: .steps) }
  }

  /// An item as a chapter is created with it (`KeyItStore.baseStates`): empty, at its verse's place.
  static func created(_ type: ItemType, verse: Int) -> ItemState {
    ItemState(
      verse: verse, type: type, order: itemOrder(type: type, verse: verse), intSeq: 0, startsBridge: false,
      bridgeEnd: 0, marker: nil, text: "", steps: [])
  }

  /// An imported item as a change records it.
  init(_ item: ImportedItem) {
    self.init(
      verse: item.verse, type: item.type, order: item.order, intSeq: item.intSeq,
      startsBridge: item.lastVerseOfBridge > 0, bridgeEnd: item.lastVerseOfBridge, marker: item.marker,
      text: item.text, steps: Array(repeating: [item.text, ""], count: item.bridgeSteps))
  }

  init(_ item: VerseItem, steps: [BridgeItem]) {
    verse = item.verseNumber
    type = item.itemType
    order = item.itemOrder
    intSeq = item.intSeq
    startsBridge = item.isStartOfBridge
    bridgeEnd = item.lastVsOfBridge
    marker = item.marker
    text = item.itemText
    self.steps = steps.map { [$0.textCurrentBridge, $0.textExtraVerse] }
  }
}

/// One item as a change found it and left it (nil: the item did not exist, or was deleted).
public struct ItemDelta: Codable, Sendable, Hashable {
  public var uid: String
  public var before: ItemState?
  public var after: ItemState?

  /// The items that differ from `before` to `after` (states by uid), in uid order. Each uid is
  /// hashed as few times as it can be: a new Bible's import compares thousands. With `chapter`, the
  /// uids are in their stored form under that chapter's id, and are put in the order of their whole ids.
  static func between(_ before: [String: ItemState], _ after: [String: ItemState], storedUnder chapter: String = "")
    -> [ItemDelta]
  {
    between(before, after.lazy.map { ($0.key, $0.value) }, storedUnder: chapter)
  }

  /// The same, with the items after as (uid, state), no uid twice: an import's are hashed once, to
  /// find them before, and the ids given are gathered only when an item before was not given one.
  static func between(
    _ before: [String: ItemState], _ after: some Collection<(String, ItemState)>, storedUnder chapter: String = ""
  ) -> [ItemDelta] {
    var deltas: [ItemDelta] = []
    var kept = 0
    for (uid, new) in after {
      guard let old = before[uid] else {
        deltas.append(ItemDelta(uid: uid, before: nil, after: new))
        continue
      }
      kept += 1
      if old != new { deltas.append(ItemDelta(uid: uid, before: old, after: new)) }
    }
    if kept < before.count {
      let given = Set(after.lazy.map(\.0))
      for (uid, old) in before where !given.contains(uid) {
        deltas.append(ItemDelta(uid: uid, before: old, after: nil))
      }
    }
    return inIDOrder(deltas, storedUnder: chapter)
  }

  /// `deltas` in the order of their items' whole ids, their ids stored under `chapter` (no id twice).
  static func inIDOrder(_ deltas: [ItemDelta], storedUnder chapter: String) -> [ItemDelta] {
    // Their places sorted, not the deltas: moving a delta moves its two states (sorting them was a
    // third of planning a Psalms import).
    deltas.indices.sorted { TextID.precedes(deltas[$0].uid, deltas[$1].uid, storedUnder: chapter) }.map {
      deltas[$0]
    }
  }
}

/// How a conflict was settled.
public enum ResolutionChoice: String, Codable, Sendable, CaseIterable {
  /// The text the item already had stays.
  case keepCurrent
  /// The text that came in conflicting replaces it.
  case keepIncoming
  /// A text the user wrote from both replaces it.
  case edited
  /// The resolution is taken back: the conflict is open again and the text is as before it.
  case undo
}

/// A resolution as a change carries it.
public struct ConflictResolution: Codable, Sendable, Hashable {
  public var conflict: String
  public var choice: ResolutionChoice
}

/// The Bible a team shares, as its first change announces it.
public struct SharedBibleSpec: Codable, Sendable, Hashable {
  public var name: String
  public var versification: Versification
  public var frenchPsalms: Bool
  public var bookNames: String
}

/// The payload of one Key It change in the team's log (`SyncChange.payload`, JSON).
public struct KeyItChange: Codable, Sendable, Hashable {
  public enum Kind: String, Codable, Sendable {
    /// The Bible was created (the first change of its log).
    case bible
    /// The Bible's name or book-name list changed (`bible` holds the whole spec; the latest by
    /// clock of these and the first change is what every device shows).
    case settings
    /// Items of one chapter changed (text saved, action performed, chapter imported).
    case edit
    /// A conflict of one chapter was resolved (or the resolution undone), with the text it set.
    case resolve
  }
  public var kind: Kind
  public var bible: SharedBibleSpec? = nil
  /// The chapter's book code and number (edit, resolve).
  public var book: String? = nil
  public var chapter: Int? = nil
  public var items: [ItemDelta] = []
  public var resolution: ConflictResolution? = nil

  /// `BOOK.chapter`, the key the log is replayed by; nil for a Bible-wide change.
  var chapterKey: String? {
    guard let book, let chapter else { return nil }
    return "\(book).\(chapter)"
  }

  /// The id of the change's chapter in the Bible `bibleUID`; nil for a Bible-wide change.
  func chapterUID(bible bibleUID: String) -> String? {
    guard let book, let chapter else { return nil }
    return TextID.chapter(bible: bibleUID, book: book, chapter: chapter)
  }

  init(
    kind: Kind, bible: SharedBibleSpec? = nil, book: String? = nil, chapter: Int? = nil,
    items: [ItemDelta] = [], resolution: ConflictResolution? = nil
  ) {
    self.kind = kind
    self.bible = bible
    self.book = book
    self.chapter = chapter
    self.items = items
    self.resolution = resolution
  }

  /// The change as written: a chapter's items' ids as the JSON has them (see `init(json:bible:)`).
  /// Read by hand where it can be (`ChangeJSONReader`), by `JSONDecoder` where not.
  init(json: String) throws {
    if let change = ChangeJSONReader.change(json) {
      self = change
    } else {
      self = try JSONDecoder().decode(Self.self, from: Data(json.utf8))
    }
  }

  /// A change of the Bible `bibleUID`, as a log holds it, with its items' ids whole: one written
  /// from the `/` on is under the change's chapter's id (`ChangeJSON.write`), one written whole (as
  /// builds before 2026-11-30 wrote them all) is read as it is. For a change already in the log
  /// (a chapter replayed): it was checked when it came (`checkArrived`) or written here.
  init(json: String, bible bibleUID: String) throws {
    try self.init(json: json)
    guard let chapterUID = chapterUID(bible: bibleUID) else { return }
    for index in items.indices { items[index].uid = TextID.whole(items[index].uid, chapter: chapterUID) }
  }

  /// Refuses a change another device sent for the Bible `bibleUID` (read by `init(json:bible:)`)
  /// that no device running Key It makes, before anything of its batch is written, as a payload that
  /// is no change at all is refused. Such a change names:
  /// - a chapter the Bible's numbering (`catalog`) lacks: a chapter past its book's last (replaying
  ///   it would make the chapter from nothing), or a book code spelt otherwise than the numbering
  ///   spells it (`rUT` is Ruth to a reader, but a second log of Ruth's chapter to the replay);
  /// - an item no row of its chapter can hold (`TextID.fits`: another chapter's id);
  /// - a verse past any chapter's (`Versification.mostVersesInAChapter`: replaying a chapter counts
  ///   the verses each bridge holds, so a forged bridge to verse 2⁶² would never end).
  func checkArrived(fromBible bibleUID: String, numberedBy catalog: BookCatalog) throws {
    guard let chapterUID = chapterUID(bible: bibleUID), let book, let chapter else { return }
    guard let spec = catalog.book(code: book), spec.code == book, chapter >= 1, chapter <= spec.chapters.count else {
      throw malformed("the change names \(book) \(chapter), a chapter this Bible's numbering does not have")
    }
    if let foreign = items.first(where: { !TextID.fits($0.uid, chapter: chapterUID) }) {
      throw malformed("the item \(foreign.uid) is not one of \(book) \(chapter)'s")
    }
    let verses = 0...Versification.mostVersesInAChapter
    for item in items {
      for state in [item.before, item.after].compactMap(\.self)
      where !verses.contains(state.verse) || !verses.contains(state.bridgeEnd) {
        throw malformed(
          "the item \(item.uid) names verse \(max(state.verse, state.bridgeEnd)): no chapter has more than "
            + "\(Versification.mostVersesInAChapter)")
      }
    }
  }
}

/// A change from another device that is no change this device could have made, refused as a
/// payload that is not JSON is.
private func malformed(_ why: String) -> DecodingError { .dataCorrupted(.init(codingPath: [], debugDescription: why)) }

/// Two texts of one item that could not be merged: both are kept until someone chooses. Every
/// device computes the same conflicts from the same log, whatever order the changes came in.
public struct TextConflict: Codable, Sendable, Hashable {
  /// `<item uid>@<clock of the change that came in conflicting>`.
  public var id: String
  public var itemUID: String
  /// The verse the item belongs to and its type, when the conflict arose.
  public var verse: Int
  public var type: ItemType
  /// The text both edits started from.
  public var base: String
  /// The text the item had (and keeps until resolved).
  public var current: String
  /// The text that came in; empty when the change deleted the item.
  public var incoming: String
  public var currentAuthor: String
  public var currentDevice: String
  public var currentClock: String
  public var incomingAuthor: String
  public var incomingDevice: String
  public var incomingClock: String
  /// True when one side deleted the item (bridged it away, deleted a heading) while the other edited it.
  public var itemDeleted: Bool
  /// How it was settled, by whom and when; nil while it waits.
  public var resolution: ResolutionChoice? = nil
  public var resolvedBy: String? = nil
  public var resolvedClock: String? = nil
}

extension SyncChange {
  /// The project a Bible's changes belong to.
  public static func keyItProject(bibleUID: String) -> String { "keyit:\(bibleUID)" }
}
