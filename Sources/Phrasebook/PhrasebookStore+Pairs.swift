import AppSupport
import Foundation
import GRDB

/// Word pairs: saving (insert or update), reading, pages of the list and of search results, links
/// between words, images and deletion. The search index follows by triggers (migration v6).
extension PhrasebookStore {
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

  /// Changes a pair from its edit form: its words too (a rename keeps its id, tags and review
  /// history), and its tags become exactly the given ones. Refused, changing nothing, when the
  /// phrasebook has another pair with the new words.
  public func update(pairID: Int64, with input: PairInput, in phrasebook: String? = nil, now: Date = Date())
    async throws -> TaggedPair
  {
    try await writer.write { db in
      let book = try Self.phrasebook(db, phrasebook)
      let (saved, _) = try Self.upsert(db, book: book, input: input, now: now, editing: pairID)
      try Self.markUsed(db, book.id!)
      return saved
    }
  }

  /// What saving a pair did.
  enum SaveOutcome { case added, updated, unchanged }

  /// Adds or updates one pair inside the caller's transaction. Everything is checked before the
  /// first write, so a refused pair changes nothing. Found by its words, its given tags are added
  /// (an import); found by `editing`, its words may change and its tags are replaced (the form).
  /// A new or renamed pair takes its place in the order unless `placing` is false (an import
  /// places the pairs it saved at its end: `PairOrderKeys.placeAll`).
  static func upsert(
    _ db: Database, book: Phrasebook, input: PairInput, now: Date, editing: Int64? = nil, placing: Bool = true
  ) throws -> (TaggedPair, SaveOutcome) {
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
    let byWords = try WordPair.fetchOne(
      db.cachedStatement(sql: "SELECT * FROM WordPairs WHERE phrasebookID = ? AND wordOne = ? AND wordTwo = ?"),
      arguments: [book.id, wordOne, wordTwo])
    var stored = byWords
    if let editing {
      guard let edited = try WordPair.fetchOne(db, key: editing), edited.phrasebookID == book.id else {
        throw PhrasebookError.unknownPairID(editing)
      }
      if let byWords, byWords.id != editing { throw PhrasebookError.pairExists(wordOne: wordOne, wordTwo: wordTwo) }
      stored = edited
    }
    var pair =
      stored
      ?? WordPair(
        id: nil, phrasebookID: book.id!, wordOne: wordOne, wordTwo: wordTwo, type: "", context: "",
        area: book.defaultArea, note: "", image: "", imageURL: "", imageCredit: "", imageLicence: "",
        createdAt: now, updatedAt: now)
    let renamed = stored.map { $0.wordOne != wordOne || $0.wordTwo != wordTwo } ?? false
    pair.wordOne = wordOne
    pair.wordTwo = wordTwo
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
    let given = Set(tagNames(input.tags))
    let newTags = given.subtracting(tagsBefore)
    let goneTags = editing == nil ? [] : Set(tagsBefore).subtracting(given)
    if let stored, stored == pair, newTags.isEmpty, goneTags.isEmpty {
      return (TaggedPair(pair: stored, tags: tagsBefore), .unchanged)
    }
    pair.updatedAt = now
    let sortKey = stored == nil || renamed ? PairOrder(book).sortKey(wordOne: wordOne, wordTwo: wordTwo) : nil
    if let sortKey, stored == nil {
      // A new pair is written once, with its sort key (an import adds pairs by the thousand).
      try pair.insert(db, sortKey: sortKey)
    } else {
      try pair.update(db)
    }
    for tag in newTags {
      try db.cachedStatement(sql: "INSERT OR IGNORE INTO Tags (phrasebookID, name) VALUES (?, ?)")
        .execute(arguments: [book.id, tag])
      try db.cachedStatement(
        sql: "INSERT OR IGNORE INTO PairTags (pairID, tagID) SELECT ?, id FROM Tags WHERE phrasebookID = ? AND name = ?"
      ).execute(arguments: [pair.id, book.id, tag])
    }
    for tag in goneTags {
      try db.cachedStatement(
        sql:
          "DELETE FROM PairTags WHERE pairID = ? AND tagID = (SELECT id FROM Tags WHERE phrasebookID = ? AND name = ?)"
      ).execute(arguments: [pair.id, book.id, tag])
    }
    let tagsAfter = (tagsBefore.filter { !goneTags.contains($0) } + newTags).sorted()
    if let sortKey {
      if renamed {
        try db.cachedStatement(sql: "UPDATE WordPairs SET sortKey = ? WHERE id = ?").execute(arguments: [
          sortKey, pair.id,
        ])
      }
      if placing { try PairOrderKeys.place(db, pairID: pair.id!, book: book.id!) }
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

  /// The id of the pair with these words (for the command line).
  public func pairID(wordOne: String, wordTwo: String, in phrasebook: String? = nil) async throws -> Int64 {
    try await writer.read { db in
      try Self.findPair(db, book: try Self.phrasebook(db, phrasebook), wordOne: wordOne, wordTwo: wordTwo).id!
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
      _ = try pair.delete(db)
    }
  }

  /// Deletes a pair (its tags' links and search entry go with it).
  public func delete(wordOne: String, wordTwo: String, in phrasebook: String? = nil) async throws {
    try await writer.write { db in
      let book = try Self.phrasebook(db, phrasebook)
      _ = try Self.findPair(db, book: book, wordOne: wordOne, wordTwo: wordTwo).delete(db)
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

  /// A word with all its translations in either direction, each with its context, area and note.
  public func links(for word: String, in phrasebook: String? = nil) async throws -> WordLink {
    let word = word.trimmed.nfc
    return try await writer.read { db in
      let book = try Self.phrasebook(db, phrasebook)
      let pairs = try WordPair.filter(
        WordPair.Columns.phrasebookID == book.id
          && (WordPair.Columns.wordOne.collating(.nocase) == word
            || WordPair.Columns.wordTwo.collating(.nocase) == word)
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
}
