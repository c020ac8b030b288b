import Foundation
import GRDB
import Testing

@testable import SyncHub

/// A change the hub accepted survives a power cut: its SQLite writer syncs the log at each commit.
@Test func theSQLiteHubSyncsEveryCommit() async throws {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("hub-\(UUID().uuidString).sqlite").path
  defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
  let store = try SQLiteHubStore(path: path)
  #expect(
    try await store.writer.writeWithoutTransaction { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
  #expect(try await store.writer.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA synchronous") } == 2)
}
