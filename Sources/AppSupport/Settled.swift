import Synchronization

/// A value settled once, from any thread, and awaited by any number of tasks without holding a
/// thread, even by a cancelled one (what it waits for has been set going and will end).
public final class Settled<Value: Sendable>: Sendable {
  private enum State {
    case waiting([CheckedContinuation<Value, Never>])
    case settled(Value)
  }

  private let state = Mutex(State.waiting([]))

  public init() {}

  public var isSettled: Bool { settledValue != nil }

  /// The value if it is settled, else nil.
  public var settledValue: Value? {
    state.withLock {
      if case .settled(let value) = $0 { return value }
      return nil
    }
  }

  /// Settles the value and wakes every task waiting for it; only the first call counts.
  public func settle(_ value: Value) {
    let waiters = state.withLock { state -> [CheckedContinuation<Value, Never>] in
      guard case .waiting(let waiters) = state else { return [] }
      state = .settled(value)
      return waiters
    }
    for waiter in waiters { waiter.resume(returning: value) }
  }

  /// The value, once it is settled.
  public var value: Value {
    get async {
      await withCheckedContinuation { waiter in
        let settled = state.withLock { state -> Value? in
          switch state {
          case .settled(let value): return value
          case .waiting(let waiters):
            state = .waiting(waiters + [waiter])
            return nil
          }
        }
        if let settled { waiter.resume(returning: settled) }
      }
    }
  }
}
