import GRDB
import SyncLog
import TestSupport
import Testing

@testable import KeyIt

/// A chapter's replay kept between the batches that reach it (`ReplayCache`): used when the log
/// only grew after it, never when a change came in before its last one, never kept from a
/// transaction that did not commit.
@Suite struct ReplayCacheTests {
  /// Verse 1 of PHM 1 typed from empty to `text` by `device`, its clock at `wallMillis`.
  static func verseOneTyped(_ text: String, device: String, counter: Int64 = 1, wallMillis: Int64, team: TwoDevices)
    -> SyncChange
  {
    let uid = TextID.verse(chapter: TextID.chapter(bible: team.uid, book: "PHM", chapter: 1), verse: 1)
    var change = TeamMergeTests.verseOneTyped(text, uid: uid, device: device, team: team)
    change.counter = counter
    change.clock = HybridTimestamp(wallMillis: wallMillis, logical: 0, device: device)
    return change
  }

  func key(_ team: TwoDevices) async throws -> ReplayCache.Key {
    ReplayCache.Key(bibleUID: team.uid, chapterID: try #require(try await team.chapterB().chapter.chapterID))
  }

  /// A device long offline sends a change older than one this device has already replayed: it is
  /// folded in clock order, as on a device that took both at once, not after the newer one.
  @Test func aChangeOlderThanTheLastReplayedOneIsFoldedInClockOrder() async throws {
    let team = try await TwoDevices()
    let newer = Self.verseOneTyped("beta", device: "online", wallMillis: 4_000_000_002_000, team: team)
    let older = Self.verseOneTyped("alpha", device: "offline", wallMillis: 4_000_000_001_000, team: team)
    #expect(try await team.b.applyRemote([newer], bibleUID: team.uid) == 1)
    #expect(try await team.b.replays.entry(try await key(team))?.changes == 1)
    #expect(try await team.b.applyRemote([older], bibleUID: team.uid) == 1)
    #expect(try await team.a.applyRemote([older, newer], bibleUID: team.uid) == 2)

    let conflicts = try await team.b.conflicts(bibleID: team.bibleB).map(\.conflict)
    #expect(conflicts.map { [$0.current, $0.incoming] } == [["alpha", "beta"]])
    #expect(try await team.b.teamSnapshot(bibleUID: team.uid) == team.a.teamSnapshot(bibleUID: team.uid))
    #expect(try await team.b.chaptersDifferingFromLog(bibleUID: team.uid).isEmpty)
  }

  /// Changes later than all a replay folded are applied to that replay: a replay made wrong on
  /// purpose shows through (and the check against the whole log finds it), so the log was not read
  /// again from its start.
  @Test func changesLaterThanTheReplayAreAppliedToIt() async throws {
    let team = try await TwoDevices()
    for counter: Int64 in 1...20 {
      let change = Self.verseOneTyped(
        "draft \(counter)", device: "typist", counter: counter, wallMillis: 4_000_000_000_000 + counter,
        team: team)
      #expect(try await team.b.applyRemote([change], bibleUID: team.uid) == 1)
    }
    #expect(try await team.b.chaptersDifferingFromLog(bibleUID: team.uid).isEmpty)
    let items = try await team.chapterB().items.count
    let key = try await key(team)
    var kept = try #require(team.b.replays.entry(key))
    #expect(kept.changes == 20)
    kept.replay = ChapterReplay(base: [:])
    team.b.replays.keep(kept, key)

    let next = Self.verseOneTyped("final", device: "typist", counter: 21, wallMillis: 4_000_000_000_100, team: team)
    #expect(try await team.b.applyRemote([next], bibleUID: team.uid) == 1)
    #expect(try await team.chapterB().items.count < items)
    #expect(try await team.b.chaptersDifferingFromLog(bibleUID: team.uid) == ["PHM.1"])
  }

  /// A replay made in a transaction that rolls back is not kept: its changes are not in the log.
  @Test func aReplayIsKeptOnlyOnceItsTransactionCommits() async throws {
    let team = try await TwoDevices()
    let store = team.b
    let bible = try #require(try await store.bible(uid: team.uid))
    struct Undo: Error {}
    await #expect(throws: Undo.self) {
      try await store.writer.write { db in
        try KeyItStore.insertLogged(
          db, bibleID: bible.bibleID!,
          Self.verseOneTyped("undone", device: "x", wallMillis: 4_000_000_000_000, team: team),
          chapterKey: "PHM.1")
        try store.replayChapter(db, bible: bible, key: "PHM.1")
        throw Undo()
      }
    }
    #expect(store.replays.entry(try await key(team)) == nil)
    #expect(try await team.chapterB().item(.verse, verse: 1)?.itemText == "")
  }

  /// Another process on the same file (a second `serve`, the command line) logs a change older
  /// than the replay this store kept: this store sees it in the log and replays the chapter whole.
  @Test func aChangeAnotherProcessLoggedBeforeTheKeptReplayIsFolded() async throws {
    let team = try await TwoDevices()
    let path = scratchDatabasePath()
    defer { removeDatabase(path) }
    let here = try KeyItStore(path: path)
    try await KeyItSync(store: here, hub: team.hub).sync(bibleUID: team.uid)
    let there = try KeyItStore(path: path)
    let changes = [("beta", "online", 2), ("alpha", "offline", 1), ("gamma", "third", 3)].map {
      Self.verseOneTyped($0.0, device: $0.1, wallMillis: 4_000_000_000_000 + Int64($0.2) * 1000, team: team)
    }
    #expect(try await here.applyRemote([changes[0]], bibleUID: team.uid) == 1)
    #expect(try await there.applyRemote([changes[1]], bibleUID: team.uid) == 1)
    #expect(try await here.applyRemote([changes[2]], bibleUID: team.uid) == 1)
    #expect(try await team.a.applyRemote(changes, bibleUID: team.uid) == 3)

    #expect(try await here.teamSnapshot(bibleUID: team.uid) == team.a.teamSnapshot(bibleUID: team.uid))
    #expect(try await here.chaptersDifferingFromLog(bibleUID: team.uid).isEmpty)
    try await there.close()
    try await here.close()
  }

  /// Past its capacity the cache lets go of the chapter used longest ago.
  @Test func theChapterUsedLongestAgoIsLetGoOf() {
    let cache = ReplayCache(capacity: 2)
    let entry = ReplayCache.Entry(replay: ChapterReplay(base: [:]), changes: 0, lastClock: nil)
    let keys = (1...3).map { ReplayCache.Key(bibleUID: "b", chapterID: $0) }
    cache.keep(entry, keys[0])
    cache.keep(entry, keys[1])
    _ = cache.entry(keys[0])
    cache.keep(entry, keys[2])
    #expect(keys.map { cache.entry($0) != nil } == [true, false, true])
    let none = ReplayCache(capacity: 0)
    none.keep(entry, keys[0])
    #expect(none.entry(keys[0]) == nil)
  }
}
