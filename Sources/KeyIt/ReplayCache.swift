import Synchronization

/// The last replay of each of the chapters replayed most recently, with what of the log it folded,
/// so that changes logged after all of it are applied to it instead of the chapter's whole log
/// being read and applied again. A change that reaches a chapter with thousands of logged changes
/// then costs what that change does. Held in memory only: the first replay of a chapter after a
/// restart reads its whole log.
final class ReplayCache: Sendable {
  /// A chapter's replay and the log it folded: how many changes, the latest clock among them (nil
  /// before any).
  struct Entry: Sendable {
    var replay: ChapterReplay
    var changes: Int
    var lastClock: String?
  }

  /// A chapter of a Bible: its row (ids are never reused) under the Bible's text id (a Bible
  /// renumbered gets a new one, and its log is written afresh).
  struct Key: Hashable, Sendable {
    let bibleUID: String
    let chapterID: Int64
  }

  private struct State {
    var entries: [Key: (entry: Entry, used: UInt64)] = [:]
    var uses: UInt64 = 0
  }

  /// How many chapters are kept; 0 keeps none.
  let capacity: Int
  private let state = Mutex(State())

  init(capacity: Int) { self.capacity = capacity }

  func entry(_ key: Key) -> Entry? {
    state.withLock { state in
      guard let found = state.entries[key] else { return nil }
      state.uses += 1
      state.entries[key]?.used = state.uses
      return found.entry
    }
  }

  /// Keeps `entry` for `key`, letting go of the chapter used longest ago when full.
  func keep(_ entry: Entry, _ key: Key) {
    guard capacity > 0 else { return }
    state.withLock { state in
      state.uses += 1
      state.entries[key] = (entry, state.uses)
      if state.entries.count > capacity, let oldest = state.entries.min(by: { $0.value.used < $1.value.used })?.key {
        state.entries[oldest] = nil
      }
    }
  }
}
