import GRDB

/// Stops a change-log observation when cancelled or released.
public final class ChangeLogObservation: Sendable {
  private let cancellable: AnyDatabaseCancellable
  init(_ cancellable: AnyDatabaseCancellable) { self.cancellable = cancellable }
  public func cancel() { cancellable.cancel() }
}

extension KeyItStore {
  /// Calls `onChange` after every commit that wrote to the change log (a save, an action, an import,
  /// a resolution, or changes applied from a hub): what the team sync waits for.
  public func observeChangeLog(_ onChange: @escaping @Sendable () -> Void) -> ChangeLogObservation {
    let observation = DatabaseRegionObservation(tracking: Table("KeyItChanges"))
    return ChangeLogObservation(
      observation.start(in: writer.database, onError: { _ in }, onChange: { _ in onChange() }))
  }
}
