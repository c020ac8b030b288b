import SyncLog

/// Brings a device's copy of a shared Bible and a hub's log level: it sends the hub what the hub
/// lacks and applies what the device lacks, a chunk at a time. Every chunk stands on its own, so a
/// sync cut off anywhere resumes where it stopped, and a chunk sent or applied twice changes nothing.
public struct KeyItSync: Sendable {
  public let store: KeyItStore
  public let hub: any ChangeLogStore
  /// Changes per request.
  public var chunk: Int
  /// Changes fetched before they are applied in one transaction: each chapter they touch is
  /// replayed once per application, so a device far behind applies its backlog in a few large
  /// steps rather than one per request.
  public var applyEvery: Int

  public init(store: KeyItStore, hub: any ChangeLogStore, chunk: Int = 200, applyEvery: Int = 2000) {
    self.store = store
    self.hub = hub
    self.chunk = chunk
    self.applyEvery = applyEvery
  }

  /// What one sync did.
  public struct Report: Sendable, Equatable {
    /// Changes the hub added from this device's log.
    public var sent = 0
    /// Changes this device added from the hub's log.
    public var received = 0
  }

  /// Syncs one Bible (by uid; a Bible the device does not have yet is fetched whole).
  @discardableResult
  public func sync(bibleUID: String) async throws -> Report {
    let project = SyncChange.keyItProject(bibleUID: bibleUID)
    var report = Report()
    var hubHeads = try await hub.heads(project: project)
    while true {
      let pending = try await store.changes(bibleUID: bibleUID, after: hubHeads, limit: chunk)
      guard !pending.isEmpty else { break }
      let outcome = try await hub.add(pending, project: project, heads: hubHeads)
      report.sent += outcome.added.count
      guard outcome.heads != hubHeads else { break }  // the hub took nothing: try again next time
      hubHeads = outcome.heads
    }
    var done = false
    while !done {
      // Fetch up to `applyEvery` changes, each request asking from what the device will hold once
      // the earlier ones are applied; then apply them in one transaction.
      var mine = try await store.heads(bibleUID: bibleUID)
      var fetched: [SyncChange] = []
      while fetched.count < applyEvery {
        let batch = admissible(
          try await hub.changes(project: project, after: mine, limit: chunk), project: project, heads: mine)
        guard !batch.added.isEmpty else {
          done = true
          break
        }
        fetched += batch.added
        mine = batch.heads
      }
      guard !fetched.isEmpty else { break }
      let added = try await store.applyRemote(fetched, bibleUID: bibleUID)
      report.received += added
      if added == 0 { break }
    }
    try await store.recordSync(bibleUID: bibleUID, hubHeads: hubHeads)
    return report
  }
}
