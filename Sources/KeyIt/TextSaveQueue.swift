import GRDB

/// Group commit for text saves: saves that arrive while one transaction is being written are
/// written together in the next one, so fifty people typing at once pay for a few commits instead
/// of fifty. A save still returns only once it is committed. A save that is refused (an unknown
/// item, say) is refused before it writes anything, so it fails alone and the others go through.
actor TextSaveQueue {
  /// A save: the item, its new text, and the revision it was typed on (nil: whatever is stored).
  typealias Save = (bibleID: Int64?, itemID: Int64, text: String, revision: Int?)
  private let writer: any DatabaseWriter
  private var waiting: [(save: Save, continuation: CheckedContinuation<LabelledItem, any Error>)] = []
  private var writing = false

  private let now: @Sendable () -> Int64

  init(writer: any DatabaseWriter, now: @escaping @Sendable () -> Int64) {
    self.writer = writer
    self.now = now
  }

  /// Saves one item's text; returns the saved item once its transaction has committed.
  func save(_ save: Save) async throws -> LabelledItem {
    try await withCheckedThrowingContinuation { continuation in
      waiting.append((save, continuation))
      if !writing {
        writing = true
        Task { await self.writeWaiting() }
      }
    }
  }

  private func writeWaiting() async {
    while !waiting.isEmpty {
      let batch = waiting
      waiting.removeAll()
      let results: [Result<LabelledItem, any Error>]
      let now = now()
      do {
        results = try await writer.write { db in
          batch.map { entry in Result { try KeyItStore.saveText(db, entry.save, wallMillis: now) } }
        }
      } catch {
        results = Array(repeating: .failure(error), count: batch.count)
      }
      for (entry, result) in zip(batch, results) { entry.continuation.resume(with: result) }
    }
    writing = false
  }
}
