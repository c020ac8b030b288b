/// What a hub keeps: per project, every device's changes without gaps. The SQLite and PostgreSQL hubs
/// and the in-memory log of the simulation tests all answer the same three questions.
public protocol ChangeLogStore: Sendable {
  /// What the log holds of `project`, per device.
  func heads(project: String) async throws -> SyncHeads
  /// Up to `limit` changes of `project` that `heads` does not hold, each device's in counter order, in
  /// the order the log received them (so applying any prefix keeps a reader's heads gap-free).
  func changes(project: String, after heads: SyncHeads, limit: Int) async throws -> [SyncChange]
  /// Adds `changes` (all of one project), in order. A change the log already holds is skipped (sending
  /// twice changes nothing); a change that would leave a gap in its device's counters is refused and
  /// so is everything after it of that device. Returns what was added and the log's heads after.
  func add(_ changes: [SyncChange], project: String) async throws -> AddOutcome
  /// `add` for a caller that has just read the log's `heads`: a log across the network need not ask
  /// for them again. What it says was added counts on nobody else adding the same changes since.
  func add(_ changes: [SyncChange], project: String, heads: SyncHeads) async throws -> AddOutcome
}

extension ChangeLogStore {
  public func add(_ changes: [SyncChange], project: String, heads: SyncHeads) async throws -> AddOutcome {
    try await add(changes, project: project)
  }
}

/// What adding a batch did.
public struct AddOutcome: Codable, Sendable, Equatable {
  /// The changes added, in order (neither held before nor refused).
  public var added: [SyncChange]
  /// Changes refused because an earlier change of their device is missing.
  public var refusedForGap: Int
  /// The log's heads after the batch.
  public var heads: SyncHeads

  public init(added: [SyncChange], refusedForGap: Int, heads: SyncHeads) {
    self.added = added
    self.refusedForGap = refusedForGap
    self.heads = heads
  }
}

/// Which of `changes` a log with `heads` adds, in order, and how many it refuses for a gap: the rule
/// every store applies, so they cannot differ.
public func admissible(_ changes: [SyncChange], project: String, heads: SyncHeads) -> (
  added: [SyncChange], refusedForGap: Int, heads: SyncHeads
) {
  var heads = heads
  var added: [SyncChange] = []
  var refused = 0
  for change in changes where change.project == project {
    if heads.holds(change) { continue }
    if heads.follows(change) {
      heads.record(change)
      added.append(change)
    } else {
      refused += 1
    }
  }
  return (added, refused, heads)
}
