import SyncLog

/// Brings a device's copy of a shared Bible and a hub's log level: it sends the hub what the hub
/// lacks and applies what the device lacks, a chunk at a time. Every chunk stands on its own, so a
/// sync cut off anywhere resumes where it stopped, and a chunk sent or applied twice changes nothing.
public struct KeyItSync: Sendable {
  public let store: KeyItStore
  public let hub: any ChangeLogStore
  /// Changes per request.
  public var chunk: Int

  public init(store: KeyItStore, hub: any ChangeLogStore, chunk: Int = 200) {
    self.store = store
    self.hub = hub
    self.chunk = chunk
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
      let outcome = try await hub.add(pending, project: project)
      report.sent += outcome.added.count
      guard outcome.heads != hubHeads else { break }  // the hub took nothing: try again next time
      hubHeads = outcome.heads
    }
    while true {
      let mine = try await store.heads(bibleUID: bibleUID)
      let batch = try await hub.changes(project: project, after: mine, limit: chunk)
      guard !batch.isEmpty else { break }
      let added = try await store.applyRemote(batch, bibleUID: bibleUID)
      report.received += added
      guard added > 0 else { break }
    }
    try await store.recordSync(bibleUID: bibleUID, hubHeads: hubHeads)
    return report
  }
}
