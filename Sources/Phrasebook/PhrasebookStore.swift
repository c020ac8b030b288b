import AppSupport
import Foundation
import GRDB

/// Owns `phrasebook.sqlite`: phrasebooks, word pairs, tags and the search index. Every public
/// method is one transaction.
public final class PhrasebookStore: Sendable {
  let writer: any DatabaseWriter
  /// Where pair images are kept: the data folder's `media/phrasebook/`.
  public let mediaFolder: URL

  /// Opens (creating and migrating as needed) the data folder's `phrasebook.sqlite`; images go
  /// to its `media/phrasebook/`.
  public convenience init(dataFolder: DataFolder) throws {
    try self.init(
      path: try dataFolder.database("phrasebook.sqlite"),
      mediaFolder: dataFolder.media.appendingPathComponent("phrasebook"))
  }

  /// Opens (creating and migrating as needed) the database file at `path`; images go to
  /// `media/phrasebook/` beside it unless `mediaFolder` says otherwise.
  public convenience init(path: String, mediaFolder: URL? = nil) throws {
    var configuration = Configuration()
    // The server and a command may open the file at once; a write waits for the other's lock.
    configuration.busyMode = .timeout(5)
    // Pages are read from the mapped file instead of copied by a system call each: a search as
    // you type reads a few hundred scattered pages.
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA mmap_size = 268435456") }
    let folder =
      mediaFolder
      ?? URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("media/phrasebook")
    try self.init(writer: DatabasePool(path: path, configuration: configuration), mediaFolder: folder)
  }

  /// A store in memory with its images in a new temporary folder, for tests.
  public static func inMemory() throws -> PhrasebookStore {
    try PhrasebookStore(
      writer: DatabaseQueue(),
      mediaFolder: FileManager.default.temporaryDirectory.appendingPathComponent(
        "phrasebook-media-\(UUID().uuidString)"))
  }

  init(writer: any DatabaseWriter, mediaFolder: URL) throws {
    self.writer = writer
    self.mediaFolder = mediaFolder
    try PhrasebookMigrations.migrator.migrate(writer)
    try writer.write { db in try Self.rebuildSortKeysIfICUChanged(db) }
  }

  /// Rebuilds every pair's sort key when the ICU that made them is not the one running now (an
  /// upgraded system), so the alphabetical order and the letter index stay right; then records
  /// the running version beside the keys.
  static func rebuildSortKeysIfICUChanged(_ db: Database, running: String = LanguageCollation.icuVersion) throws {
    guard try String.fetchOne(db, sql: "SELECT version FROM CollationVersion") != running else { return }
    for book in try Phrasebook.fetchAll(db) {
      let order = PairOrder(book)
      for row in try Row.fetchAll(
        db, sql: "SELECT id, wordOne, wordTwo FROM WordPairs WHERE phrasebookID = ?", arguments: [book.id])
      {
        try db.execute(
          sql: "UPDATE WordPairs SET sortKey = ? WHERE id = ?",
          arguments: [order.sortKey(wordOne: row["wordOne"], wordTwo: row["wordTwo"]), row["id"] as Int64])
      }
      try PairOrderKeys.renumber(db, book: book.id!)
    }
    try db.execute(sql: "DELETE FROM CollationVersion")
    try db.execute(sql: "INSERT INTO CollationVersion (version) VALUES (?)", arguments: [running])
  }

  // MARK: Phrasebooks

  /// Creates a phrasebook from `code:Name,code:Name`; a code alone (`en,cy`) must be a BCP 47 tag
  /// and is named with its English name from ICU. A Welsh one gets the areas North / South / Both.
  public func createPhrasebook(name: String, languages: String) async throws -> Phrasebook {
    let name = try Self.clean(name, field: .name)
    try Self.checkControls(languages, field: .languages)
    let parts = languages.split(separator: ",").map { part in
      let named = part.split(separator: ":", maxSplits: 1).map { String($0).trimmed }
      guard named.count == 1 else { return named }
      return LanguageNames.language(named[0]).map { [$0.code, $0.english] } ?? named
    }
    guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && !$0[0].isEmpty && !$0[1].isEmpty }) else {
      throw PhrasebookError.badLanguages(languages)
    }
    let (areas, defaultArea) = defaultAreas(languageOne: parts[0][0], languageTwo: parts[1][0])
    return try await writer.write { db in
      guard try Phrasebook.filter(Phrasebook.Columns.name == name).fetchCount(db) == 0 else {
        throw PhrasebookError.duplicatePhrasebook(name)
      }
      var book = Phrasebook(
        id: nil, name: name, languageOneCode: parts[0][0], languageOneName: parts[0][1].nfc,
        languageTwoCode: parts[1][0], languageTwoName: parts[1][1].nfc, areas: areas, defaultArea: defaultArea)
      try book.insert(db)
      try Self.markUsed(db, book.id!)
      return book
    }
  }

  /// Every phrasebook, by name.
  public func phrasebooks() async throws -> [Phrasebook] {
    try await writer.read { db in try Phrasebook.order(Phrasebook.Columns.name).fetchAll(db) }
  }

  /// The phrasebook with this name, or the last used (or only) one when `name` is nil.
  public func phrasebook(_ name: String?) async throws -> Phrasebook {
    try await writer.read { db in try Self.phrasebook(db, name) }
  }

  static func phrasebook(_ db: Database, _ name: String?) throws -> Phrasebook {
    if let name {
      guard let book = try Phrasebook.filter(Phrasebook.Columns.name == name.trimmed.nfc).fetchOne(db) else {
        throw PhrasebookError.unknownPhrasebook(
          name, known: try String.fetchAll(db, sql: "SELECT name FROM Phrasebooks ORDER BY name"))
      }
      return book
    }
    // One cached statement: search as you type asks for the phrasebook at every key.
    if let book = try Phrasebook.fetchOne(
      db.cachedStatement(
        sql: "SELECT * FROM Phrasebooks WHERE id = (SELECT lastUsed FROM PhrasebookState WHERE id = 1)"))
    {
      return book
    }
    guard let book = try Phrasebook.order(Phrasebook.Columns.id.desc).fetchOne(db) else {
      throw PhrasebookError.noPhrasebook
    }
    return book
  }

  static func markUsed(_ db: Database, _ id: Int64) throws {
    try db.execute(
      sql:
        "INSERT INTO PhrasebookState (id, lastUsed) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET lastUsed = excluded.lastUsed",
      arguments: [id])
  }

  /// The phrasebook's pair with these words, or an error naming them.
  static func findPair(_ db: Database, book: Phrasebook, wordOne: String, wordTwo: String) throws -> WordPair {
    guard
      let pair = try WordPair.filter(
        WordPair.Columns.phrasebookID == book.id && WordPair.Columns.wordOne == wordOne.trimmed.nfc
          && WordPair.Columns.wordTwo == wordTwo.trimmed.nfc
      ).fetchOne(db)
    else { throw PhrasebookError.unknownPair(wordOne: wordOne, wordTwo: wordTwo) }
    return pair
  }

  /// The id of a phrasebook's tag, or an error naming it.
  static func tagID(_ db: Database, book: Phrasebook, name: String) throws -> Int64 {
    guard
      let id = try Int64.fetchOne(
        db, sql: "SELECT id FROM Tags WHERE phrasebookID = ? AND name = ?", arguments: [book.id, name.trimmed.nfc])
    else { throw PhrasebookError.unknownTag(name) }
    return id
  }

  static func tags(_ db: Database, pairID: Int64) throws -> [String] {
    try String.fetchAll(
      db.cachedStatement(
        sql: "SELECT Tags.name FROM PairTags JOIN Tags ON Tags.id = tagID WHERE pairID = ? ORDER BY Tags.name"),
      arguments: [pairID])
  }

  static func withTags(_ db: Database, _ pairs: [WordPair]) throws -> [TaggedPair] {
    guard !pairs.isEmpty else { return [] }
    var tagsByPair: [Int64: [String]] = [:]
    let ids = pairs.compactMap(\.id)
    let (filter, argument): (String, any DatabaseValueConvertible) =
      ids.count <= 500
      ? ("pairID IN (SELECT value FROM json_each(?))", "[" + ids.map(String.init).joined(separator: ",") + "]")
      : ("Tags.phrasebookID = ?", pairs[0].phrasebookID)
    let sql = "SELECT pairID, Tags.name FROM PairTags JOIN Tags ON Tags.id = tagID WHERE \(filter) ORDER BY Tags.name"
    let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: [argument])
    while let row = try rows.next() {
      tagsByPair[row[0], default: []].append(row[1])
    }
    return pairs.map { TaggedPair(pair: $0, tags: tagsByPair[$0.id!] ?? []) }
  }

  /// The text trimmed and in NFC; blank or holding a forbidden control character is an error.
  static func clean(_ text: String, field: PhrasebookField) throws -> String {
    try checkControls(text, field: field)
    let clean = text.trimmed.nfc
    guard !clean.isEmpty else { throw PhrasebookError.blank(field: field) }
    return clean
  }

  /// Refuses text holding a control character that would cut it in SQLite or mean nothing in a word.
  static func checkControls(_ text: String?, field: PhrasebookField) throws {
    if let text, let scalar = forbiddenControlCharacter(in: text) {
      throw PhrasebookError.controlCharacter(field: field, scalar)
    }
  }
}
