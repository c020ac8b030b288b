import GRDB
import GRDBSQLite
import Synchronization

/// Copies the write-ahead log into the database file once the log is long enough to be worth it,
/// from a connection of its own while the writer rests, so that no save waits for the copy.
///
/// - SQLite's automatic checkpoint runs inside whichever commit crosses its threshold and made one
///   autosave in a few hundred take ten times longer, so it is off and this copies instead.
/// - A log copied whole is restarted by the next commit, which then syncs the log's header as well
///   as its pages. Copying every 100 ms made nearly every save of a person typing pay for two
///   syncs, so the log is copied only once it holds `copyAt` pages.
/// - While saves never pause, a copy from another connection never catches up, the log is never
///   restarted and its file grows (to 170 MB in five seconds of saves), and a sync that grows a
///   file also writes its size. So the commit that finds the log at `restartAt` pages copies it
///   itself, on the writer's connection in SQLite's WAL hook (where SQLite's own automatic
///   checkpoint runs): the copy is whole, the next commit restarts the log, its file keeps its
///   size and later saves overwrite it. Done by the commit and not by a look, the bound holds
///   however long a busy machine keeps the looks (a background task) waiting; a test saw a log
///   reach 3,500 pages past a `restartAt` of 200 while they waited.
/// - A copy beside a commit made the commit wait for the disk behind the copy's sync: copied every
///   100 ms while saves came back to back, one save in a hundred took twice as long. So a copy
///   from its own connection waits for a look that finds no commit since the one before.
final class BackgroundCheckpointer: Sendable {
  /// The pages in the log after the writer's last commit, as SQLite's WAL hook reports them.
  final class LogLength: Sendable {
    let pages = Atomic<Int>(0)
    /// The length at which the commit that reaches it copies the log on the spot.
    let restartAt: Int

    init(restartAt: Int) { self.restartAt = restartAt }
  }

  private let task: Task<Void, Never>
  private let writer: DatabasePool
  /// The log's length as the writer last reported it; 0 once copied whole.
  let length: LogLength

  /// Starts watching the log of `writer` (the pool of the database at `path`), looking every
  /// `interval`; stops when this object goes away.
  init(
    path: String, writer: DatabasePool, interval: Duration = .milliseconds(100), copyAt: Int = 1000,
    restartAt: Int = 4000
  ) throws {
    let connection = try DatabaseQueue(path: path)
    self.writer = writer
    let length = LogLength(restartAt: restartAt)
    self.length = length
    writer.writeWithoutTransaction { db in
      _ = sqlite3_wal_hook(db.sqliteConnection, Self.reportLength, Unmanaged.passUnretained(length).toOpaque())
    }
    task = Task.detached(priority: .background) {
      var pagesBefore = -1
      while !Task.isCancelled {
        try? await Task.sleep(for: interval)
        let pages = length.pages.load(ordering: .relaxed)
        defer { pagesBefore = pages }
        // From its own connection only while no commit came since the last look: a copy beside a
        // commit makes the commit wait for the disk behind the copy's sync.
        guard pages >= copyAt && pages == pagesBefore else { continue }
        guard let copied = try? await connection.writeWithoutTransaction({ try $0.checkpoint(.passive) }),
          copied.checkpointedFrameCount == copied.walFrameCount
        else { continue }
        // All copied: the next commit restarts the log and reports its new length (unless one
        // already has).
        _ = length.pages.compareExchange(expected: pages, desired: 0, ordering: .relaxed)
      }
      try? connection.close()
    }
  }

  /// Stops watching; returns once the copier's own connection is closed.
  func stop() async {
    task.cancel()
    await task.value
  }

  /// SQLite's WAL hook: called on the writer after each commit with the log's length in pages.
  /// From `restartAt` pages it copies the log there and then, and reports 0 when every page was
  /// copied.
  private static let reportLength:
    @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32 = {
      context, connection, name, pages in
      let length = Unmanaged<LogLength>.fromOpaque(context!).takeUnretainedValue()
      var reported = Int(pages)
      if reported >= length.restartAt {
        var logged: Int32 = 0
        var copied: Int32 = 0
        if sqlite3_wal_checkpoint_v2(connection, name, SQLITE_CHECKPOINT_PASSIVE, &logged, &copied) == SQLITE_OK,
          copied == logged
        {
          reported = 0
        }
      }
      length.pages.store(reported, ordering: .relaxed)
      return SQLITE_OK
    }

  deinit {
    task.cancel()
    // The hook goes before the length it writes to: the writer may outlive this object.
    let length = length
    writer.asyncWriteWithoutTransaction { db in
      // Not on a store closed already.
      if let connection = db.sqliteConnection { _ = sqlite3_wal_hook(connection, nil, nil) }
      withExtendedLifetime(length) {}
    }
  }
}
