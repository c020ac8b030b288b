import Foundation

/// A path for a database file in the temporary folder.
func scratchDatabasePath() -> String {
  FileManager.default.temporaryDirectory.appendingPathComponent("keyit-\(UUID().uuidString).sqlite").path
}

/// Removes the database at `path` with its log and shared memory.
func removeDatabase(_ path: String) {
  for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}
