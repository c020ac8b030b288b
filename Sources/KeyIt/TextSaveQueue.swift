import AppSupport
import GRDB
import Synchronization

/// Group commit for text saves. A save that finds no other being written is written at once on
/// the caller's own thread (GRDB's synchronous write runs on the calling thread when the writer is
/// free), so one person typing pays for no thread hop besides the commit's `fsync`. Saves that
/// arrive while one is being written wait and are written together in the next transaction, so
/// fifty people typing at once pay for a few commits instead of fifty. A save returns only once it
/// is committed. A save that is refused (an unknown item, say) is refused before it writes
/// anything, so it fails alone and the others go through.
final class TextSaveQueue: Sendable {
  /// A save: the item, its new text, and the revision it was typed on (nil: whatever is stored).
  typealias Save = (bibleID: Int64?, itemID: Int64, text: String, revision: Int?)
  private typealias Waiting = (save: Save, continuation: CheckedContinuation<LabelledItem?, any Error>)

  /// The saves waiting for the next transaction, and whether one is being written.
  private struct State {
    var waiting: [Waiting] = []
    var writing = false
  }

  private let writer: CountedWriter
  private let state = Mutex(State())
  private let now: @Sendable () -> Int64

  init(writer: CountedWriter, now: @escaping @Sendable () -> Int64) {
    self.writer = writer
    self.now = now
  }

  /// Saves one item's text; returns the saved item once its transaction has committed.
  func save(_ save: Save) async throws -> LabelledItem {
    while !claimWriting() {
      // Waits for the next batch, unless the save being written has ended since: then it claims
      // the writing again.
      let saved: LabelledItem? = try await withCheckedThrowingContinuation { continuation in
        if !wait((save, continuation)) { continuation.resume(returning: nil) }
      }
      if let saved { return saved }
    }
    return try await writeAlone(save)
  }

  /// True when no save was being written: the caller now writes its own.
  private func claimWriting() -> Bool {
    state.withLock { state in
      defer { state.writing = true }
      return !state.writing
    }
  }

  /// Queues `entry` for the next batch if a save is being written; false if none is.
  private func wait(_ entry: Waiting) -> Bool {
    state.withLock { state in
      if state.writing { state.waiting.append(entry) }
      return state.writing
    }
  }

  /// Writes one save as a short write (on the calling thread unless a long write is under way, see
  /// `CountedWriter`), in a transaction begun and committed by cached statements: GRDB's own
  /// transaction prepares both statements anew each time, a tenth of what a save spends in Swift.
  private func writeAlone(_ save: Save) async throws -> LabelledItem {
    defer { handOver() }
    return try await writer.shortWriteWithoutTransaction { db in
      try db.cachedStatement(sql: "BEGIN IMMEDIATE").execute()
      do {
        let saved = try KeyItStore.writeText(db, save, wallMillis: self.now())
        try db.cachedStatement(sql: "COMMIT").execute()
        return saved
      } catch {
        if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK") }
        throw error
      }
    }
  }

  /// After a save of its own: the saves that queued up meanwhile are written in a task of their
  /// own, so the caller's answer does not wait for them; with none waiting, writing ends.
  private func handOver() {
    let more = state.withLock { state in
      if state.waiting.isEmpty { state.writing = false }
      return !state.waiting.isEmpty
    }
    if more { Task { await writeWaiting() } }
  }

  /// Writes the waiting saves in batches (each batch one transaction) until none are left.
  private func writeWaiting() async {
    while true {
      let batch: [Waiting] = state.withLock { state in
        let batch = state.waiting
        state.waiting.removeAll()
        if batch.isEmpty { state.writing = false }
        return batch
      }
      if batch.isEmpty { return }
      let results: [Result<LabelledItem, any Error>]
      let now = now()
      do {
        results = try await writer.write { db in
          batch.map { entry in Result { try KeyItStore.saveText(db, entry.save, wallMillis: now) } }
        }
      } catch {
        results = Array(repeating: .failure(error), count: batch.count)
      }
      for (entry, result) in zip(batch, results) { entry.continuation.resume(with: result.map { $0 }) }
    }
  }
}
