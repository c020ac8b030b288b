import GRDB

/// Copies the write-ahead log into the database file from its own connection, off the path of
/// user actions. SQLite's automatic checkpoint runs inside whichever commit crosses its threshold
/// and made one autosave in a few hundred take ten times longer; a passive checkpoint here never
/// blocks writers, and the log is restarted by the next write once it has been copied.
final class BackgroundCheckpointer: Sendable {
  private let task: Task<Void, Never>

  /// Starts checkpointing `path` every `interval`; stops when this object goes away.
  init(path: String, interval: Duration = .milliseconds(100)) throws {
    let connection = try DatabaseQueue(path: path)
    task = Task.detached(priority: .background) {
      while !Task.isCancelled {
        try? await Task.sleep(for: interval)
        _ = try? await connection.writeWithoutTransaction { try $0.checkpoint(.passive) }
      }
    }
  }

  deinit { task.cancel() }
}
