import BenchmarkSupport
import Foundation
import KeyIt
import SyncLog

/// Goal: what a change from another device costs to apply does not grow with its chapter's log.
/// Device A types `logged` saves into Psalm 119 of one Bible (a long chapter typed and retyped for
/// years), and device B takes them all. Then, in turn, A saves once in Psalm 119 of that Bible and
/// once in Psalm 119 of a second Bible (the same chapter with a short log), and B applies each
/// change alone, timed. C, which took the same logs but keeps no replay (every change replays its
/// chapter's whole log, as before), applies the same changes.
struct LongLogReplay {
  struct Result {
    /// B applying a change to the long log, to the short one; C applying it to the long one (ms).
    var long: [Double] = []
    var short: [Double] = []
    var wholeLog: [Double] = []
    /// Chapters of B whose tables differ from their whole log replayed; whether B and C agree.
    var differing = 0
    var agree = true
  }

  let logged: Int
  let runs: Int
  let folder: URL

  func run() async throws -> Result {
    let paths = ["a", "b", "c"].map { folder.appendingPathComponent("long-log-\($0).sqlite").path }
    let a = try KeyItStore(path: paths[0])
    let bibles = [try await a.createBible(name: "Long log"), try await a.createBible(name: "Short log")]
    var typed = 0
    /// A saves verse `verse` of Psalm 119 of `bible` anew, its last word changed.
    func save(_ bible: Bible, verse: Int) async throws {
      let content = try await a.chapter(bibleID: bible.bibleID, code: "PSA", chapter: 119)
      let item = content.items.first { $0.itemType == .verse && $0.verseNumber == verse }!
      typed += 1
      let text = "Blessed are those whose ways are blameless, who walk according to the law of the Lord \(typed)"
      _ = try await a.setText(bibleID: bible.bibleID, itemID: item.itemID!, text: text)
    }
    for index in 0..<logged { try await save(bibles[0], verse: index % 176 + 1) }
    let b = try KeyItStore(path: paths[1])
    let c = try KeyItStore(path: paths[2], keptReplays: 0)
    for store in [b, c] {
      for bible in bibles { try await Self.takeAll(from: a, into: store, bibleUID: bible.uid) }
    }

    var result = Result()
    for round in 0...runs {  // round 0 replays each chapter once from its whole log on B: not counted
      for (index, bible) in bibles.enumerated() {
        try await save(bible, verse: round % 176 + 1)
        let change = try await a.changes(bibleUID: bible.uid, after: try await b.heads(bibleUID: bible.uid), limit: 10)
        precondition(change.count == 1)
        let onB = try await Self.timed { try await b.applyRemote(change, bibleUID: bible.uid) }
        let onC = try await Self.timed { try await c.applyRemote(change, bibleUID: bible.uid) }
        guard round > 0 else { continue }
        if index == 0 {
          result.long.append(onB)
          result.wholeLog.append(onC)
        } else {
          result.short.append(onB)
        }
      }
    }
    for bible in bibles {
      result.differing += try await b.chaptersDifferingFromLog(bibleUID: bible.uid).count
      if try await b.teamSnapshot(bibleUID: bible.uid) != c.teamSnapshot(bibleUID: bible.uid) { result.agree = false }
    }
    for store in [a, b, c] { try await store.close() }
    return result
  }

  private static func takeAll(from a: KeyItStore, into b: KeyItStore, bibleUID uid: String) async throws {
    while true {
      let batch = try await a.changes(bibleUID: uid, after: try await b.heads(bibleUID: uid), limit: 1000)
      guard !batch.isEmpty else { return }
      try await b.applyRemote(batch, bibleUID: uid)
    }
  }

  private static func timed(_ body: () async throws -> Int) async throws -> Double {
    let start = ContinuousClock.now
    let applied = try await body()
    let time = milliseconds(ContinuousClock.now - start)
    precondition(applied == 1)
    return time
  }
}
