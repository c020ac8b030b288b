import Foundation
import SyncHub
import SyncLog

/// Hands each batch a push added to every live socket of the same project.
public actor HubBroadcaster {
  private var listeners: [String: [UUID: @Sendable (ChangeBatch) async -> Void]] = [:]

  public init() {}

  /// Registers a listener; keep the id to remove it.
  func listen(project: String, _ deliver: @escaping @Sendable (ChangeBatch) async -> Void) -> UUID {
    let id = UUID()
    listeners[project, default: [:]][id] = deliver
    return id
  }

  func stopListening(project: String, id: UUID) {
    listeners[project]?[id] = nil
  }

  func publish(_ batch: ChangeBatch, project: String) async {
    guard !batch.changes.isEmpty else { return }
    for deliver in (listeners[project] ?? [:]).values { await deliver(batch) }
  }

  /// Live sockets open, over every project.
  public var count: Int { listeners.values.reduce(0) { $0 + $1.count } }
}
