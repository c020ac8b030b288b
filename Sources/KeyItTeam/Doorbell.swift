/// Why a Bible's sync worker was woken.
enum WakeReason: Int, Comparable, Sendable {
  /// Something was saved on this device (sync after a short pause, if it left changes to send).
  case saved
  /// The hub pushed a change, or its live socket (re)connected: sync now.
  case pushed

  static func < (lhs: WakeReason, rhs: WakeReason) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Wakes a waiting worker; rings while nobody waits are kept (the strongest reason) for the next wait.
actor Doorbell {
  private var pending: WakeReason?
  private var waiter: (id: Int, continuation: CheckedContinuation<WakeReason?, Never>)?
  private var waits = 0

  func ring(_ reason: WakeReason) {
    if let waiter {
      self.waiter = nil
      waiter.continuation.resume(returning: reason)
    } else {
      pending = max(pending ?? reason, reason)
    }
  }

  /// The reason it rang, or nil when `limit` passed first (or the task was cancelled).
  func wait(upTo limit: Duration) async -> WakeReason? {
    if let pending {
      self.pending = nil
      return pending
    }
    waits += 1
    let id = waits
    let timer = Task {
      try? await Task.sleep(for: limit)
      self.expire(id)
    }
    defer { timer.cancel() }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { waiter = (id, $0) }
    } onCancel: {
      Task { await self.expire(id) }
    }
  }

  /// Forgets a ring that arrived while the worker was busy with a reason it has handled.
  func clear(upTo reason: WakeReason) {
    if let pending, pending <= reason { self.pending = nil }
  }

  private func expire(_ id: Int) {
    guard let waiter, waiter.id == id else { return }
    self.waiter = nil
    waiter.continuation.resume(returning: nil)
  }
}
