import Foundation
import GRDB
import SyncLog

/// A Bible this device shares through a team hub. The token is a secret: it goes to its hub only,
/// and no page, log line or `--json` output shows it.
public struct TeamMembership: Sendable, Equatable {
  public let bibleUID: String
  public let hub: URL
  public let token: String
}

/// How a shared Bible's sync stands, for the status line and `keyit team status` (no token).
public struct TeamStatus: Codable, Sendable, Equatable {
  public let bible: Int64
  public let bibleUID: String
  public let name: String
  public let hub: String
  /// Whether the last attempt reached the hub; nil before the first attempt since start.
  public let reachable: Bool?
  /// Why the last attempt failed (nil when it succeeded).
  public let lastError: String?
  /// When the last attempt (successful or not) was made, milliseconds since 1970.
  public let lastAttempt: Int64?
  /// When a sync last finished, milliseconds since 1970.
  public let lastSync: Int64?
  public let unsent: Int
  public let openConflicts: Int
  /// Changes from other devices refused as malformed (see `SyncStatus`).
  public let refusedChanges: Int
}

extension KeyItStore {
  /// A hub address as the user typed it, if it is an http:// or https:// URL with a host.
  public static func hubAddress(_ text: String) throws -> URL {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
      let host = url.host, !host.isEmpty, url.user == nil, url.query == nil, url.fragment == nil
    else { throw KeyItError.badHubAddress(text) }
    return url
  }

  /// A member token as pasted: trimmed; blank or holding spaces or control characters is refused.
  public static func memberToken(_ text: String) throws -> String {
    let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !token.isEmpty, token.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 32 && $0.value < 127 }) else {
      throw KeyItError.badToken
    }
    return token
  }

  /// Joins a team: one sync with `hub` (the team's hub, reached with the member's token) shares the
  /// Bible this device has with the text id `bibleUID`, or fetches it whole. Only when that sync
  /// succeeds is the membership kept; joining again replaces the hub and token.
  @discardableResult
  public func joinTeam(bibleUID: String, hubAddress: URL, token: String, through hub: any ChangeLogStore)
    async throws -> Bible
  {
    try await KeyItSync(store: self, hub: hub).sync(bibleUID: bibleUID)
    let now = now()
    return try await writer.write { db in
      guard let bible = try Self.bible(db, uid: bibleUID) else { throw KeyItError.notOnHub(bibleUID: bibleUID) }
      try db.execute(
        sql: """
          INSERT INTO KeyItTeams (bibleUID, hub, token, joined, lastAttempt, reachable) VALUES (?, ?, ?, ?, ?, 1)
          ON CONFLICT(bibleUID) DO UPDATE SET hub = excluded.hub, token = excluded.token,
            lastAttempt = excluded.lastAttempt, reachable = 1, lastError = NULL
          """, arguments: [bibleUID, hubAddress.absoluteString, token, now, now])
      return bible
    }
  }

  /// Leaves the team: the Bible stays on this device with everything it has, and stops syncing.
  public func leaveTeam(bibleUID: String) async throws {
    try await writer.write { db in
      try db.execute(sql: "DELETE FROM KeyItTeams WHERE bibleUID = ?", arguments: [bibleUID])
      guard db.changesCount > 0 else { throw KeyItError.notInTeam(bibleUID: bibleUID) }
    }
  }

  /// Every Bible this device shares with a team, by when it joined.
  public func teamMemberships() async throws -> [TeamMembership] {
    try await writer.read { db in
      try Row.fetchAll(db, sql: "SELECT bibleUID, hub, token FROM KeyItTeams ORDER BY joined, bibleUID").compactMap {
        guard let hub = URL(string: $0["hub"]) else { return nil }
        return TeamMembership(bibleUID: $0["bibleUID"], hub: hub, token: $0["token"])
      }
    }
  }

  /// Records a sync attempt: reached the hub (error nil) or not, and why.
  public func recordTeamAttempt(bibleUID: String, error: String?) async throws {
    let now = now()
    try await writer.write { db in
      try db.execute(
        sql: "UPDATE KeyItTeams SET lastAttempt = ?, reachable = ?, lastError = ? WHERE bibleUID = ?",
        arguments: [now, error == nil, error, bibleUID])
    }
  }

  /// The sync state of every shared Bible.
  public func teamStatuses() async throws -> [TeamStatus] {
    try await writer.read { db in
      try Row.fetchAll(
        db,
        sql: "SELECT KeyItTeams.*, Bibles.bibleID FROM KeyItTeams JOIN Bibles ON Bibles.uid = KeyItTeams.bibleUID "
          + "ORDER BY KeyItTeams.joined, Bibles.bibleID"
      ).map { try Self.teamStatus(db, row: $0) }
    }
  }

  /// The sync state of one Bible, nil when it has not joined a team.
  public func teamStatus(bibleID: Int64?) async throws -> TeamStatus? {
    try await writer.read { db in
      let bible = try Self.bible(db, bibleID)
      return try Row.fetchOne(
        db, sql: "SELECT KeyItTeams.*, ? AS bibleID FROM KeyItTeams WHERE bibleUID = ?",
        arguments: [bible.bibleID, bible.uid]
      ).map { try Self.teamStatus(db, row: $0) }
    }
  }

  private static func teamStatus(_ db: Database, row: Row) throws -> TeamStatus {
    let sync = try syncStatus(db, bibleID: row["bibleID"])
    let bible = try Self.bible(db, row["bibleID"] as Int64)
    return TeamStatus(
      bible: bible.bibleID!, bibleUID: bible.uid, name: bible.name, hub: row["hub"], reachable: row["reachable"],
      lastError: row["lastError"], lastAttempt: row["lastAttempt"], lastSync: sync.lastSync, unsent: sync.unsent,
      openConflicts: sync.openConflicts, refusedChanges: sync.refusedChanges)
  }
}
