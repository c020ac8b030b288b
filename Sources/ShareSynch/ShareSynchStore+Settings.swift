import GRDB

/// A sermon of a series, as "load last used sermon" remembers it.
public struct SermonReference: Codable, Sendable, Equatable {
  /// The series.
  public let series: String
  /// The sermon.
  public let sermon: String

  /// A reference to `sermon` of `series`.
  public init(series: String, sermon: String) {
    self.series = series
    self.sermon = sermon
  }
}

extension ShareSynchStore {
  /// The sermon presented last, while its series is still installed.
  public func lastSermon() async throws -> SermonReference? {
    guard let stored = try await setting("lastSermon") else { return nil }
    let parts = stored.split(separator: "/", maxSplits: 1).map(String.init)
    guard parts.count == 2, (try? sermon(parts[0], parts[1])) != nil else { return nil }
    return SermonReference(series: parts[0], sermon: parts[1])
  }

  /// Remembers the sermon being presented (it must exist).
  public func rememberLastSermon(_ reference: SermonReference) async throws {
    _ = try sermon(reference.series, reference.sermon)
    try await setSetting("lastSermon", "\(reference.series)/\(reference.sermon)")
  }

  /// A stored setting (nil when never set).
  public func setting(_ key: String) async throws -> String? {
    try await writer.read { db in
      try String.fetchOne(db, sql: "SELECT value FROM Settings WHERE key = ?", arguments: [key])
    }
  }

  /// Stores a setting (nil removes it).
  public func setSetting(_ key: String, _ value: String?) async throws {
    try await writer.write { db in
      if let value {
        try db.execute(
          sql: "INSERT INTO Settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
          arguments: [key, value])
      } else {
        try db.execute(sql: "DELETE FROM Settings WHERE key = ?", arguments: [key])
      }
    }
  }
}
