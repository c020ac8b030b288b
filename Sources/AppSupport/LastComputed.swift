import Synchronization

/// The value computed for the key asked for last, kept: for a computation asked for again and
/// again with the same key (an import's one date, a phrasebook's areas at every key typed).
public final class LastComputed<Key: Equatable & Sendable, Value: Sendable>: Sendable {
  private let last = Mutex<(key: Key, value: Value)?>(nil)

  public init() {}

  /// `compute(key)`, computed again only when `key` differs from the last one asked for.
  public func value(for key: Key, _ compute: (Key) throws -> Value) rethrows -> Value {
    if let last = last.withLock({ $0 }), last.key == key { return last.value }
    let value = try compute(key)
    last.withLock { $0 = (key, value) }
    return value
  }
}
