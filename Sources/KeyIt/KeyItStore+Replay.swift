import AppSupport
import Foundation
import GRDB
import SyncLog

extension KeyItStore {
  /// What this device's log holds of a Bible, per device (empty for a Bible it does not have yet).
  public func heads(bibleUID: String) async throws -> SyncHeads {
    try await writer.read { db in
      guard let bible = try Self.bible(db, uid: bibleUID) else { return SyncHeads() }
      return try Self.heads(db, bibleID: bible.bibleID!)
    }
  }

  static func heads(_ db: Database, bibleID: Int64) throws -> SyncHeads {
    var heads = SyncHeads()
    for row in try Row.fetchAll(
      db.cachedStatement(sql: SyncHeads.sqliteQuery(table: "KeyItChanges", scope: "bibleID")), arguments: [bibleID])
    {
      heads.counters[row["device"]] = row["head"]
    }
    return heads
  }

  static func bible(_ db: Database, uid: String) throws -> Bible? {
    try Bible.fetchOne(db.cachedStatement(sql: "SELECT * FROM Bibles WHERE uid = ?"), arguments: [uid])
  }

  /// Up to `limit` changes of this device's log that `heads` lacks, in the order they were logged.
  public func changes(bibleUID: String, after heads: SyncHeads, limit: Int) async throws -> [SyncChange] {
    try await writer.read { db in
      guard let bible = try Self.bible(db, uid: bibleUID) else { return [] }
      // Each device's changes after its head (all of a device `heads` lacks), filtered by SQLite.
      var arguments: StatementArguments = []
      for (device, head) in heads.sqlRows { arguments += [device, head] }
      arguments += [bible.bibleID, limit]
      let sql = """
        \(heads.sqlHeadsTable)
        SELECT c.* FROM KeyItChanges c LEFT JOIN Heads h ON h.device = c.device
        WHERE c.bibleID = ? AND c.counter > COALESCE(h.head, 0) ORDER BY c.seq LIMIT ?
        """
      let project = SyncChange.keyItProject(bibleUID: bibleUID)
      return try Row.fetchAll(db, sql: sql, arguments: arguments).map { Self.syncChange($0, project: project) }
    }
  }

  static func syncChange(_ row: Row, project: String) -> SyncChange {
    let device: String = row["device"]
    return SyncChange(
      project: project, device: device, counter: row["counter"],
      clock: HybridTimestamp(row["clock"]) ?? HybridTimestamp(wallMillis: 0, logical: 0, device: device),
      author: row["author"], payload: row["payload"])
  }

  /// Applies changes other devices made (from a hub), in one transaction: those the log already
  /// holds are skipped, those that would leave a gap wait for a later batch, the rest are logged
  /// and the chapters they touch replayed from their logs. A Bible this device does not have yet is
  /// created from its first change. Returns how many changes were new. Applying twice changes nothing.
  ///
  /// A change no device running this build makes (a payload that is no change, or one that
  /// `checkArrived` refuses) is logged as refused, with why, and changes nothing: every device
  /// refuses it alike, so they stay level, and the changes after it from its device still follow
  /// on. Refusing its whole batch instead stopped every device's sync at it for good. A later
  /// version reads the refused changes again at its first batch, and takes those it can read.
  @discardableResult
  public func applyRemote(_ changes: [SyncChange], bibleUID: String) async throws -> Int {
    let now = now()
    let project = SyncChange.keyItProject(bibleUID: bibleUID)
    return try await writer.write { db in
      var bible = try Self.bible(db, uid: bibleUID)
      let heads = try bible.map { try Self.heads(db, bibleID: $0.bibleID!) } ?? SyncHeads()
      let added = admissible(changes, project: project, heads: heads).added
      let reads = added.map { change in Result { try KeyItChange(json: change.payload, bible: bibleUID) } }
      // A Bible this device does not have yet is numbered as its first change says.
      let spec =
        bible == nil ? reads.lazy.compactMap { try? $0.get() }.first(where: { $0.kind == .bible })?.bible : nil
      guard let catalog = bible?.catalog ?? spec.map({ BookCatalog.of($0.versification) }) else { return 0 }
      if let spec {
        bible = try Self.insertBible(db, spec, uid: bibleUID, names: try BookCatalog.names(list: spec.bookNames))
      }
      let bibleID = bible!.bibleID!
      var touched = try Self.takeRefusedNowRead(db, bibleID: bibleID, bibleUID: bibleUID, catalog: catalog)
      for (change, read) in zip(added, reads) {
        let accepted = Result {
          let payload = try read.get()
          try payload.checkArrived(fromBible: bibleUID, numberedBy: catalog)
          return payload
        }
        switch accepted {
        case .success(let payload):
          try Self.insertLogged(db, bibleID: bibleID, change, chapterKey: payload.chapterKey)
          touched.take(payload)
        case .failure(let error):
          try Self.insertRefused(db, bibleID: bibleID, change, reason: Self.refusal(error))
        }
      }
      if touched.settings { try Self.applyLoggedSettings(db, bible: &bible!) }
      // Observing the latest reading moves the clock as far as observing each in turn would.
      if let latest = added.map(\.clock).max() { try Self.observe(db, latest, wallMillis: now) }
      for key in touched.chapters.sorted() { try self.replayChapter(db, bible: bible!, key: key) }
      return added.count
    }
  }

  /// What changes taken into the log touch: the chapters to replay, and whether the Bible's settings.
  private struct Touched {
    var chapters: Set<String> = []
    var settings = false

    mutating func take(_ change: KeyItChange) {
      if let key = change.chapterKey { chapters.insert(key) }
      if change.kind == .settings { settings = true }
    }
  }

  /// Takes into the log the changes of a Bible that another version refused and this one reads and
  /// accepts (a later version may read a change an earlier one could not). Each is read once by
  /// each version: a hub holding thousands of forged changes must not make every batch read them all.
  private static func takeRefusedNowRead(_ db: Database, bibleID: Int64, bibleUID: String, catalog: BookCatalog)
    throws -> Touched
  {
    var touched = Touched()
    for row in try Row.fetchAll(
      db.cachedStatement(
        sql: "SELECT seq, payload FROM KeyItChanges WHERE bibleID = ? AND refused IS NOT NULL AND refusedBy IS NOT ?"),
      arguments: [bibleID, ProductVersion.current])
    {
      guard let change = try? KeyItChange(json: row["payload"], bible: bibleUID),
        (try? change.checkArrived(fromBible: bibleUID, numberedBy: catalog)) != nil
      else {
        try db.execute(
          sql: "UPDATE KeyItChanges SET refusedBy = ? WHERE seq = ?",
          arguments: [ProductVersion.current, row["seq"] as Int64])
        continue
      }
      try db.execute(
        sql: "UPDATE KeyItChanges SET refused = NULL, refusedBy = NULL, chapterKey = ? WHERE seq = ?",
        arguments: [change.chapterKey, row["seq"] as Int64])
      touched.take(change)
    }
    return touched
  }

  /// Why a change was refused, in a line.
  private static func refusal(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context): context.debugDescription
    case DecodingError.keyNotFound(let key, _): "no \(key.stringValue)"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
    default: String(describing: error)
    }
  }

  /// The chapter row for `BOOK.n`, created with its items (and its book, for a book outside the 66) as needed.
  func chapterRow(_ db: Database, bible: Bible, key: String) throws -> Chapter {
    let parts = key.split(separator: ".")
    let code = String(parts[0])
    let number = Int(parts[1]) ?? 1
    let spec = try bible.catalog.requireBook(code: code)
    if try Book.fetchOne(
      db.cachedStatement(sql: "SELECT * FROM Books WHERE bibleID = ? AND bookID = ?"),
      arguments: [bible.bibleID, spec.number]) == nil
    {
      try Book(
        bibleID: bible.bibleID!, bookID: spec.number, bookCode: spec.code, bookName: spec.name, chapRecsCreated: false,
        numChaps: spec.chapters.count, currChapter: 0
      ).insert(db)
    }
    var book = try self.book(db, in: bible, code: code)
    try createChapters(db, book: &book, bible: bible)
    var chapter = try Self.chapterRow(db, book: book, number: number)!
    try createItems(db, chapter: &chapter, bible: bible)
    return chapter
  }

  /// A chapter as its log makes it (the items and conflicts every device computes alike), from
  /// its whole log.
  static func replay(_ db: Database, bible: Bible, chapter: Chapter, key: String) throws -> ChapterReplay {
    try replay(db, bible: bible, key: key, onto: fresh(bible: bible, chapter: chapter)).replay
  }

  /// A chapter as it is created, before any change of its log.
  private static func fresh(bible: Bible, chapter: Chapter) -> ReplayCache.Entry {
    ReplayCache.Entry(
      replay: ChapterReplay(base: baseStates(bible: bible, chapter: chapter)), changes: 0, lastClock: nil)
  }

  /// `entry` with the chapter's changes logged later than its last clock applied in clock order.
  private static func replay(_ db: Database, bible: Bible, key: String, onto entry: ReplayCache.Entry) throws
    -> ReplayCache.Entry
  {
    var entry = entry
    let project = SyncChange.keyItProject(bibleUID: bible.uid)
    let rows =
      if let lastClock = entry.lastClock {
        try Row.fetchAll(
          db.cachedStatement(
            sql: "SELECT * FROM KeyItChanges WHERE bibleID = ? AND chapterKey = ? AND clock > ? ORDER BY clock"),
          arguments: [bible.bibleID, key, lastClock])
      } else {
        try Row.fetchAll(
          db.cachedStatement(sql: "SELECT * FROM KeyItChanges WHERE bibleID = ? AND chapterKey = ? ORDER BY clock"),
          arguments: [bible.bibleID, key])
      }
    for row in rows {
      let change = syncChange(row, project: project)
      entry.replay.apply(change, try KeyItChange(json: change.payload, bible: bible.uid))
      entry.changes += 1
      entry.lastClock = row["clock"]
    }
    return entry
  }

  /// A chapter as its log makes it, from the replay this store last made of it when the log has
  /// gained only changes later than all it folded: the changes up to its last clock must be exactly
  /// as many as it folded (one that came in before, as from a device long offline, makes one
  /// more). Otherwise from its whole log. Kept for the chapter once the transaction commits.
  private func latestReplay(_ db: Database, bible: Bible, chapter: Chapter, key: String) throws -> ChapterReplay {
    let cacheKey = ReplayCache.Key(bibleUID: bible.uid, chapterID: chapter.chapterID!)
    var kept: ReplayCache.Entry?
    if let cached = replays.entry(cacheKey), let lastClock = cached.lastClock {
      let folded = try Int.fetchOne(
        db.cachedStatement(
          sql: "SELECT COUNT(*) FROM KeyItChanges WHERE bibleID = ? AND chapterKey = ? AND clock <= ?"),
        arguments: [bible.bibleID, key, lastClock])
      if folded == cached.changes { kept = cached }
    }
    let latest = try Self.replay(db, bible: bible, key: key, onto: kept ?? Self.fresh(bible: bible, chapter: chapter))
    let replays = replays
    db.afterNextTransaction(onCommit: { _ in replays.keep(latest, cacheKey) })
    return latest.replay
  }

  /// Rewrites a chapter's items, bridge steps and conflicts as its log makes them. Items keep their
  /// row ids (pages that show them stay valid); text that changes counts a new revision.
  func replayChapter(_ db: Database, bible: Bible, key: String) throws {
    var chapter = try chapterRow(db, bible: bible, key: key)
    let replay = try latestReplay(db, bible: bible, chapter: chapter, key: key)
    let rows = Dictionary(
      uniqueKeysWithValues: try VerseItem.fetchAll(
        db.cachedStatement(sql: "SELECT * FROM VerseItems WHERE chapterID = ?"), arguments: [chapter.chapterID]
      ).map {
        (TextID.whole($0.uid, chapter: chapter.uid), $0)
      })
    let current = try Self.itemStates(db, chapter: chapter)
    for (uid, row) in rows where replay.items[uid] == nil { _ = try row.delete(db) }
    for (uid, state) in replay.items.sorted(by: { $0.key < $1.key }) where current[uid] != state {
      var item = state.row(chapterID: chapter.chapterID!, uid: uid)
      if let row = rows[uid] {
        item.itemID = row.itemID
        item.revision = row.revision
        try item.update(db, chapterUID: chapter.uid)
        try BridgeItem.filter(BridgeItem.Columns.itemID == row.itemID).deleteAll(db)
      } else {
        try item.insert(db, chapterUID: chapter.uid)
      }
      for step in state.steps {
        var bridge = BridgeItem(
          bridgeID: nil, itemID: item.itemID!, textCurrentBridge: step[0], textExtraVerse: step[1])
        try bridge.insert(db)
      }
    }
    try db.execute(sql: "DELETE FROM KeyItConflicts WHERE chapterID = ?", arguments: [chapter.chapterID])
    for conflict in replay.conflicts {
      try db.execute(
        sql: "INSERT INTO KeyItConflicts (chapterID, conflictID, open, conflict) VALUES (?, ?, ?, ?)",
        arguments: [chapter.chapterID, conflict.id, conflict.resolution == nil, Self.json(conflict)])
    }
    chapter.numItems = replay.items.count
    if !replay.items.keys.contains(where: { rows[$0]?.itemID == chapter.currItem }) { chapter.currItem = 0 }
    try chapter.update(db)
  }

  static func json(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try! encoder.encode(value), as: UTF8.self)
  }

  /// Everything of a Bible a team shares, as text: its name, book names and numbering, then each
  /// logged chapter's items (by uid, in printed order) and conflicts. Two devices that hold the same changes have the same snapshot.
  public func teamSnapshot(bibleUID: String) async throws -> String {
    try await writer.read { db in
      guard let bible = try Self.bible(db, uid: bibleUID) else { return "" }
      var lines = ["= \(Self.json(bible.sharedSpec))"]
      for key in try Self.loggedChapters(db, bibleID: bible.bibleID!) {
        lines.append("# \(key)")
        guard let chapter = try Self.existingChapter(db, bible: bible, key: key) else { continue }
        let states = try Self.itemStates(db, chapter: chapter)
        for (uid, state) in states.sorted(by: {
          ($0.value.order, $0.value.intSeq, $0.key) < ($1.value.order, $1.value.intSeq, $1.key)
        }) {
          lines.append("\(uid) \(Self.json(state))")
        }
        lines += try Self.conflicts(db, chapterID: chapter.chapterID!).map { "! \(Self.json($0))" }
      }
      return lines.joined(separator: "\n")
    }
  }

  /// The chapters (`BOOK.n`) a Bible's log has changes of.
  static func loggedChapters(_ db: Database, bibleID: Int64) throws -> [String] {
    try String.fetchAll(
      db,
      sql:
        "SELECT DISTINCT chapterKey FROM KeyItChanges WHERE bibleID = ? AND chapterKey IS NOT NULL ORDER BY chapterKey",
      arguments: [bibleID])
  }

  static func existingChapter(_ db: Database, bible: Bible, key: String) throws -> Chapter? {
    let parts = key.split(separator: ".")
    guard parts.count == 2, let number = Int(parts[1]), let spec = bible.catalog.book(code: String(parts[0])) else {
      return nil
    }
    return try Chapter.filter(
      Chapter.Columns.bibleID == bible.bibleID && Chapter.Columns.bookID == spec.number
        && Chapter.Columns.chapterNumber == number
    ).fetchOne(db)
  }

  static func conflicts(_ db: Database, chapterID: Int64) throws -> [TextConflict] {
    try String.fetchAll(
      db, sql: "SELECT conflict FROM KeyItConflicts WHERE chapterID = ? ORDER BY conflictID", arguments: [chapterID]
    ).map { try JSONDecoder().decode(TextConflict.self, from: Data($0.utf8)) }
  }

  /// The chapters whose tables differ from what replaying their log gives (none, unless something
  /// wrote around the log): the check that the log is the whole truth.
  public func chaptersDifferingFromLog(bibleUID: String) async throws -> [String] {
    try await writer.read { db in
      guard let bible = try Self.bible(db, uid: bibleUID) else { return [] }
      return try Self.loggedChapters(db, bibleID: bible.bibleID!).filter { key in
        guard let chapter = try Self.existingChapter(db, bible: bible, key: key) else { return true }
        let replay = try Self.replay(db, bible: bible, chapter: chapter, key: key)
        return try replay.items != Self.itemStates(db, chapter: chapter)
          || replay.conflicts.sorted(by: { $0.id < $1.id }) != Self.conflicts(db, chapterID: chapter.chapterID!)
      }
    }
  }
}

extension KeyItStore {
  /// The Bible with this text id, nil when this device does not have it.
  public func bible(uid: String) async throws -> Bible? {
    try await writer.read { db in try Self.bible(db, uid: uid) }
  }
}
