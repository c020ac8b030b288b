import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import KeyIt

/// Short writes (a lone save, a small import) run on the caller's thread only while no long write
/// is under way: behind one, they must not hold the few threads every request of the server runs on.
@Suite struct ShortWriteTests {
  @Test func shortImportsAndASaveBehindALongWriteLeaveTheThreadsFree() async throws {
    let (store, _) = try await storeWithBible()
    let ruth = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1).items.first { $0.itemType == .verse }!
    let john = try fixture("usfm/94-3JNeng-web.usfm")
    #expect(!USFMImportPipeline.readsOnAThread([("3jn", john)]))

    // A long write (a whole-Bible import, say) holds the writer until released: by the test once
    // the pool has answered, or by the watchdog if the pool never does.
    let held = HeldWrite()
    let long = Task { try await store.writer.write { _ in held.hold() } }
    while !held.holding.load(ordering: .acquiring) { try await Task.sleep(for: .milliseconds(1)) }
    DispatchQueue.global().asyncAfter(deadline: .now() + 10) {
      if held.release() { held.stalled.store(true, ordering: .releasing) }
    }

    // More short writes than the pool has threads, each waiting for the long write.
    let shortWrites = ProcessInfo.processInfo.activeProcessorCount * 2 + 2
    let imports = (0..<shortWrites).map { _ in Task { try await store.importUSFM([("3jn", john)], bibleID: nil) } }
    let save = Task { try await store.setText(bibleID: nil, itemID: ruth.itemID!, text: "Typed meanwhile") }
    try await Task.sleep(for: .milliseconds(300))  // time for each to reach the writer
    // Still answered: a task that needs nothing but a thread of the pool.
    #expect(await Task.detached { true }.value)
    let stalled = held.stalled.load(ordering: .acquiring)
    #expect(!stalled, "the pool stalled behind the long write")
    _ = held.release()

    try await long.value
    for task in imports { #expect(try await task.value.map(\.book) == ["3JN"]) }
    #expect(try await save.value.item.itemText == "Typed meanwhile")
    #expect(try await store.exportBook(bibleID: nil, code: "3JN").contains("The elder to Gaius the beloved"))
  }
}

/// A write that holds the writer until released.
private final class HeldWrite: Sendable {
  let holding = Atomic<Bool>(false)
  /// Set when the watchdog, not the test, released it.
  let stalled = Atomic<Bool>(false)
  private let released = DispatchSemaphore(value: 0)

  func hold() {
    holding.store(true, ordering: .releasing)
    released.wait()
  }

  /// Releases the write; false if it was released already.
  func release() -> Bool {
    guard holding.exchange(false, ordering: .acquiringAndReleasing) else { return false }
    released.signal()
    return true
  }
}
