import AppSupport
import Foundation
import GRDB
import SyncLog

/// This installation as the team sees it.
public struct KeyItDevice: Codable, Sendable, Equatable {
  /// Made once, the first time Key It opens its database (a UUIDv7).
  public var device: String
  /// The name shown beside this device's changes in conflicts.
  public var author: String
  /// The latest reading of the device's hybrid logical clock.
  public var clock: HybridTimestamp
}

extension KeyItStore {
  /// This installation's device id, author name and clock.
  public func device() async throws -> KeyItDevice { try await writer.read { db in try Self.device(db) } }

  /// Sets the name shown beside this device's changes.
  public func setAuthor(_ name: String) async throws {
    if let scalar = forbiddenControlCharacter(in: name) { throw KeyItError.controlCharacter(field: .name, scalar) }
    try await writer.write { db in
      try db.execute(sql: "UPDATE KeyItDevice SET author = ? WHERE id = 1", arguments: [name.trimmed.nfc])
    }
  }

  static func device(_ db: Database) throws -> KeyItDevice {
    let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT device, author, clock FROM KeyItDevice WHERE id = 1"))!
    let device: String = row["device"]
    return KeyItDevice(
      device: device, author: row["author"],
      clock: HybridTimestamp(row["clock"]) ?? HybridTimestamp(wallMillis: 0, logical: 0, device: device))
  }

  /// Makes this installation's device id (once: the migration that brings the change log calls it).
  static func makeDevice(_ db: Database) throws {
    let device = TextID.make()
    try db.execute(
      sql: "INSERT INTO KeyItDevice (id, device, author, clock) VALUES (1, ?, '', ?)",
      arguments: [device, HybridTimestamp(wallMillis: 0, logical: 0, device: device).description])
  }

  /// Moves the clock past a reading seen in another device's change.
  static func observe(_ db: Database, _ reading: HybridTimestamp, wallMillis: Int64) throws {
    let device = try device(db)
    var clock = HybridLogicalClock(device: device.device, last: device.clock)
    clock.observe(reading, wallMillis: wallMillis)
    try db.execute(sql: "UPDATE KeyItDevice SET clock = ? WHERE id = 1", arguments: [clock.last.description])
  }

  /// Writes one change of this device to a Bible's log, in the caller's transaction: the next
  /// counter (no gaps: the transaction that takes it commits it or nothing), a new clock reading.
  static func log(_ db: Database, bible: Bible, _ change: KeyItChange, wallMillis: Int64) throws {
    try log(db, bibleID: bible.bibleID!, bibleUID: bible.uid, change, wallMillis: wallMillis)
  }

  /// The same, for a caller that read only the Bible's ids (a text save).
  static func log(_ db: Database, bibleID: Int64, bibleUID: String, _ change: KeyItChange, wallMillis: Int64) throws {
    try logging(db, bibleID: bibleID, bibleUID: bibleUID) { logger in
      try logger.log(
        payload: ChangeJSON.bytes(change, itemsUnder: change.chapterUID(bible: bibleUID)),
        chapterKey: change.chapterKey, wallMillis: wallMillis)
    }
  }

  static func insertLogged(_ db: Database, bibleID: Int64, _ change: SyncChange, chapterKey: String?) throws {
    try insertLogged(
      db, bibleID: bibleID, device: change.device, counter: change.counter, clock: change.clock, author: change.author,
      chapterKey: chapterKey
    ) { try $0.bind(change.payload, at: $1) }
  }

  /// One change in a Bible's log, its payload bound by `bindPayload` (given the statement and the
  /// payload's place in it): a change this device wrote is bound as the bytes its JSON was written in.
  static func insertLogged(
    _ db: Database, bibleID: Int64, device: String, counter: Int64, clock: HybridTimestamp, author: String,
    chapterKey: String?, bindPayload: (BoundStatement, Int32) throws -> Void
  ) throws {
    let insert = BoundStatement(
      try db.cachedStatement(
        sql: "INSERT INTO KeyItChanges (bibleID, device, counter, clock, author, payload, chapterKey) "
          + "VALUES (?, ?, ?, ?, ?, ?, ?)"))
    try insert.bind(bibleID, at: 1)
    try insert.bind(device, at: 2)
    try insert.bind(counter, at: 3)
    try insert.bind(clock.description, at: 4)
    try insert.bind(author, at: 5)
    try bindPayload(insert, 6)
    try insert.bind(chapterKey, at: 7)
    try insert.execute()
  }

  /// Logs a change from another device refused as malformed, with why (see `applyRemote`). Apart
  /// from `insertLogged`, which the migration giving text ids (v7) runs before v12 made the columns.
  static func insertRefused(_ db: Database, bibleID: Int64, _ change: SyncChange, reason: String) throws {
    try db.execute(
      sql: "INSERT INTO KeyItChanges (bibleID, device, counter, clock, author, payload, refused, refusedBy) "
        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      arguments: [
        bibleID, change.device, change.counter, change.clock.description, change.author, change.payload, reason,
        ProductVersion.current,
      ])
  }

  /// The items of a chapter as changes record them, by uid: whole, or as its rows store them (`stored`).
  static func itemStates(_ db: Database, chapter: Chapter, stored: Bool = false) throws -> [String: ItemState] {
    let chapterID = chapter.chapterID!
    // As an export reads them, and the text id: every item action reads it, and so does an import for
    // each opened chapter it replaces (its states after come from the file, not from here).
    var items: [VerseItem] = []
    try ExportedItemRows(
      db.cachedStatement(sql: "SELECT \(VerseItem.exportSelection), uid FROM VerseItems WHERE chapterID = ?"),
      arguments: [chapterID]
    ).forEach { row in
      var item = try row.item()
      item.uid = stored ? row.uid : TextID.whole(row.uid, chapter: chapter.uid)
      items.append(item)
    }
    let steps = try BridgeItem.fetchAll(
      db.cachedStatement(
        sql: "SELECT * FROM BridgeItems WHERE itemID IN (SELECT itemID FROM VerseItems WHERE chapterID = ?) "
          + "ORDER BY bridgeID"), arguments: [chapterID])
    let stepsByItem = Dictionary(grouping: steps, by: \.itemID)
    return Dictionary(
      uniqueKeysWithValues: items.map { ($0.uid, ItemState($0, steps: stepsByItem[$0.itemID!] ?? [])) })
  }

  /// Logs what changed in a chapter since `before` (its item states then); nothing when nothing did.
  static func logChapter(
    _ db: Database, chapter: Chapter, before: [String: ItemState], wallMillis: Int64,
    resolution: ConflictResolution? = nil
  ) throws {
    let after = try itemStates(db, chapter: chapter)
    let deltas = ItemDelta.between(before, after)
    guard !deltas.isEmpty || resolution != nil else { return }
    let bible = try Self.bible(db, chapter.bibleID)
    let code = try bookCode(db, chapter)
    try log(
      db, bible: bible,
      KeyItChange(
        kind: resolution == nil ? .edit : .resolve, book: code, chapter: chapter.chapterNumber, items: deltas,
        resolution: resolution), wallMillis: wallMillis)
  }

  static func bookCode(_ db: Database, _ chapter: Chapter) throws -> String {
    try String.fetchOne(
      db.cachedStatement(sql: "SELECT bookCode FROM Books WHERE bibleID = ? AND bookID = ?"),
      arguments: [chapter.bibleID, chapter.bookID]) ?? ""
  }

  /// The items a chapter is created with (its verses, and an empty psalm title for a titled psalm
  /// unless the Bible uses French numbering), by their ids whole: the same on every device, so
  /// never logged.
  static func baseStates(bible: Bible, chapter: Chapter) -> [String: ItemState] {
    var items: [String: ItemState] = [:]
    items.reserveCapacity(chapter.numVerses + 1)
    if createdWithAscription(bible: bible, chapter: chapter) {
      items[TextID.ascription(chapter: chapter.uid)] = .created(.ascription, verse: 1)
    }
    for verse in createdVerses(chapter) {
      items[TextID.verse(chapter: chapter.uid, verse: verse)] = .created(.verse, verse: verse)
    }
    return items
  }

  /// The verses a chapter is created with: every verse its versification counts, and verse 1 even
  /// when it counts none.
  static func createdVerses(_ chapter: Chapter) -> ClosedRange<Int> { 1...max(1, chapter.numVerses) }

  /// Whether a chapter is created with an empty psalm title (see `baseStates`).
  static func createdWithAscription(bible: Bible, chapter: Chapter) -> Bool {
    let spec = bible.catalog.book(number: chapter.bookID)?.chapters[safe: chapter.chapterNumber - 1]
    return spec?.mayHaveAscription == true && !bible.frenchPsalms
  }

  /// The uid a new item takes: a verse or psalm title its place's derived id when no item has it
  /// (so a verse unbridged on two devices is one item), anything else a new UUIDv7.
  static func uidForNewItem(_ type: ItemType, verse: Int, chapterUID: String, taken: Set<String>) -> String {
    let derived: String? =
      switch type {
      case .verse: TextID.verse(chapter: chapterUID, verse: verse)
      case .ascription: TextID.ascription(chapter: chapterUID)
      default: nil
      }
    if let derived, !taken.contains(derived) { return derived }
    return TextID.make()
  }

  /// Gives every Bible, chapter and item of a database made before text ids its ids, and writes
  /// each Bible's log so far. Run once, by the migration; a Bible that later joins a team brings
  /// everything it has.
  static func giveTextIDs(_ db: Database, wallMillis: Int64) throws {
    try makeDevice(db)
    for var bible in try Bible.order(Bible.Columns.bibleID).fetchAll(db) {
      // Whole, as rows stored them until v11 (whose migration stores them from the chapter's id on).
      try identifyAnew(db, bible: &bible, wallMillis: wallMillis, storingIDsWhole: true)
    }
  }

  /// Gives a Bible a new text id, its chapters and items the ids derived from it (a new UUIDv7 for
  /// an item no place derives), and writes its log afresh from its tables: the Bible, then each
  /// opened chapter as it differs from a new one. What any hub holds of the old id stays apart.
  static func identifyAnew(_ db: Database, bible: inout Bible, wallMillis: Int64, storingIDsWhole: Bool = false)
    throws
  {
    bible.uid = TextID.make()
    try db.execute(sql: "UPDATE Bibles SET uid = ? WHERE bibleID = ?", arguments: [bible.uid, bible.bibleID])
    try db.execute(sql: "DELETE FROM KeyItChanges WHERE bibleID = ?", arguments: [bible.bibleID])
    try db.execute(sql: "DELETE FROM KeyItSync WHERE bibleID = ?", arguments: [bible.bibleID])
    try log(db, bible: bible, KeyItChange(kind: .bible, bible: bible.sharedSpec), wallMillis: wallMillis)
    let chapters = try Chapter.filter(Chapter.Columns.bibleID == bible.bibleID)
      .order(Chapter.Columns.bookID, Chapter.Columns.chapterNumber).fetchAll(db)
    for var chapter in chapters {
      chapter.uid = TextID.chapter(bible: bible.uid, book: try bookCode(db, chapter), chapter: chapter.chapterNumber)
      try db.execute(
        sql: "UPDATE Chapters SET uid = ? WHERE chapterID = ?", arguments: [chapter.uid, chapter.chapterID])
      var taken: Set<String> = []
      let items = try VerseItem.filter(VerseItem.Columns.chapterID == chapter.chapterID)
        .order(VerseItem.Columns.itemID).fetchAll(db)
      // Stored from the chapter's id on, an old id and a new one can be the same text: each item
      // first takes one no other can have, so no new id meets an old one.
      try db.execute(
        sql: "UPDATE VerseItems SET uid = '~' || itemID WHERE chapterID = ?", arguments: [chapter.chapterID])
      for item in items {
        let uid =
          item.intSeq == 0
          ? uidForNewItem(item.itemType, verse: item.verseNumber, chapterUID: chapter.uid, taken: taken)
          : TextID.make()
        taken.insert(uid)
        try db.execute(
          sql: "UPDATE VerseItems SET uid = ? WHERE itemID = ?",
          arguments: [storingIDsWhole ? uid : TextID.stored(uid, chapter: chapter.uid), item.itemID])
      }
      if chapter.itemRecsCreated {
        try logChapter(db, chapter: chapter, before: baseStates(bible: bible, chapter: chapter), wallMillis: wallMillis)
      }
    }
  }

  /// True when the Bible's team (or a team it was in) may have it: it is in a team on this device,
  /// or its log holds another device's change.
  static func isShared(_ db: Database, bible: Bible) throws -> Bool {
    let me = try device(db).device
    return try Bool.fetchOne(
      db,
      sql: """
        SELECT EXISTS (SELECT 1 FROM KeyItTeams WHERE bibleUID = ?)
          OR EXISTS (SELECT 1 FROM KeyItChanges WHERE bibleID = ? AND device != ?)
        """, arguments: [bible.uid, bible.bibleID, me]) ?? false
  }
}

extension Bible {
  /// What a team's devices need to create this Bible.
  var sharedSpec: SharedBibleSpec {
    SharedBibleSpec(name: name, versification: versification, frenchPsalms: frenchPsalms, bookNames: bookNames)
  }
}

/// Milliseconds since 1970 by this machine's clock.
@Sendable public func wallClockMillis() -> Int64 { Int64(Date().timeIntervalSince1970 * 1000) }
