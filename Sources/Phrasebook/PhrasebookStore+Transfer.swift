import Crypto
import Foundation
import GRDB

/// What an import did, row by row.
public struct ImportReport: Codable, Sendable, Equatable {
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
      let (rows, images) = try AnkiPackage.rows(data)
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
    case .apkg: return try AnkiPackage.write(pairs, phrasebook: book, mediaFolder: mediaFolder)
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
        for row in rows {
          switch row.input {
          case .failure(let rejection): report.rejected.append(rejection)
          case .success(var input):
            do {
              if let name = input.image, images[name] != nil { input.image = try media.store(name) }
              let (saved, outcome) = try Self.upsert(db, book: book, input: input, now: now)
              let line = ImportReport.Row(number: row.number, wordOne: saved.pair.wordOne, wordTwo: saved.pair.wordTwo)
              switch outcome {
              case .added: report.added.append(line)
              case .updated: report.updated.append(line)
              case .unchanged: report.unchanged.append(line)
              }
            } catch let error as PhrasebookError {
              report.rejected.append(ImportRejection(number: row.number, reason: error.description))
            }
          }
        }
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

/// Writes imported images into the media folder on first use, named by a hash of their bytes,
/// and remembers which files it created so a failed import can take them away again.
final class MediaWriter: @unchecked Sendable {
  private let folder: URL
  private let images: [String: Data]
  private let lock = NSLock()
  private var storedNames: [String: String] = [:]
  private var created: [URL] = []

  init(folder: URL, images: [String: Data]) {
    self.folder = folder
    self.images = images
  }

  /// The stored file name for the package's image `name`, writing it if needed.
  func store(_ name: String) throws -> String {
    try lock.withLock {
      if let stored = storedNames[name] { return stored }
      guard let data = images[name] else { return name }
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let fileExtension = (name as NSString).pathExtension.lowercased()
      var attempt = 0
      while true {
        let stored = contentName(data, attempt: attempt) + (fileExtension.isEmpty ? "" : ".\(fileExtension)")
        let url = folder.appendingPathComponent(stored)
        if let existing = FileManager.default.contents(atPath: url.path) {
          if existing == data {
            storedNames[name] = stored
            return stored
          }
          attempt += 1
          continue
        }
        try data.write(to: url, options: .withoutOverwriting)
        created.append(url)
        storedNames[name] = stored
        return stored
      }
    }
  }

  /// Deletes the files this writer created.
  func removeCreated() {
    lock.withLock {
      for url in created { try? FileManager.default.removeItem(at: url) }
      created = []
    }
  }

  /// A file name from the bytes' SHA-256 (a suffix only if two files ever clashed).
  private func contentName(_ data: Data, attempt: Int) -> String {
    SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined() + (attempt == 0 ? "" : "-\(attempt)")
  }
}
