import AppSupport
import Foundation
import GRDB
import SyncLog

/// A conflict with the chapter it is in.
public struct ChapterConflict: Codable, Sendable, Equatable {
  public let book: String
  public let chapter: Int
  public let conflict: TextConflict
}

/// Where a Bible's sync stands on this device.
public struct SyncStatus: Codable, Sendable, Equatable {
  /// `keyit:<bible uid>`, the project the hub keeps the Bible's log under.
  public let project: String
  /// When this device last finished a sync with the hub (milliseconds since 1970), nil for never.
  public let lastSync: Int64?
  /// This device's changes the hub did not have at the last sync, plus those made since.
  public let unsent: Int
  /// Conflicts nobody has resolved yet.
  public let openConflicts: Int
  /// Changes from other devices refused as malformed (kept in the log, changing nothing).
  public let refusedChanges: Int
}

extension KeyItStore {
  /// A Bible's conflicts in book and chapter order; resolved ones too when asked.
  public func conflicts(bibleID: Int64?, includeResolved: Bool = false) async throws -> [ChapterConflict] {
    try await writer.read { db in
      let bible = try Self.bible(db, bibleID)
      return try Row.fetchAll(
        db,
        sql: """
          SELECT Books.bookCode, Chapters.chapterNumber, KeyItConflicts.conflict FROM KeyItConflicts
          JOIN Chapters ON Chapters.chapterID = KeyItConflicts.chapterID
          JOIN Books ON Books.bibleID = Chapters.bibleID AND Books.bookID = Chapters.bookID
          WHERE Chapters.bibleID = ? AND (KeyItConflicts.open OR ?)
          ORDER BY Chapters.bookID, Chapters.chapterNumber, KeyItConflicts.conflictID
          """, arguments: [bible.bibleID, includeResolved]
      ).map { row in
        ChapterConflict(
          book: row[0], chapter: row[1],
          conflict: try JSONDecoder().decode(TextConflict.self, from: Data((row[2] as String).utf8)))
      }
    }
  }

  /// Settles a conflict (keep the current text, keep the incoming one, or a text the user edited
  /// from both), or undoes its resolution (the text goes back to the one the item kept while it was
  /// open). The resolution is a change like any other: it syncs to the team.
  public func resolveConflict(bibleID: Int64?, conflictID: String, choice: ResolutionChoice, text: String? = nil)
    async throws
  {
    if let text, let scalar = forbiddenControlCharacter(in: text) {
      throw KeyItError.controlCharacter(field: .text, scalar)
    }
    let now = now()
    try await writer.write { db in
      let bible = try Self.bible(db, bibleID)
      guard
        let row = try Row.fetchOne(
          db,
          sql: "SELECT KeyItConflicts.* FROM KeyItConflicts JOIN Chapters USING (chapterID) "
            + "WHERE Chapters.bibleID = ? AND conflictID = ?", arguments: [bible.bibleID, conflictID]),
        let chapter = try Chapter.fetchOne(db, key: row["chapterID"] as Int64)
      else { throw KeyItError.unknownConflict(id: conflictID, open: choice != .undo) }
      let conflict = try JSONDecoder().decode(TextConflict.self, from: Data((row["conflict"] as String).utf8))
      guard (conflict.resolution == nil) == (choice != .undo) else {
        throw KeyItError.unknownConflict(id: conflictID, open: choice != .undo)
      }
      let newText: String? =
        switch choice {
        case .keepCurrent: nil
        case .keepIncoming: conflict.incoming
        case .edited: (text ?? "").trimmed.nfc
        case .undo: conflict.current
        }
      let before = try Self.itemStates(db, chapter: chapter)
      if let newText, before[conflict.itemUID] != nil, !(conflict.itemDeleted && newText.isEmpty) {
        try db.execute(
          sql: "UPDATE VerseItems SET itemText = ? WHERE chapterID = ? AND uid = ?",
          arguments: [newText, chapter.chapterID, TextID.stored(conflict.itemUID, chapter: chapter.uid)])
      }
      try Self.logChapter(
        db, chapter: chapter, before: before, wallMillis: now,
        resolution: ConflictResolution(conflict: conflictID, choice: choice))
      try self.replayChapter(
        db, bible: bible,
        key: "\(try Self.bookCode(db, chapter)).\(chapter.chapterNumber)")
    }
  }

  /// Last sync, changes the hub has not had, conflicts waiting.
  public func syncStatus(bibleID: Int64?) async throws -> SyncStatus {
    try await writer.read { db in try Self.syncStatus(db, bibleID: bibleID) }
  }

  static func syncStatus(_ db: Database, bibleID: Int64?) throws -> SyncStatus {
    let bible = try Self.bible(db, bibleID)
    let me = try Self.device(db).device
    let row = try Row.fetchOne(
      db, sql: "SELECT hubHeads, lastSync FROM KeyItSync WHERE bibleID = ?", arguments: [bible.bibleID])
    let hub = try row.map { try JSONDecoder().decode(SyncHeads.self, from: Data(($0["hubHeads"] as String).utf8)) }
    let mine = try Self.heads(db, bibleID: bible.bibleID!)[me]
    let open =
      try Int.fetchOne(
        db,
        sql:
          "SELECT COUNT(*) FROM KeyItConflicts JOIN Chapters USING (chapterID) WHERE Chapters.bibleID = ? AND open",
        arguments: [bible.bibleID]) ?? 0
    let refused =
      try Int.fetchOne(
        db, sql: "SELECT COUNT(*) FROM KeyItChanges WHERE bibleID = ? AND refused IS NOT NULL",
        arguments: [bible.bibleID]) ?? 0
    return SyncStatus(
      project: SyncChange.keyItProject(bibleUID: bible.uid), lastSync: row?["lastSync"],
      unsent: Int(mine - (hub?[me] ?? 0)), openConflicts: open, refusedChanges: refused)
  }

  /// Records a finished sync: when, and what the hub then held.
  func recordSync(bibleUID: String, hubHeads: SyncHeads) async throws {
    let now = now()
    try await writer.write { db in
      guard let bible = try Self.bible(db, uid: bibleUID) else { return }
      try db.execute(
        sql: "INSERT INTO KeyItSync (bibleID, hubHeads, lastSync) VALUES (?, ?, ?) "
          + "ON CONFLICT(bibleID) DO UPDATE SET hubHeads = excluded.hubHeads, lastSync = excluded.lastSync",
        arguments: [bible.bibleID, Self.json(hubHeads), now])
    }
  }
}
