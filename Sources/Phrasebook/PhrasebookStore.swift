import AppSupport
import Foundation
import GRDB

/// Owns `phrasebook.sqlite`: phrasebooks, word pairs, tags and the search index. Every public
/// method is one transaction.
public final class PhrasebookStore: Sendable {
  let writer: any DatabaseWriter
  /// Where pair images are kept: the data folder's `media/phrasebook/`.
  public let mediaFolder: URL

  /// Opens (creating and migrating as needed) the database file at `path`; images go to
  /// `media/phrasebook/` beside it unless `mediaFolder` says otherwise.
  public convenience init(path: String, mediaFolder: URL? = nil) throws {
    var configuration = Configuration()
    // The server and a command may open the file at once; a write waits for the other's lock.
    configuration.busyMode = .timeout(5)
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
  static func rebuildSortKeysIfICUChanged(_ db: Database, running: String = Collation.icuVersion) throws {
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
    }
    try db.execute(sql: "DELETE FROM CollationVersion")
    try db.execute(sql: "INSERT INTO CollationVersion (version) VALUES (?)", arguments: [running])
  }

  // MARK: Phrasebooks

  /// Creates a phrasebook from `code:Name,code:Name`; a Welsh one gets the areas North / South / Both.
  public func createPhrasebook(name: String, languages: String) async throws -> Phrasebook {
    let name = try Self.clean(name, field: .name)
    try Self.checkControls(languages, field: .languages)
    let parts = languages.split(separator: ",").map {
      $0.split(separator: ":", maxSplits: 1).map { String($0).trimmed }
    }
    guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && !$0[0].isEmpty && !$0[1].isEmpty }) else {
      throw PhrasebookError.badLanguages(languages)
    }
    let (areas, defaultArea) = defaultAreas(languageOne: parts[0][0], languageTwo: parts[1][0])
    return try await writer.write { db in
      guard try Phrasebook.filter(Column("name") == name).fetchCount(db) == 0 else {
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
    try await writer.read { db in try Phrasebook.order(Column("name")).fetchAll(db) }
  }

  /// The phrasebook with this name, or the last used (or only) one when `name` is nil.
  public func phrasebook(_ name: String?) async throws -> Phrasebook {
    try await writer.read { db in try Self.phrasebook(db, name) }
  }

  static func phrasebook(_ db: Database, _ name: String?) throws -> Phrasebook {
    if let name {
      guard let book = try Phrasebook.filter(Column("name") == name.trimmed.nfc).fetchOne(db) else {
        throw PhrasebookError.unknownPhrasebook(
          name, known: try String.fetchAll(db, sql: "SELECT name FROM Phrasebooks ORDER BY name"))
      }
      return book
    }
    if let id = try Int64.fetchOne(db, sql: "SELECT lastUsed FROM PhrasebookState WHERE id = 1"),
      let book = try Phrasebook.fetchOne(db, key: id)
    {
      return book
    }
    guard let book = try Phrasebook.order(Column("id").desc).fetchOne(db) else { throw PhrasebookError.noPhrasebook }
    return book
  }

  static func markUsed(_ db: Database, _ id: Int64) throws {
    try db.execute(
      sql:
        "INSERT INTO PhrasebookState (id, lastUsed) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET lastUsed = excluded.lastUsed",
      arguments: [id])
  }

  // MARK: Pairs

  /// Adds a pair, or updates it when the phrasebook has it already (the seed's insert-or-replace)
  /// keeping its id, tags and review history; given tags are added. Returns the pair and whether
  /// it was new.
  public func save(_ input: PairInput, in phrasebook: String? = nil, now: Date = Date()) async throws -> (
    TaggedPair, created: Bool
  ) {
    try await writer.write { db in
      let book = try Self.phrasebook(db, phrasebook)
      let (saved, outcome) = try Self.upsert(db, book: book, input: input, now: now)
      try Self.markUsed(db, book.id!)
      return (saved, outcome == .added)
    }
  }

  /// What saving a pair did.
  enum SaveOutcome { case added, updated, unchanged }

  /// Adds or updates one pair inside the caller's transaction. Everything is checked before the
  /// first write, so a refused pair changes nothing.
  static func upsert(_ db: Database, book: Phrasebook, input: PairInput, now: Date) throws -> (TaggedPair, SaveOutcome)
  {
    let wordOne = try clean(input.wordOne, field: .wordOne)
    let wordTwo = try clean(input.wordTwo, field: .wordTwo)
    for (text, field): (String?, PhrasebookField) in [
      (input.type, .type), (input.context, .context), (input.area, .area), (input.note, .note),
      (input.image, .image), (input.imageURL, .imageURL), (input.imageCredit, .imageCredit),
      (input.imageLicence, .imageLicence),
    ] {
      try checkControls(text, field: field)
    }
    for tag in input.tags { try checkControls(tag, field: .tags) }
    let area = input.area.map { $0.trimmed.nfc }
    if let area, !area.isEmpty, !book.areas.isEmpty, !book.areas.contains(area) {
      throw PhrasebookError.unknownArea(area, known: book.areas)
    }
    if let image = input.image?.trimmed, !image.isEmpty, !isPlainFileName(image) {
      throw PhrasebookError.badImageName(image)
    }
    if let url = input.imageURL?.trimmed, !url.isEmpty, !isWebAddress(url) { throw PhrasebookError.badImageURL(url) }
    // Cached statements throughout: an import runs this once per row, and preparing each
    // statement anew cost more than running it.
    let stored = try WordPair.fetchOne(
      db.cachedStatement(sql: "SELECT * FROM WordPairs WHERE phrasebookID = ? AND wordOne = ? AND wordTwo = ?"),
      arguments: [book.id, wordOne, wordTwo])
    var pair =
      stored
      ?? WordPair(
        id: nil, phrasebookID: book.id!, wordOne: wordOne, wordTwo: wordTwo, type: "", context: "",
        area: book.defaultArea, note: "", image: "", imageURL: "", imageCredit: "", imageLicence: "",
        createdAt: now, updatedAt: now)
    let tagsBefore = try pair.id.map { try tags(db, pairID: $0) } ?? []
    func set(_ keyPath: WritableKeyPath<WordPair, String>, _ value: String?) {
      if let value { pair[keyPath: keyPath] = value.trimmed.nfc }
    }
    set(\.type, input.type)
    set(\.context, input.context)
    set(\.note, input.note)
    set(\.image, input.image)
    set(\.imageURL, input.imageURL)
    set(\.imageCredit, input.imageCredit)
    set(\.imageLicence, input.imageLicence)
    if let area, !area.isEmpty { pair.area = area }
    let newTags = Set(tagNames(input.tags)).subtracting(tagsBefore)
    if let stored, stored == pair, newTags.isEmpty {
      return (TaggedPair(pair: stored, tags: tagsBefore), .unchanged)
    }
    pair.updatedAt = now
    try pair.save(db)
    for tag in newTags {
      try db.cachedStatement(sql: "INSERT OR IGNORE INTO Tags (phrasebookID, name) VALUES (?, ?)")
        .execute(arguments: [book.id, tag])
      try db.cachedStatement(
        sql: "INSERT OR IGNORE INTO PairTags (pairID, tagID) SELECT ?, id FROM Tags WHERE phrasebookID = ? AND name = ?"
      ).execute(arguments: [pair.id, book.id, tag])
    }
    let tagsAfter = (tagsBefore + newTags).sorted()
    try reindex(db, pair: pair, tags: tagsAfter, isNew: stored == nil)
    if stored == nil {
      try db.cachedStatement(sql: "UPDATE WordPairs SET sortKey = ? WHERE id = ?")
        .execute(arguments: [PairOrder(book).sortKey(wordOne: wordOne, wordTwo: wordTwo), pair.id])
    }
    return (TaggedPair(pair: pair, tags: tagsAfter), stored == nil ? .added : .updated)
  }

  /// How many pairs come before the first whose first word starts at `letter` or later in the
  /// alphabet: where the letter index jumps to (`pairs` offset).
  public func position(ofLetter letter: String, in phrasebook: String? = nil) async throws -> Int {
    try await writer.read { db in
      let book = try Self.phrasebook(db, phrasebook)
      let key = PairOrder(book).sortKey(wordOne: letter.trimmed.nfc.lowercased(), wordTwo: "")
      return try Int.fetchOne(
        db, sql: "SELECT COUNT(*) FROM WordPairs WHERE phrasebookID = ? AND sortKey < ?", arguments: [book.id, key])
        ?? 0
    }
  }

  /// The pair with this id, with its tags.
  public func pair(id: Int64) async throws -> TaggedPair {
    try await writer.read { db in
      guard let pair = try WordPair.fetchOne(db, key: id) else { throw PhrasebookError.unknownPairID(id) }
      return TaggedPair(pair: pair, tags: try Self.tags(db, pairID: id))
    }
  }

  /// Stores an uploaded picture (PNG, JPEG, GIF or WebP, recognised by its first bytes) in the
  /// media folder and makes it the pair's image.
  public func setImage(pairID: Int64, data: Data, now: Date = Date()) async throws -> TaggedPair {
    guard let fileExtension = imageType(data) else { throw PhrasebookError.notAnImage }
    let media = MediaWriter(folder: mediaFolder, images: ["upload.\(fileExtension)": data])
    let name = try media.store("upload.\(fileExtension)")
    do {
      return try await writer.write { db in
        guard var pair = try WordPair.fetchOne(db, key: pairID) else { throw PhrasebookError.unknownPairID(pairID) }
        pair.image = name
        pair.updatedAt = now
        try pair.update(db)
        return TaggedPair(pair: pair, tags: try Self.tags(db, pairID: pairID))
      }
    } catch {
      media.removeCreated()
      throw error
    }
  }

  /// Deletes the pair with this id (its tags' links, cards, reviews and search entry go with it).
  public func delete(pairID: Int64) async throws {
    try await writer.write { db in
      guard let pair = try WordPair.fetchOne(db, key: pairID) else { throw PhrasebookError.unknownPairID(pairID) }
      try Self.delete(db, pair)
    }
  }

  /// Deletes a pair (its tags' links and search entry go with it).
  public func delete(wordOne: String, wordTwo: String, in phrasebook: String? = nil) async throws {
    try await writer.write { db in
      try Self.delete(
        db, try Self.findPair(db, book: try Self.phrasebook(db, phrasebook), wordOne: wordOne, wordTwo: wordTwo))
    }
  }

  /// Every pair in alphabetical order (the language's own alphabet), optionally only one tag's.
  public func pairs(in phrasebook: String? = nil, tag: String? = nil) async throws -> [TaggedPair] {
    try await pairsPage(in: phrasebook, tag: tag).pairs
  }

  /// One page of `pairs`: `limit` pairs from `offset` (all when nil), with the total, read with
  /// LIMIT and OFFSET over the alphabetical index rather than by loading every pair.
  public func pairsPage(in phrasebook: String? = nil, tag: String? = nil, offset: Int = 0, limit: Int? = nil)
    async throws -> SearchPage
  {
    try await writer.read { db in
      let book = try Self.phrasebook(db, phrasebook)
      var filter = "phrasebookID = ?"
      var arguments: StatementArguments = [book.id]
      if let tag {
        filter += " AND id IN (SELECT pairID FROM PairTags WHERE tagID = ?)"
        arguments += [try Self.tagID(db, book: book, name: tag)]
      }
      let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM WordPairs WHERE \(filter)", arguments: arguments) ?? 0
      let pairs = try WordPair.fetchAll(
        db, sql: "SELECT * FROM WordPairs WHERE \(filter) ORDER BY sortKey, id LIMIT ? OFFSET ?",
        arguments: arguments + [limit ?? -1, offset])
      return SearchPage(total: total, pairs: try Self.withTags(db, pairs))
    }
  }

  /// Every pair matching what the user typed (diacritics folded, each word a prefix), those whose
  /// words, context or note hold it with the exact diacritics first, each group alphabetical.
  /// Every match is returned.
  public func search(_ typed: String, in phrasebook: String? = nil) async throws -> [TaggedPair] {
    try await searchPage(typed, in: phrasebook).pairs
  }

  /// One page of `search`: `limit` matches from `offset` (all when nil), with the total. The
  /// CROSS JOIN keeps SQLite from scanning every pair of the phrasebook and testing each against
  /// the index (it chose that plan and took 85 ms for 27 matches among 20,000 pairs).
  public func searchPage(_ typed: String, in phrasebook: String? = nil, offset: Int = 0, limit: Int? = nil)
    async throws -> SearchPage
  {
    guard let query = ftsQuery(typed) else { return SearchPage(total: 0, pairs: []) }
    let needle = typed.trimmed.nfc.lowercased()
    return try await writer.read { db in
      let book = try Self.phrasebook(db, phrasebook)
      // Order narrow rows first, then read the whole pairs of the page only.
      let matches = """
        FROM PairSearch CROSS JOIN WordPairs ON WordPairs.id = PairSearch.rowid
        WHERE PairSearch MATCH ? AND WordPairs.phrasebookID = ?
        """
      let ids = try Int64.fetchAll(
        db,
        sql: """
          SELECT WordPairs.id \(matches)
          ORDER BY instr(lower(WordPairs.wordOne || ' ' || WordPairs.wordTwo || ' ' || WordPairs.context || ' '
            || WordPairs.note), ?) = 0, WordPairs.sortKey, WordPairs.id
          LIMIT ? OFFSET ?
          """, arguments: [query, book.id, needle, limit ?? -1, offset])
      let total =
        limit == nil && offset == 0
        ? ids.count : try Int.fetchOne(db, sql: "SELECT COUNT(*) \(matches)", arguments: [query, book.id]) ?? 0
      let pairs = Dictionary(
        uniqueKeysWithValues: try WordPair.fetchAll(db, keys: ids).map { ($0.id!, $0) })
      return SearchPage(total: total, pairs: try Self.withTags(db, ids.compactMap { pairs[$0] }))
    }
  }

  /// A word with all its translations in either direction, each with its context, area and note.
  public func links(for word: String, in phrasebook: String? = nil) async throws -> WordLink {
    let word = word.trimmed.nfc
    return try await writer.read { db in
      let book = try Self.phrasebook(db, phrasebook)
      let pairs = try WordPair.filter(
        Column("phrasebookID") == book.id
          && (Column("wordOne").collating(.nocase) == word || Column("wordTwo").collating(.nocase) == word)
      ).fetchAll(db)
      let order = PairOrder(book)
      let translations = pairs.map { pair in
        let forward = pair.wordOne.caseInsensitiveCompare(word) == .orderedSame
        return WordLink.Translation(
          word: forward ? pair.wordTwo : pair.wordOne, pairID: pair.id!, forward: forward, context: pair.context,
          area: pair.area, note: pair.note)
      }.sorted {
        $0.forward ? order.secondLanguagePrecedes($0.word, $1.word) : order.firstLanguagePrecedes($0.word, $1.word)
      }
      return WordLink(word: word, translations: translations)
    }
  }

  // MARK: Tags

  /// Every tag with its number of pairs, by name.
  public func tags(in phrasebook: String? = nil) async throws -> [(name: String, pairs: Int)] {
    try await writer.read { db in
      let book = try Self.phrasebook(db, phrasebook)
      let order = PairOrder(book)
      return try Row.fetchAll(
        db,
        sql:
          "SELECT name, (SELECT COUNT(*) FROM PairTags WHERE tagID = Tags.id) AS pairs FROM Tags WHERE phrasebookID = ?",
        arguments: [book.id]
      ).map { ($0["name"] as String, $0["pairs"] as Int) }
        .sorted { order.firstLanguagePrecedes($0.name, $1.name) }
    }
  }

  /// Renames a tag everywhere it is used.
  public func renameTag(_ name: String, to newName: String, in phrasebook: String? = nil) async throws {
    let newName = try Self.clean(newName, field: .tagName)
    guard tagNames([newName]) == [newName] else { throw PhrasebookError.badTagName(newName) }
    try await writer.write { db in
      let book = try Self.phrasebook(db, phrasebook)
      let id = try Self.tagID(db, book: book, name: name)
      guard (try? Self.tagID(db, book: book, name: newName)) == nil else { throw PhrasebookError.duplicateTag(newName) }
      try db.execute(sql: "UPDATE Tags SET name = ? WHERE id = ?", arguments: [newName, id])
      try Self.reindexTag(db, tagID: id)
    }
  }

  /// Deletes a tag; its pairs stay.
  public func deleteTag(_ name: String, in phrasebook: String? = nil) async throws {
    try await writer.write { db in
      let book = try Self.phrasebook(db, phrasebook)
      let id = try Self.tagID(db, book: book, name: name)
      let pairIDs = try Int64.fetchAll(db, sql: "SELECT pairID FROM PairTags WHERE tagID = ?", arguments: [id])
      try db.execute(sql: "DELETE FROM Tags WHERE id = ?", arguments: [id])
      for pairID in pairIDs { try Self.reindex(db, pairID: pairID) }
    }
  }

  // MARK: Helpers

  private static func delete(_ db: Database, _ pair: WordPair) throws {
    try db.execute(sql: "DELETE FROM PairSearch WHERE rowid = ?", arguments: [pair.id])
    _ = try pair.delete(db)
  }

  /// The phrasebook's pair with these words, or an error naming them.
  static func findPair(_ db: Database, book: Phrasebook, wordOne: String, wordTwo: String) throws -> WordPair {
    guard
      let pair = try WordPair.filter(
        Column("phrasebookID") == book.id && Column("wordOne") == wordOne.trimmed.nfc
          && Column("wordTwo") == wordTwo.trimmed.nfc
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
    let sql =
      ids.count <= 500
      ? "SELECT pairID, Tags.name FROM PairTags JOIN Tags ON Tags.id = tagID WHERE pairID IN (\(ids.map(String.init).joined(separator: ",")))"
      : "SELECT pairID, Tags.name FROM PairTags JOIN Tags ON Tags.id = tagID WHERE Tags.phrasebookID = \(pairs[0].phrasebookID)"
    for row in try Row.fetchAll(db, sql: sql + " ORDER BY Tags.name") {
      tagsByPair[row["pairID"], default: []].append(row["name"])
    }
    return pairs.map { TaggedPair(pair: $0, tags: tagsByPair[$0.id!] ?? []) }
  }

  /// Rewrites a pair's search entry from the pair and its tags.
  static func reindex(_ db: Database, pairID: Int64) throws {
    guard let pair = try WordPair.fetchOne(db, key: pairID) else { return }
    try reindex(db, pair: pair, tags: try tags(db, pairID: pairID), isNew: false)
  }

  /// Writes a pair's search entry (a new pair has none to remove first).
  static func reindex(_ db: Database, pair: WordPair, tags: [String], isNew: Bool) throws {
    if !isNew {
      try db.cachedStatement(sql: "DELETE FROM PairSearch WHERE rowid = ?").execute(arguments: [pair.id])
    }
    try db.cachedStatement(
      sql: "INSERT INTO PairSearch (rowid, wordOne, wordTwo, context, note, tags) VALUES (?, ?, ?, ?, ?, ?)"
    ).execute(arguments: [pair.id, pair.wordOne, pair.wordTwo, pair.context, pair.note, tags.joined(separator: " ")])
  }

  static func reindexTag(_ db: Database, tagID: Int64) throws {
    for pairID in try Int64.fetchAll(db, sql: "SELECT pairID FROM PairTags WHERE tagID = ?", arguments: [tagID]) {
      try reindex(db, pairID: pairID)
    }
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
