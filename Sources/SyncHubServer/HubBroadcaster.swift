import Foundation
import SyncHub
import SyncLog

/// Hands each batch a push added to every live socket of the same project. Each socket has its own
/// small buffer, so a stalled or slow device never holds up a push or the other devices: past the
/// buffer its oldest batches are dropped, and the device, seeing a gap in the counters, pulls them.
public actor HubBroadcaster {
  /// Batches kept for one socket that has not taken them yet.
  static let bufferedBatches = 64
  private var listeners: [String: [UUID: AsyncStream<ChangeBatch>.Continuation]] = [:]

  public init() {}

  /// Registers a socket of `project`: the batches to send it, and the id that removes it.
  func listen(project: String) -> (id: UUID, batches: AsyncStream<ChangeBatch>) {
    let id = UUID()
    let (batches, continuation) = AsyncStream.makeStream(
      of: ChangeBatch.self, bufferingPolicy: .bufferingNewest(Self.bufferedBatches))
    listeners[project, default: [:]][id] = continuation
    return (id, batches)
  }

  func stopListening(project: String, id: UUID) {
    listeners[project]?.removeValue(forKey: id)?.finish()
  }

  /// Queues `batch` for every socket of `project` without waiting for any of them.
  func publish(_ batch: ChangeBatch, project: String) {
    guard !batch.changes.isEmpty else { return }
    for continuation in (listeners[project] ?? [:]).values { continuation.yield(batch) }
  }

  /// Live sockets open, over every project.
  public var count: Int { listeners.values.reduce(0) { $0 + $1.count } }
}
