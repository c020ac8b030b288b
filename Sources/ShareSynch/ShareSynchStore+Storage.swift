import Foundation
import GRDB

/// Bytes a series takes on disk.
public struct SeriesStorage: Codable, Sendable, Equatable {
  /// The series.
  public let id: String
  /// Its name.
  public let name: String
  /// The package's files and the pictures and videos users added.
  public let bytes: Int64
}

extension ShareSynchStore {
  /// The space each installed series takes (the demo too), by name.
  public func storage() async throws -> [SeriesStorage] {
    let all = try await writer.read { db in try SeriesSummary.order(SeriesSummary.Columns.name).fetchAll(db) }
    return all.map { series in
      SeriesStorage(
        id: series.id, name: series.name, bytes: Self.size(of: seriesRoot.appendingPathComponent(series.id)))
    }
  }

  /// The ids of every installed series (the demo too), without measuring them.
  public func installedSeriesIDs() async throws -> [String] {
    try await writer.read { db in try String.fetchAll(db, sql: "SELECT id FROM Series ORDER BY id") }
  }

  /// Deletes a series: its rows (variations, edits, sermon states) and its folder. A series being
  /// presented should be stopped first; that is the caller's to check.
  public func deleteSeries(_ seriesID: String) async throws {
    try await writer.write { db in
      guard try SeriesSummary.deleteOne(db, key: seriesID) else { throw ShareSynchError.unknownSeries(seriesID) }
      try db.execute(
        sql: "DELETE FROM Settings WHERE key = 'lastSermon' AND value LIKE ?", arguments: ["\(seriesID)/%"])
    }
    forgetManifest(seriesID)
    try? FileManager.default.removeItem(at: seriesRoot.appendingPathComponent(seriesID))
  }

  /// Total size of the files under `folder`.
  static func size(of folder: URL) -> Int64 {
    guard
      let files = FileManager.default.enumerator(
        at: folder, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey])
    else { return 0 }
    var total: Int64 = 0
    for case let file as URL in files {
      let values = try? file.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey])
      if values?.isRegularFile == true { total += Int64(values?.fileSize ?? 0) }
    }
    return total
  }
}
