/// A change log held in memory: the hub of the in-process simulation tests.
public actor InMemoryChangeLog: ChangeLogStore {
  private var logs: [String: [SyncChange]] = [:]
  private var headsByProject: [String: SyncHeads] = [:]

  public init() {}

  public func heads(project: String) -> SyncHeads { headsByProject[project] ?? SyncHeads() }

  public func changes(project: String, after heads: SyncHeads, limit: Int) -> [SyncChange] {
    var found: [SyncChange] = []
    for change in logs[project] ?? [] where !heads.holds(change) {
      guard found.count < limit else { break }
      found.append(change)
    }
    return found
  }

  public func add(_ changes: [SyncChange], project: String) -> AddOutcome {
    let outcome = admissible(changes, project: project, heads: heads(project: project))
    logs[project, default: []].append(contentsOf: outcome.added)
    headsByProject[project] = outcome.heads
    return AddOutcome(added: outcome.added, refusedForGap: outcome.refusedForGap, heads: outcome.heads)
  }
}
