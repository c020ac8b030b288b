import Foundation
import Synchronization

/// What importing one chapter over its items writes, worked out from its items before without the
/// database: the imported items' text ids, and the change the log records. It reads and writes
/// nothing, so an import plans a book's chapters on one core while it writes them on another.
struct ChapterImportPlan: Sendable {
  /// A chapter to plan: the file's items and the chapter's items before.
  struct Input: Sendable {
    let imported: ImportedChapter
    let book: String
    let chapter: Chapter
    let before: Before
  }

  /// A chapter's items before the import, by text id.
  enum Before: Sendable {
    /// As stored (read in the import's transaction).
    case stored([String: ItemState])
    /// Those a chapter never opened would be created with, in this Bible.
    case new(in: Bible)
  }

  /// The text id of each imported item, in the file's order, as its row stores it (`TextID.stored`).
  let storedUIDs: [String]
  /// The change to log, as JSON, and its chapter's key; nil when every item is as it was.
  let logged: (payload: String, chapterKey: String)?

  init(_ input: Input) {
    let before =
      switch input.before {
      case .stored(let states): states
      case .new(let bible): KeyItStore.baseStates(bible: bible, chapter: input.chapter)
      }
    let uids = KeyItStore.importedUIDs(input.imported.items, chapterUID: input.chapter.uid, before: before)
    storedUIDs = uids.map { TextID.stored($0, chapter: input.chapter.uid) }
    var after: [String: ItemState] = [:]
    after.reserveCapacity(uids.count)
    for (item, uid) in zip(input.imported.items, uids) {
      after[uid] = ItemState(
        verse: item.verse, type: item.type, order: item.order, intSeq: item.intSeq,
        startsBridge: item.lastVerseOfBridge > 0, bridgeEnd: item.lastVerseOfBridge, marker: item.marker,
        text: item.text, steps: Array(repeating: [item.text, ""], count: item.bridgeSteps))
    }
    let deltas = ItemDelta.between(before, after)
    guard !deltas.isEmpty else {
      logged = nil
      return
    }
    let change = KeyItChange(kind: .edit, book: input.book, chapter: input.imported.number, items: deltas)
    logged = (change.json, change.chapterKey!)
  }

  /// Makes the plans of chapters in order, on a thread of its own, while the import writes the ones
  /// made: for a whole Psalms into a new Bible, the plans were a third of the import's time. Its
  /// own thread, not a queue of the system's, whose threads may all be waiting for the database
  /// this import holds. A book of fewer than `itemsForAThread` items is planned on the spot:
  /// starting a thread and waiting for it cost more (WEB Ruth, 1 John and 3 John into a new Bible:
  /// p50 2.86-2.90 ms with a thread for each, 2.60-2.78 ms without).
  final class Planner: Sendable {
    static let itemsForAThread = 2000

    private let plans: Mutex<[ChapterImportPlan?]>
    private let made: [DispatchSemaphore]
    private let stopped = Mutex(false)

    init(_ inputs: [Input]) {
      plans = Mutex(Array(repeating: nil, count: inputs.count))
      made = inputs.map { _ in DispatchSemaphore(value: 0) }
      let makeAll: @Sendable () -> Void = { [self] in
        for (index, input) in inputs.enumerated() {
          guard !stopped.withLock({ $0 }) else { return }
          let plan = ChapterImportPlan(input)
          plans.withLock { $0[index] = plan }
          made[index].signal()
        }
      }
      if inputs.reduce(0, { $0 + $1.imported.items.count }) < Self.itemsForAThread {
        makeAll()
      } else {
        Thread(block: makeAll).start()
      }
    }

    /// The plan of the chapter at `index`, once it is made (handed over once: it is not kept).
    func plan(_ index: Int) -> ChapterImportPlan {
      made[index].wait()
      return plans.withLock { plans in
        defer { plans[index] = nil }
        return plans[index]!
      }
    }

    /// Makes no more plans (the import stopped before using them).
    func stop() { stopped.withLock { $0 = true } }
  }
}
