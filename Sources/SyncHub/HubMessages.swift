import SyncLog

/// `POST …/pull`: the reader's heads and how many changes it takes at once.
public struct PullRequest: Codable, Sendable {
  public var after: SyncHeads
  public var limit: Int?
  public init(after: SyncHeads, limit: Int? = nil) {
    self.after = after
    self.limit = limit
  }
}

/// The changes a pull or the live socket delivers.
public struct ChangeBatch: Codable, Sendable {
  public var changes: [SyncChange]
  public init(changes: [SyncChange]) { self.changes = changes }
}

/// What `POST …/push` did: how many were new, how many were refused for a gap, the hub's heads after.
public struct PushReply: Codable, Sendable, Equatable {
  public var added: Int
  public var refusedForGap: Int
  public var heads: SyncHeads
  public init(added: Int, refusedForGap: Int, heads: SyncHeads) {
    self.added = added
    self.refusedForGap = refusedForGap
    self.heads = heads
  }
}

/// The hub's routes, shared by the server and its client.
public enum HubPaths {
  public static let prefix = "/hub/v1/projects"
  /// At most this many changes go in one pull or push.
  public static let maxBatch = 1000
  public static func heads(_ project: String) -> String { "\(prefix)/\(project)/heads" }
  public static func pull(_ project: String) -> String { "\(prefix)/\(project)/pull" }
  public static func push(_ project: String) -> String { "\(prefix)/\(project)/push" }
  public static func live(_ project: String) -> String { "\(prefix)/\(project)/live" }
}
