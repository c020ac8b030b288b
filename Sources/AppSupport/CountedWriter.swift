import GRDB
import Synchronization

/// A database's writer that counts the writes waiting for or running on the writer's own thread,
/// so that a short write runs on the caller's thread only while none of them would make it wait
/// there. The caller's thread is one of the few (one per core) that every request of the server
/// runs on: a save blocked on it behind a whole-Bible import would hold it for seconds, and on a
/// 2-core machine two such saves would stall every request until the import ended.
public final class CountedWriter: Sendable {
  /// GRDB's writer, for what needs it itself (migrations, observations, hooks). A write made
  /// through it directly is not counted: a short write may then wait on its caller's thread.
  public let database: any DatabaseWriter
  private let underWay = Atomic<Int>(0)

  public init(_ database: any DatabaseWriter) { self.database = database }

  public func read<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws -> T {
    try await database.read(value)
  }

  /// `first` and `second` at once on two of the pool's readers, both seeing the database as it was
  /// when they began: they begin from the writer's thread, so no write of this process comes
  /// between them. For a long read split over two cores; on a queue, one after the other.
  public func readAtOnce<First: Sendable, Second: Sendable>(
    _ first: @escaping @Sendable (Database) throws -> First, _ second: @escaping @Sendable (Database) throws -> Second
  ) async throws -> (First, Second) {
    guard let pool = database as? DatabasePool else {
      return try await database.read { (try first($0), try second($0)) }
    }
    let (firstRead, secondRead) = (Settled<Result<First, any Error>>(), Settled<Result<Second, any Error>>())
    // Each call returns once its reader's snapshot is taken; the reads themselves run after.
    try await writeWithoutTransaction { _ in
      pool.asyncConcurrentRead { db in firstRead.settle(Result { try first(db.get()) }) }
      pool.asyncConcurrentRead { db in secondRead.settle(Result { try second(db.get()) }) }
    }
    return (try await firstRead.value.get(), try await secondRead.value.get())
  }

  /// See `DatabaseReader.readOnThisThread`.
  public func readOnThisThread<T>(_ value: (Database) throws -> T) throws -> T { try database.readOnThisThread(value) }

  /// `updates` in a transaction on the writer's thread, counted while it waits and runs.
  public func write<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
    try await counted { try await self.database.write(updates) }
  }

  /// `updates` outside any transaction on the writer's thread, counted while it waits and runs.
  public func writeWithoutTransaction<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T)
    async throws -> T
  {
    try await counted { try await self.database.writeWithoutTransaction(updates) }
  }

  /// A short write (a lone save, a small import: a couple of milliseconds) in a transaction: on the
  /// calling thread while no counted write is under way, as it is not worth a hop to the writer's
  /// thread and another back; else on the writer's thread after them, so that the calling thread
  /// is not held while they run. (Two short writes at once may still wait one for the other.)
  public func shortWrite<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
    if underWay.load(ordering: .acquiring) == 0 { return try writeHere(updates) }
    return try await write(updates)
  }

  /// `shortWrite` outside any transaction: `updates` begins and ends its own.
  public func shortWriteWithoutTransaction<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T)
    async throws -> T
  {
    if underWay.load(ordering: .acquiring) == 0 { return try writeHereWithoutTransaction(updates) }
    return try await writeWithoutTransaction(updates)
  }

  /// GRDB's synchronous writes, which run on the calling thread (an async function would be given
  /// GRDB's async ones).
  private func writeHere<T>(_ updates: (Database) throws -> T) throws -> T { try database.write(updates) }
  private func writeHereWithoutTransaction<T>(_ updates: (Database) throws -> T) throws -> T {
    try database.writeWithoutTransaction(updates)
  }

  private func counted<T>(_ write: () async throws -> T) async throws -> T {
    underWay.add(1, ordering: .acquiringAndReleasing)
    defer { underWay.subtract(1, ordering: .acquiringAndReleasing) }
    return try await write()
  }
}
