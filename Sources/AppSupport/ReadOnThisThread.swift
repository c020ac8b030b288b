import GRDB

extension DatabaseReader {
  /// `read` run on the calling thread, from async code too (a synchronous function is given
  /// GRDB's synchronous read). For the reads of a millisecond that typing asks for at every key:
  /// such a read is not worth a hop to a reader's thread and back, and with the machine's other
  /// core idle each hop waited for that core to wake (a Phrasebook search page's p50 was 1.02 ms
  /// with it idle, 0.77 ms with it kept busy). Longer reads belong on a reader's thread.
  public func readOnThisThread<T>(_ read: (Database) throws -> T) throws -> T { try self.read(read) }

  /// `read` on the calling thread when `quick` (the caller has bounded what it reads), else on a
  /// reader's thread: a request asking for a page far down, or for thousands of rows at once,
  /// must not hold one of the few threads every other request runs on.
  public func read<T: Sendable>(onThisThreadIf quick: Bool, _ read: @escaping @Sendable (Database) throws -> T)
    async throws -> T
  {
    quick ? try readOnThisThread(read) : try await self.read(read)
  }
}
