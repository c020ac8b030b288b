import AppSupport
import CWALWrites
import Foundation
import GRDB

/// Owns `keyit.sqlite`: Bibles, their books, chapters, items and bridges. Every public method is
/// one transaction: it either completes or changes nothing.
public final class KeyItStore: Sendable {
  let writer: CountedWriter
  let textSaves: TextSaveQueue
  private let checkpointer: BackgroundCheckpointer?
  /// The chapters' latest replays (see `replayChapter`).
  let replays: ReplayCache
  /// Milliseconds since 1970: this machine's clock, or a test's.
  let now: @Sendable () -> Int64

  /// Opens (creating and migrating as needed) the data folder's `keyit.sqlite`. Saves are durable
  /// on return: WAL journal with `synchronous = FULL`; the log is copied into the file in the
  /// background (see `BackgroundCheckpointer`).
  public convenience init(dataFolder: DataFolder) throws {
    try self.init(path: try dataFolder.database("keyit.sqlite"))
  }

  /// How many chapters' latest replays a store keeps by default (see `ReplayCache`).
  public static let keptReplaysByDefault = 64

  /// Opens the database file at `path` (see `init(dataFolder:)`), keeping the latest replays of up
  /// to `keptReplays` chapters (0: none, so every change that reaches a chapter replays its whole log).
  public convenience init(path: String, keptReplays: Int = keptReplaysByDefault) throws {
    var configuration = Configuration()
    // A store closed a moment ago may still be finishing its last checkpoint; wait, don't fail.
    configuration.busyMode = .timeout(5)
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
    // A commit's frames go to the log in one write, not two per page (see CWALWrites.h).
    _ = scriptorium_gather_wal_writes()
    let pool = try DatabasePool(path: path, configuration: configuration)
    // Set on the writer once the pool is open: the pool turns WAL on after `prepareDatabase` and
    // sets `synchronous = NORMAL` with it, which syncs the log only at checkpoints.
    try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
    try self.init(
      writer: pool, checkpointer: BackgroundCheckpointer(path: path, writer: pool), now: wallClockMillis,
      replays: ReplayCache(capacity: keptReplays))
  }

  /// Closes the database, its file left whole (the log copied in and removed) when this returns, so
  /// that it can be opened again at once. The store cannot be used after.
  public func close() async throws {
    await checkpointer?.stop()
    try writer.database.close()
  }

  /// A store in memory, for tests.
  public static func inMemory(now: @escaping @Sendable () -> Int64 = wallClockMillis) throws -> KeyItStore {
    try KeyItStore(writer: DatabaseQueue(), checkpointer: nil, now: now)
  }

  init(
    writer: any DatabaseWriter, checkpointer: BackgroundCheckpointer?,
    now: @escaping @Sendable () -> Int64 = wallClockMillis,
    replays: ReplayCache = ReplayCache(capacity: keptReplaysByDefault)
  ) throws {
    self.writer = CountedWriter(writer)
    self.checkpointer = checkpointer
    self.now = now
    self.replays = replays
    textSaves = TextSaveQueue(writer: self.writer, now: now)
    try KeyItMigrations.migrator.migrate(writer)
  }

  // MARK: Bibles

  /// Creates a Bible with the books of the 66 its versification numbers (named from a shipped
  /// list) and makes it the current Bible. French psalm numbering, asked for without a
  /// versification, is the Original numbering (a psalm's title is its verse 1).
  public func createBible(
    name: String, versification: Versification? = nil, frenchPsalms: Bool = false, bookNames: String = "en"
  ) async throws -> Bible {
    let name = try cleanName(name)
    let names = try BookCatalog.names(list: bookNames)
    let versification = versification ?? (frenchPsalms ? .original : .kjv)
    let now = now()
    return try await writer.write { db in
      let bible = try Self.insertBible(
        db, SharedBibleSpec(name: name, versification: versification, frenchPsalms: frenchPsalms, bookNames: bookNames),
        uid: TextID.make(), names: names)
      try Self.log(db, bible: bible, KeyItChange(kind: .bible, bible: bible.sharedSpec), wallMillis: now)
      return bible
    }
  }

  /// Creates a Bible row with its books and makes it current (a new Bible, or one a team shares).
  static func insertBible(_ db: Database, _ spec: SharedBibleSpec, uid: String, names: [Int: String]) throws -> Bible {
    var bible = Bible(
      bibleID: nil, name: spec.name, bookRecsCreated: false, currBook: 0, frenchPsalms: spec.frenchPsalms,
      bookNames: spec.bookNames, goStraight: true, versification: spec.versification, uid: uid)
    try bible.insert(db)
    let insert = try db.cachedStatement(
      sql: "INSERT INTO Books (bibleID, bookID, bookCode, bookName, chapRecsCreated, numChaps, currChapter) "
        + "VALUES (?, ?, ?, ?, 0, ?, 0)")
    for book in bible.catalog.books where !book.isExtra {
      try insert.execute(arguments: [
        bible.bibleID, book.number, book.code, names[book.number] ?? book.name, book.chapters.count,
      ])
    }
    bible.bookRecsCreated = true
    try bible.update(db)
    try setCurrentBible(db, bible.bibleID!)
    return bible
  }

  /// Every Bible, oldest first.
  public func bibles() async throws -> [Bible] {
    try await writer.read { db in try Bible.order(Bible.Columns.bibleID).fetchAll(db) }
  }

  /// The current Bible, or nil when none exists.
  public func currentBible() async throws -> Bible? {
    try await writer.read { db in try Self.currentBible(db) }
  }

  /// The Bible with this id, or the current one when `id` is nil.
  public func bible(_ id: Int64?) async throws -> Bible {
    try await writer.read { db in try Self.bible(db, id) }
  }

  /// Makes a Bible the current one.
  public func selectBible(_ id: Int64) async throws -> Bible {
    try await writer.write { db in
      let bible = try Self.bible(db, id)
      try Self.setCurrentBible(db, id)
      return bible
    }
  }

  /// Renames a Bible (a change its team's devices receive).
  public func renameBible(_ id: Int64, to name: String) async throws -> Bible {
    let name = try cleanName(name)
    let now = now()
    return try await writer.write { db in
      let old = try Self.bible(db, id)
      var bible = old
      bible.name = name
      try bible.update(db)
      try Self.logSettings(db, old: old, new: bible, wallMillis: now)
      return bible
    }
  }

  /// Saves the setup screen: the Bible's name, its book-name list (a new list renames every book)
  /// and whether opening Key It goes straight to where the user left off (this device's choice
  /// only: the name and list are changes its team's devices receive).
  public func updateSetup(_ id: Int64, name: String, bookNames: String, goStraight: Bool) async throws -> Bible {
    let name = try cleanName(name)
    let names = try BookCatalog.names(list: bookNames)
    let now = now()
    return try await writer.write { db in
      let old = try Self.bible(db, id)
      var bible = old
      if bible.bookNames != bookNames { try Self.setBookNames(db, bibleID: id, names) }
      bible.name = name
      bible.bookNames = bookNames
      bible.goStraight = goStraight
      try bible.update(db)
      try Self.logSettings(db, old: old, new: bible, wallMillis: now)
      return bible
    }
  }

  static func currentBible(_ db: Database) throws -> Bible? {
    if let id = try Int64.fetchOne(db.cachedStatement(sql: "SELECT currentBible FROM KeyItState WHERE id = 1")),
      let bible = try Bible.fetchOne(db.cachedStatement(sql: "SELECT * FROM Bibles WHERE bibleID = ?"), arguments: [id])
    {
      return bible
    }
    return try Bible.order(Bible.Columns.bibleID).fetchOne(db)
  }

  static func bible(_ db: Database, _ id: Int64?) throws -> Bible {
    guard let id else {
      guard let bible = try currentBible(db) else { throw KeyItError.noBible }
      return bible
    }
    guard
      let bible = try Bible.fetchOne(db.cachedStatement(sql: "SELECT * FROM Bibles WHERE bibleID = ?"), arguments: [id])
    else {
      throw KeyItError.unknownBible(
        id: id, known: try Int64.fetchAll(db, sql: "SELECT bibleID FROM Bibles ORDER BY bibleID"))
    }
    return bible
  }

  private static func setCurrentBible(_ db: Database, _ id: Int64) throws {
    try db.execute(
      sql: "INSERT INTO KeyItState (id, currentBible) VALUES (1, ?) "
        + "ON CONFLICT(id) DO UPDATE SET currentBible = excluded.currentBible",
      arguments: [id])
  }

  private func cleanName(_ name: String) throws -> String {
    if let scalar = forbiddenControlCharacter(in: name) { throw KeyItError.controlCharacter(field: .name, scalar) }
    let clean = name.trimmed.nfc
    guard !clean.isEmpty else { throw KeyItError.blankName }
    return clean
  }
}
