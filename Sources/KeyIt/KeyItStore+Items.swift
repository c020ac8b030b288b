import AppSupport
import GRDB

/// How much of a Bible has been keyboarded.
public struct BibleStats: Codable, Sendable, Equatable {
  /// Books with at least one keyboarded verse.
  public let booksStarted: Int
  /// Books in the Bible.
  public let books: Int
  /// Chapters whose every verse has text.
  public let chaptersComplete: Int
  /// Chapters with some but not all verses keyboarded.
  public let chaptersStarted: Int
  /// Chapters in the Bible.
  public let chapters: Int
  /// Verses with text (each verse of a bridge counts).
  public let versesKeyboarded: Int
  /// Verses in the Bible.
  public let verses: Int
}

extension KeyItStore {
  /// Saves an item's text (NFC, trimmed) and makes it the chapter's current item. Saves made at
  /// the same moment are committed together (see `TextSaveQueue`); each is durable on return.
  /// With `revision`, the save is refused (`staleText`) when the stored text has changed since
  /// that revision and differs from this one.
  public func setText(bibleID: Int64?, itemID: Int64, text: String, revision: Int? = nil) async throws
    -> LabelledItem
  {
    if let scalar = forbiddenControlCharacter(in: text) { throw KeyItError.controlCharacter(field: .text, scalar) }
    return try await textSaves.save((bibleID, itemID, text.trimmed.nfc, revision))
  }

  /// One text save inside a transaction of several, in its own savepoint so a save refused after
  /// it began writing leaves nothing behind while the others saved with it commit.
  static func saveText(_ db: Database, _ save: TextSaveQueue.Save, wallMillis: Int64) throws -> LabelledItem {
    var saved: LabelledItem?
    try db.inSavepoint {
      saved = try writeText(db, save, wallMillis: wallMillis)
      return .commit
    }
    return saved!
  }

  /// One text save, in the caller's transaction (a save alone needs no savepoint: the transaction
  /// is the save).
  static func writeText(_ db: Database, _ save: TextSaveQueue.Save, wallMillis: Int64) throws -> LabelledItem {
    let target = try SaveTarget.fetch(db, bibleID: save.bibleID, itemID: save.itemID)
    var item = target.item
    guard item.itemType.carriesText else { throw KeyItError.itemHasNoText(item: item.labelWords()) }
    if let typedOn = save.revision, typedOn != item.revision, save.text != item.itemText {
      throw KeyItError.staleText(itemID: save.itemID, typedOn: typedOn, current: item.revision)
    }
    if save.text != item.itemText {
      item.revision += 1  // as the trigger counts it
      let steps = try BridgeItem.fetchAll(
        db.cachedStatement(sql: "SELECT * FROM BridgeItems WHERE itemID = ? ORDER BY bridgeID"),
        arguments: [item.itemID])
      var after = ItemState(item, steps: steps)
      after.text = save.text
      try log(
        db, bibleID: target.bibleID, bibleUID: target.bibleUID,
        KeyItChange(
          kind: .edit, book: target.bookCode, chapter: target.chapterNumber,
          items: [ItemDelta(uid: item.uid, before: ItemState(item, steps: steps), after: after)]),
        wallMillis: wallMillis)
      item.itemText = save.text
      try db.cachedStatement(sql: "UPDATE VerseItems SET itemText = ? WHERE itemID = ?")
        .execute(arguments: [save.text, save.itemID])
    }
    // A save of the text as it is, in the current item, writes nothing (and its commit syncs nothing).
    if target.currentItem != save.itemID {
      try db.cachedStatement(sql: "UPDATE Chapters SET currItem = ? WHERE chapterID = ?")
        .execute(arguments: [save.itemID, item.chapterID])
    }
    return LabelledItem(item: item, inPsalms: BookSpec.isPsalms(code: target.bookCode))
  }

  /// Makes an item its chapter's current item (where the next start resumes).
  public func setCurrentItem(bibleID: Int64?, itemID: Int64) async throws {
    try await writer.write { db in
      var (_, chapter) = try Self.item(db, bibleID: bibleID, itemID: itemID)
      chapter.currItem = itemID
      try chapter.update(db)
    }
  }

  /// The actions allowed on an item.
  public func actions(bibleID: Int64?, itemID: Int64) async throws -> [ItemAction] {
    try await writer.read { db in
      let (item, chapter) = try Self.item(db, bibleID: bibleID, itemID: itemID)
      let content = try Self.content(db, chapterID: chapter.chapterID!)
      let latestStep = try Self.latestBridgeStep(db, itemID: itemID)
      return allowedActions(for: item, in: content.items, facts: content.facts).map { action in
        guard action.id == .unbridge, unbridgeNeedsSplitPoint(item, latestStep: latestStep) else { return action }
        var asking = action
        asking.questionWords = Words("keyit.question.unbridge", ["verse": item.lastVsOfBridge])
        return asking
      }
    }
  }

  /// Performs one allowed action on an item; anything not allowed is an error and changes nothing.
  /// Returns the chapter as it now is; its current item is the item the action created or kept.
  public func perform(_ action: ItemActionID, bibleID: Int64?, itemID: Int64, offset: Int? = nil)
    async throws -> ChapterContent
  {
    let now = now()
    return try await writer.write { db in
      let (item, chapter) = try Self.item(db, bibleID: bibleID, itemID: itemID)
      let before = try Self.content(db, chapterID: chapter.chapterID!)
      let statesBefore = try Self.itemStates(db, chapter: chapter)
      let latestStep = try Self.latestBridgeStep(db, itemID: itemID)
      let edits = try planEdits(
        action, on: item, in: before.items, facts: before.facts, latestBridgeStep: latestStep,
        offset: offset)
      var focus = itemID
      for edit in edits {
        switch edit {
        case .insert(var newItem):
          newItem.uid = Self.uidForNewItem(
            newItem.itemType, verse: newItem.verseNumber, chapterUID: chapter.uid, taken: Set(statesBefore.keys))
          try newItem.insert(db, chapterUID: chapter.uid)
          if action != .unbridge && newItem.itemType != .verseCont { focus = newItem.itemID! }
        case .update(let changed): try changed.update(db, chapterUID: chapter.uid)
        case .delete(let id): _ = try VerseItem.deleteOne(db, key: id)
        case .addBridgeStep(let id, let current, let extra):
          var step = BridgeItem(bridgeID: nil, itemID: id, textCurrentBridge: current, textExtraVerse: extra)
          try step.insert(db)
        case .removeBridgeStep(let id): _ = try BridgeItem.deleteOne(db, key: id)
        }
      }
      let after = try Self.content(db, chapterID: chapter.chapterID!)
      if !after.items.contains(where: { $0.itemID == focus }) {
        // The item is gone (deleted, or joined to its verse): resume at the item that followed it.
        let remaining = Set(after.items.compactMap(\.itemID))
        let index = before.items.firstIndex { $0.itemID == focus } ?? 0
        focus =
          before.items[index...].first { remaining.contains($0.itemID!) }?.itemID
          ?? before.items[..<index].last { remaining.contains($0.itemID!) }?.itemID ?? 0
      }
      var updated = chapter
      updated.numItems = after.items.count
      updated.currItem = focus
      try updated.update(db)
      try Self.logChapter(db, chapter: chapter, before: statesBefore, wallMillis: now)
      return try Self.content(db, chapterID: chapter.chapterID!)
    }
  }

  /// Books, chapters and verses keyboarded in a Bible.
  public func stats(bibleID: Int64?) async throws -> BibleStats {
    try await writer.read { db in
      let bible = try Self.bible(db, bibleID)
      let books = try self.books(db, bible: bible)
      let chapters = try Self.chapterProgress(db, bibleID: bible.bibleID!)
      return BibleStats(
        booksStarted: books.filter { $0.versesKeyboarded > 0 }.count, books: books.count,
        chaptersComplete: chapters.filter { $0.done >= $0.numVerses }.count,
        chaptersStarted: chapters.filter { $0.done > 0 && $0.done < $0.numVerses }.count,
        chapters: books.reduce(0) { $0 + $1.book.numChaps },
        versesKeyboarded: books.reduce(0) { $0 + $1.versesKeyboarded },
        verses: books.reduce(0) { $0 + $1.totalVerses })
    }
  }

  static func latestBridgeStep(_ db: Database, itemID: Int64) throws -> BridgeItem? {
    try BridgeItem.filter(BridgeItem.Columns.itemID == itemID).order(BridgeItem.Columns.bridgeID.desc).fetchOne(db)
  }

  /// The item and its chapter, provided the item belongs to the Bible.
  static func item(_ db: Database, bibleID: Int64?, itemID: Int64) throws -> (VerseItem, Chapter) {
    try item(db, in: try Self.bible(db, bibleID), itemID: itemID)
  }

  /// An item of `bible` and its chapter; an item of another Bible is unknown.
  static func item(_ db: Database, in bible: Bible, itemID: Int64) throws -> (VerseItem, Chapter) {
    guard
      let item = try VerseItem.fetchOne(
        db.cachedStatement(sql: "SELECT * FROM VerseItems WHERE itemID = ?"), arguments: [itemID]),
      let chapter = try Chapter.fetchOne(
        db.cachedStatement(sql: "SELECT * FROM Chapters WHERE chapterID = ?"), arguments: [item.chapterID]),
      chapter.bibleID == bible.bibleID
    else { throw KeyItError.unknownItem(id: itemID) }
    return (item.whole(chapterUID: chapter.uid), chapter)
  }
}
