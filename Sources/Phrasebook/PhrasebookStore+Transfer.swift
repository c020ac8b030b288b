import AppSupport
import Foundation
import GRDB

/// What an import did, row by row.
public struct ImportReport: Sendable, Equatable {
  /// A row that was saved or found unchanged.
  public struct Row: Codable, Sendable, Equatable {
    /// Its number in the file (JSON index from 1, CSV line).
    public let number: Int
    /// Its first word.
    public let wordOne: String
    /// Its second word.
    public let wordTwo: String
  }
  /// New pairs.
  public var added: [Row] = []
  /// Pairs that existed and changed.
  public var updated: [Row] = []
  /// Pairs that existed exactly so.
  public var unchanged: [Row] = []
  /// Rows refused, with the reason.
  public var rejected: [ImportRejection] = []
}

/// Import and export of pairs as JSON, CSV and Anki packages.
extension PhrasebookStore {
  /// Imports a JSON, CSV or Anki file's pairs in one transaction. A file that cannot be read is an
  /// error and imports nothing; a bad row is reported and the others are imported.
  public func importPairs(
    _ data: Data, format: TransferFormat, in phrasebook: String? = nil, now: Date = Date()
  ) async throws -> ImportReport {
    switch format {
    case .json: return try await importRows(PairTransfer.jsonRows(data), in: phrasebook, now: now)
    case .csv: return try await importRows(PairTransfer.csvRows(data), in: phrasebook, now: now)
    case .apkg:
      let (rows, images) = try await runBlocking { try AnkiPackage.rows(data) }
      return try await importRows(rows, images: images, in: phrasebook, now: now)
    }
  }

  /// The phrasebook as a file in `format` (JSON and CSV import back unchanged).
  public func export(format: TransferFormat, in phrasebook: String? = nil) async throws -> Data {
    let book = try await self.phrasebook(phrasebook)
    let pairs = try await self.pairs(in: book.name)
    switch format {
    case .json: return try PairTransfer.json(pairs)
    case .csv: return PairTransfer.csv(pairs)
    case .apkg:
      let recordings = try await writer.read { db in
        try Row.fetchAll(
          db,
          sql: """
            SELECT pairID, side, file FROM PairRecordings JOIN WordPairs ON WordPairs.id = pairID
            WHERE phrasebookID = ?
            """, arguments: [book.id])
      }.reduce(into: [Int64: [PairSide: String]]()) { map, row in
        guard let side = PairSide(rawValue: row["side"]) else { return }
        map[row["pairID"], default: [:]][side] = row["file"]
      }
      return try AnkiPackage.write(pairs, phrasebook: book, mediaFolder: mediaFolder, recordings: recordings)
    }
  }

  /// Saves rows in one transaction, writing the image files that saved rows use into the media
  /// folder (named by content, so importing the same file again changes nothing).
  func importRows(
    _ rows: [ImportRow], images: [String: Data] = [:], in phrasebook: String?, now: Date
  ) async throws -> ImportReport {
    let media = MediaWriter(folder: mediaFolder, images: images)
    do {
      return try await writer.write { db in
        let book = try Self.phrasebook(db, phrasebook)
        var report = ImportReport()
        var saved: [Int64] = []
        try Self.pauseSearchTriggers(db)
        // Up to 64 MiB of pages kept for the import: with SQLite's 2 MiB, a large file's pages were
        // spilled to the log mid-transaction and read back (100,000 pairs: 13.2 s -> 12.0 s).
        let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
        try db.execute(sql: "PRAGMA cache_size = -65536")
        defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
        for row in rows {
          switch row.input {
          case .failure(let rejection): report.rejected.append(rejection)
          case .success(var input):
            do {
              if let name = input.image, images[name] != nil { input.image = try media.store(name) }
              // A package's sounds become the words' recordings when they are audio a browser plays.
              var sounds: [(PairSide, String)] = []
              for (side, name) in [(PairSide.one, input.soundOne), (.two, input.soundTwo)] {
                guard let name, let data = images[name], recordingTypes.contains(where: { $0.matches(data) })
                else { continue }
                sounds.append((side, try media.store(name)))
              }
              var result: (TaggedPair, SaveOutcome)?
              try db.inSavepoint {  // a row refused halfway leaves nothing of itself
                result = try Self.upsert(db, book: book, input: input, now: now, placing: false)
                for (side, file) in sounds {
                  try db.execute(
                    sql: """
                      INSERT INTO PairRecordings (pairID, side, file) VALUES (?, ?, ?)
                      ON CONFLICT(pairID, side) DO UPDATE SET file = excluded.file
                      """, arguments: [result!.0.pair.id!, side.rawValue, file])
                }
                return .commit
              }
              let (pair, outcome) = result!
              let line = ImportReport.Row(number: row.number, wordOne: pair.pair.wordOne, wordTwo: pair.pair.wordTwo)
              switch outcome {
              case .added: report.added.append(line)
              case .updated: report.updated.append(line)
              case .unchanged: report.unchanged.append(line)
              }
              if outcome != .unchanged { saved.append(pair.pair.id!) }
            } catch let error as PhrasebookError {
              report.rejected.append(ImportRejection(number: row.number, problem: .pair(error)))
            }
          }
        }
        try Self.resumeSearchTriggers(db, placing: saved, book: book.id!)
        if report.added.count + report.updated.count > 1_000 {
          try db.execute(sql: "INSERT INTO PairSearch(PairSearch) VALUES ('optimize')")  // one index segment again
        }
        try Self.markUsed(db, book.id!)
        return report
      }
    } catch {
      media.removeCreated()
      throw error
    }
  }
}

extension PhrasebookStore {
  /// Drops the search index's triggers for the rest of the transaction: an import indexes the
  /// pairs it saved once at the end (`resumeSearchTriggers`) instead of once per pair and again
  /// per tag.
  static func pauseSearchTriggers(_ db: Database) throws {
    for name in try String.fetchAll(
      db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%\\_search\\_%' ESCAPE '\\'")
    {
      try db.execute(sql: "DROP TRIGGER \(name.quotedDatabaseIdentifier)")
    }
  }

  /// Places the pairs with these ids in the order, indexes them afresh (their words, context, note
  /// and tags) and puts the search index's triggers back.
  static func resumeSearchTriggers(_ db: Database, placing pairIDs: [Int64], book: Int64) throws {
    if try PairOrderKeys.renumberingIsCheaper(db, placing: pairIDs.count, book: book) {
      // Every key of the phrasebook changes: its entries are made again.
      try PairOrderKeys.renumber(db, book: book)
      let range = PairOrderKeys.range(of: book)
      try db.execute(
        sql: "DELETE FROM PairSearch WHERE rowid BETWEEN ? AND ?", arguments: [range.lowerBound, range.upperBound])
      try db.execute(sql: PhrasebookMigrations.searchEntries(of: "WordPairs WHERE phrasebookID = ?"), arguments: [book])
      try db.execute(sql: PhrasebookMigrations.searchTriggers())
    } else {
      // The saved pairs' entries and keys go; the triggers index each pair again as it gets its
      // new key, and follow any neighbour it moves.
      let ids = "(SELECT value FROM json_each(?))"
      let list = "[" + pairIDs.map(String.init).joined(separator: ",") + "]"
      try db.execute(
        sql: "DELETE FROM PairSearch WHERE rowid IN (SELECT orderKey FROM WordPairs WHERE id IN \(ids))",
        arguments: [list])
      try db.execute(sql: "UPDATE WordPairs SET orderKey = NULL WHERE id IN \(ids)", arguments: [list])
      try db.execute(sql: PhrasebookMigrations.searchTriggers())
      for id in pairIDs { try PairOrderKeys.place(db, pairID: id, book: book) }
    }
  }
}
