import SyncLog
import TestSupport
import Testing

@testable import KeyIt

/// Two devices sharing a Bible through an in-memory hub, for concurrent-edit cases told step by step.
struct TwoDevices {
  let hub = InMemoryChangeLog()
  let a: KeyItStore
  let b: KeyItStore
  let uid: String
  let bibleB: Int64

  init() async throws {
    a = try KeyItStore.inMemory()
    b = try KeyItStore.inMemory()
    uid = try await a.createBible(name: "Team").uid
    try await KeyItSync(store: a, hub: hub).sync(bibleUID: uid)
    try await KeyItSync(store: b, hub: hub).sync(bibleUID: uid)
    bibleB = try #require(try await b.bible(uid: uid)?.bibleID)
  }

  func syncBoth() async throws {
    for _ in 0..<2 {
      try await KeyItSync(store: a, hub: hub).sync(bibleUID: uid)
      try await KeyItSync(store: b, hub: hub).sync(bibleUID: uid)
    }
  }

  func chapterA() async throws -> ChapterContent { try await a.chapter(bibleID: nil, code: "PHM", chapter: 1) }
  func chapterB() async throws -> ChapterContent { try await b.chapter(bibleID: bibleB, code: "PHM", chapter: 1) }
}

@Suite struct TeamMergeTests {
  @Test func aVerseBridgedAwayWhileEditedKeepsTheEditInAConflict() async throws {
    let team = try await TwoDevices()
    try await team.a.type([1: "Paul", 2: "to Apphia"], in: try await team.chapterA())
    try await team.syncBoth()
    try await team.a.perform(.bridgeNext, on: try await team.chapterA().item(.verse, verse: 1))
    let verse2 = try #require(try await team.chapterB().item(.verse, verse: 2))
    _ = try await team.b.setText(bibleID: team.bibleB, itemID: verse2.itemID!, text: "to Apphia our sister")
    try await team.syncBoth()
    let bridge = try #require(try await team.chapterB().item(.verse, verse: 1))
    #expect(bridge.isStartOfBridge && bridge.itemText == "Paul to Apphia")
    let conflicts = try await team.b.conflicts(bibleID: team.bibleB)
    #expect(conflicts.map(\.conflict.itemDeleted) == [true])
    #expect(conflicts.first?.conflict.incoming == "to Apphia our sister")
    #expect(try await team.a.teamSnapshot(bibleUID: team.uid) == team.b.teamSnapshot(bibleUID: team.uid))
  }

  /// Found by the soak (seed 2112876): B stretches a bridge over verse 3 while A, which had not seen
  /// that, undoes the bridge and types in verse 2 again. The stretch, later, wins; verse 2 is held
  /// once, by the bridge, and what A typed there is kept in a conflict.
  @Test func aBridgeStretchedWhileItWasUndoneHoldsEachVerseOnceAndKeepsWhatWasTyped() async throws {
    let team = try await TwoDevices()
    try await team.a.perform(.bridgeNext, on: try await team.chapterA().item(.verse, verse: 1))
    try await team.syncBoth()
    try await team.a.perform(.unbridge, on: try await team.chapterA().item(.verse, verse: 1))
    let verse2 = try #require(try await team.chapterA().item(.verse, verse: 2))
    _ = try await team.a.setText(bibleID: nil, itemID: verse2.itemID!, text: "to Apphia our sister")
    try await team.b.perform(.bridgeNext, on: try await team.chapterB().item(.verse, verse: 1))
    try await team.syncBoth()
    for chapter in [try await team.chapterA(), try await team.chapterB()] {
      let covered = chapter.items.filter { $0.itemType == .verse }.flatMap {
        $0.verseNumber...max($0.verseNumber, $0.lastVsOfBridge)
      }
      #expect(covered.sorted() == Array(1...covered.count))
      #expect(chapter.item(.verse, verse: 1)?.lastVsOfBridge == 3)
    }
    let conflicts = try await team.b.conflicts(bibleID: team.bibleB)
    #expect(conflicts.map(\.conflict.itemDeleted) == [true])
    #expect(conflicts.first?.conflict.current == "to Apphia our sister")
    #expect(try await team.a.teamSnapshot(bibleUID: team.uid) == team.b.teamSnapshot(bibleUID: team.uid))
    #expect(try await team.a.chaptersDifferingFromLog(bibleUID: team.uid) == [])
  }

  @Test func overlappingBridgesMadeAtOnceLeaveEveryVerseInTheChapter() async throws {
    let team = try await TwoDevices()
    try await team.a.type([1: "Paul,", 2: "a prisoner,", 3: "to Philemon"], in: try await team.chapterA())
    try await team.syncBoth()
    try await team.a.perform(.bridgeNext, on: try await team.chapterA().item(.verse, verse: 1))
    try await team.b.perform(.bridgeNext, on: try await team.chapterB().item(.verse, verse: 2))
    try await team.syncBoth()
    for chapter in [try await team.chapterA(), try await team.chapterB()] {
      let verses = chapter.items.filter { $0.itemType == .verse }
      let covered = verses.flatMap { $0.verseNumber...max($0.verseNumber, $0.lastVsOfBridge) }
      #expect(covered.sorted() == Array(1...chapter.chapter.numVerses), "every verse once")
      let words = (verses.map(\.itemText) + (try await team.a.conflicts(bibleID: nil)).map(\.conflict.incoming))
        .joined(separator: " ")
      for word in ["Paul,", "a prisoner,", "to Philemon"] { #expect(words.contains(word)) }
    }
    #expect(try await team.a.teamSnapshot(bibleUID: team.uid) == team.b.teamSnapshot(bibleUID: team.uid))
    #expect(try await team.a.chaptersDifferingFromLog(bibleUID: team.uid).isEmpty)
    #expect(try await team.b.chaptersDifferingFromLog(bibleUID: team.uid).isEmpty)
  }

  @Test func headingsInsertedAtOnePlaceOnTwoDevicesAreBothKeptInOneOrder() async throws {
    let team = try await TwoDevices()
    let headingA = try await team.a.perform(.insertHeadingBefore, on: try await team.chapterA().item(.verse, verse: 4))
      .item(.heading, verse: 4)
    _ = try await team.a.setText(bibleID: nil, itemID: headingA!.itemID!, text: "Thanksgiving")
    let headingB = try await team.b.perform(.insertHeadingBefore, on: try await team.chapterB().item(.verse, verse: 4))
      .item(.heading, verse: 4)
    _ = try await team.b.setText(bibleID: team.bibleB, itemID: headingB!.itemID!, text: "Paul's prayer")
    try await team.syncBoth()
    let onA = try await team.chapterA().items.filter { $0.itemType == .heading }.map(\.itemText)
    let onB = try await team.chapterB().items.filter { $0.itemType == .heading }.map(\.itemText)
    #expect(Set(onA) == ["Thanksgiving", "Paul's prayer"])
    #expect(onA == onB)
  }

  @Test func anUndoneResolutionOpensTheConflictAgainEverywhere() async throws {
    let team = try await TwoDevices()
    let verseA = try #require(try await team.chapterA().item(.verse, verse: 3))
    let verseB = try #require(try await team.chapterB().item(.verse, verse: 3))
    _ = try await team.a.setText(bibleID: nil, itemID: verseA.itemID!, text: "Grace to you")
    _ = try await team.b.setText(bibleID: team.bibleB, itemID: verseB.itemID!, text: "Grace and peace")
    try await team.syncBoth()
    let conflict = try #require(try await team.a.conflicts(bibleID: nil).first?.conflict)
    try await team.a.resolveConflict(bibleID: nil, conflictID: conflict.id, choice: .keepIncoming)
    try await team.syncBoth()
    #expect(try await team.b.conflicts(bibleID: team.bibleB).isEmpty)
    try await team.b.resolveConflict(bibleID: team.bibleB, conflictID: conflict.id, choice: .undo)
    try await team.syncBoth()
    #expect(try await team.a.conflicts(bibleID: nil).map(\.conflict.id) == [conflict.id])
    #expect(try await team.chapterA().item(.verse, verse: 3)?.itemText == conflict.current)
    #expect(try await team.a.teamSnapshot(bibleUID: team.uid) == team.b.teamSnapshot(bibleUID: team.uid))
    await #expect(throws: KeyItError.unknownConflict(id: "nope", open: true)) {
      try await team.a.resolveConflict(bibleID: nil, conflictID: "nope", choice: .keepCurrent)
    }
  }

  /// Each keyboarder imports the same Paratext file on a phone offline: after they sync there is one
  /// heading and one paragraph break at each place, not one from each device.
  @Test func theSameFileImportedOnTwoDevicesOfflineGivesEachItemOnce() async throws {
    let team = try await TwoDevices()
    _ = try await team.a.importUSFM([("PHM.usfm", philemonOpening)], bibleID: nil)
    _ = try await team.b.importUSFM([("PHM.usfm", philemonOpening)], bibleID: team.bibleB)
    try await team.syncBoth()
    let (onA, onB) = (try await team.chapterA().items, try await team.chapterB().items)
    #expect(
      onA.filter { !$0.itemType.carriesText || $0.itemType == .heading }.map(\.itemType) == [.heading, .para, .para])
    #expect(onA.filter { $0.itemType == .heading }.map(\.itemText) == ["Greeting"])
    #expect(onA.map(\.uid) == onB.map(\.uid))
    #expect(try await team.a.conflicts(bibleID: nil).isEmpty)
    #expect(try await team.a.teamSnapshot(bibleUID: team.uid) == team.b.teamSnapshot(bibleUID: team.uid))
  }

  /// A change of PHM 1 from a device outside the team, typing `text` into the empty verse 1 named
  /// by `uid`, which its JSON names as given.
  static func verseOneTyped(_ text: String, uid: String, device: String, team: TwoDevices) -> SyncChange {
    let verse = ItemState(
      verse: 1, type: .verse, order: 100, intSeq: 0, startsBridge: false, bridgeEnd: 0, marker: nil, text: "",
      steps: [])
    var typed = verse
    typed.text = text
    let change = KeyItChange(
      kind: .edit, book: "PHM", chapter: 1, items: [ItemDelta(uid: uid, before: verse, after: typed)])
    var clock = HybridLogicalClock(device: device)
    return SyncChange(
      project: SyncChange.keyItProject(bibleUID: team.uid), device: device, counter: 1,
      clock: clock.tick(wallMillis: 4_000_000_000_000), author: "?", payload: ChangeJSON.write(change))
  }

  /// Applies each forged change alone: each is logged as refused and changes nothing.
  static func expectRefused(
    _ forged: [SyncChange], by team: TwoDevices, sourceLocation: SourceLocation = #_sourceLocation
  )
    async throws
  {
    let before = try await team.b.teamSnapshot(bibleUID: team.uid)
    let refusedBefore = try await team.b.syncStatus(bibleID: team.bibleB).refusedChanges
    for change in forged {
      #expect(
        try await team.b.applyRemote([change], bibleUID: team.uid) == 1, "\(change.payload)",
        sourceLocation: sourceLocation)
    }
    #expect(try await team.b.teamSnapshot(bibleUID: team.uid) == before, sourceLocation: sourceLocation)
    #expect(
      try await team.b.syncStatus(bibleID: team.bibleB).refusedChanges == refusedBefore + forged.count,
      sourceLocation: sourceLocation)
  }

  /// A device with another build, or a forged one, names an item by another chapter's id, or by
  /// what is no id under this chapter's (`/` alone, the chapter's own id): the change is refused
  /// and changes nothing.
  @Test func aChangeNamingAnItemNoRowOfItsChapterCanHoldIsRefused() async throws {
    let team = try await TwoDevices()
    let otherChapter = TextID.verse(chapter: TextID.chapter(bible: team.uid, book: "PHM", chapter: 2), verse: 1)
    let chapter = TextID.chapter(bible: team.uid, book: "PHM", chapter: 1)
    try await Self.expectRefused(
      [(1, otherChapter), (2, "/"), (3, chapter), (4, chapter + "/")].map { counter, uid in
        Self.verseOneTyped("forged", uid: uid, device: "forger\(counter)", team: team)
      }, by: team)
    #expect(try await team.chapterB().items.allSatisfy { $0.itemText.isEmpty })
  }

  /// A forged change bridging verse 1 to a verse past any chapter's (replaying it would count the
  /// bridge's verses for ever), or naming a verse below 0, is refused and changes nothing.
  @Test func aChangeNamingAVersePastAnyChaptersIsRefused() async throws {
    let team = try await TwoDevices()
    var forged: [SyncChange] = []
    let uid = TextID.verse(chapter: TextID.chapter(bible: team.uid, book: "PHM", chapter: 1), verse: 1)
    for (counter, (verse, bridgeEnd)) in [(1, Int.max), (1, Versification.mostVersesInAChapter + 1), (-1, 0)]
      .enumerated()
    {
      let typed = Self.verseOneTyped("forged", uid: uid, device: "forger\(counter)", team: team)
      var change = try KeyItChange(json: typed.payload)
      change.items[0].after?.verse = verse
      change.items[0].after?.startsBridge = bridgeEnd > 0
      change.items[0].after?.bridgeEnd = bridgeEnd
      forged.append(
        SyncChange(
          project: typed.project, device: typed.device, counter: typed.counter, clock: typed.clock,
          author: typed.author, payload: ChangeJSON.write(change)))
    }
    try await Self.expectRefused(forged, by: team)
  }

  /// What the fuzzer found (Tests/Fixtures/fuzz/keyit-change): a change from the hub naming Ruth
  /// 65535 crashed the replay, which made the chapter from nothing; one naming `rUT` 2 was logged
  /// as a second log of Ruth 2, so that chapter's tables no longer equalled its log. Those, and
  /// changes naming a book or chapter the Bible's numbering lacks, are refused and change nothing.
  @Test func aChangeNamingAChapterTheBiblesNumberingLacksIsRefused() async throws {
    let team = try await TwoDevices()
    let uid = TextID.verse(chapter: TextID.chapter(bible: team.uid, book: "PHM", chapter: 1), verse: 1)
    let places = [("phm", 1), ("Phm", 1), ("PHM", 2), ("PHM", 0), ("PHM", Int.min), ("XYZ", 1), ("RUT", 5)]
    var payloads = fuzzFixtures("keyit-change").map { String(decoding: $0.data, as: UTF8.self) }
    #expect(payloads.count == 2)
    for (book, chapter) in places {
      var change = try KeyItChange(json: Self.verseOneTyped("forged", uid: uid, device: "forger", team: team).payload)
      (change.book, change.chapter) = (book, chapter)
      change.items[0].uid = "/v1"  // under whichever chapter the change names
      payloads.append(ChangeJSON.write(change))
    }
    try await Self.expectRefused(
      payloads.enumerated().map { index, payload in
        var forged = Self.verseOneTyped("", uid: uid, device: "forger\(index)", team: team)
        forged.payload = payload
        return forged
      }, by: team)
  }

  /// Builds before 2026-11-30 named every item by its whole id, not from its chapter's id on as
  /// changes are logged now: such a change still applies, to the same item.
  @Test func aChangeNamingItsItemsWholeAsOlderBuildsDidApplies() async throws {
    let team = try await TwoDevices()
    let uid = TextID.verse(chapter: TextID.chapter(bible: team.uid, book: "PHM", chapter: 1), verse: 1)
    let older = Self.verseOneTyped("from an older build", uid: uid, device: "older", team: team)
    #expect(older.payload.contains("\"uid\":\"\(uid)\""))
    #expect(try await team.b.applyRemote([older], bibleUID: team.uid) == 1)
    let item = try #require(try await team.chapterB().item(.verse, verse: 1))
    #expect(item.itemText == "from an older build")
    #expect(item.uid == uid)
  }

  /// A forged change on the hub is refused by every device alike, and the changes after it, its
  /// device's too, still reach everyone: a sync does not stop at it.
  @Test func aForgedChangeOnTheHubDoesNotStopTheTeamsSync() async throws {
    let team = try await TwoDevices()
    let project = SyncChange.keyItProject(bibleUID: team.uid)
    let verseOne = TextID.verse(chapter: TextID.chapter(bible: team.uid, book: "PHM", chapter: 1), verse: 1)
    var forged = Self.verseOneTyped("forged", uid: verseOne, device: "forger", team: team)
    forged.payload = forged.payload.replacingOccurrences(of: "\"verse\":1", with: "\"verse\":177")
    var after = Self.verseOneTyped("after the forged one", uid: verseOne, device: "forger", team: team)
    after.counter = 2
    after.clock = HybridTimestamp(wallMillis: after.clock.wallMillis + 1, logical: 0, device: "forger")
    let outcome = try await team.hub.add(
      [forged, after], project: project, heads: try await team.hub.heads(project: project))
    #expect(outcome.added.count == 2)
    try await team.a.type([3: "grace to you"], in: try await team.chapterA())
    try await team.syncBoth()
    for chapter in [try await team.chapterA(), try await team.chapterB()] {
      #expect(chapter.item(.verse, verse: 1)?.itemText == "after the forged one")
      #expect(chapter.item(.verse, verse: 3)?.itemText == "grace to you")
    }
    #expect(try await team.a.syncStatus(bibleID: nil).refusedChanges == 1)
    #expect(try await team.b.syncStatus(bibleID: team.bibleB).refusedChanges == 1)
    #expect(try await team.a.teamSnapshot(bibleUID: team.uid) == team.b.teamSnapshot(bibleUID: team.uid))
    #expect(try await team.b.syncStatus(bibleID: team.bibleB).unsent == 0)
  }

  /// A change an earlier version refused (one it could not read, say from a later version) is
  /// taken at the next batch once the device reads it, as if it had been taken when it came; one
  /// this version refused is not read again at each batch.
  @Test func aChangeRefusedEarlierIsTakenOnceTheDeviceReadsIt() async throws {
    let team = try await TwoDevices()
    let verseOne = TextID.verse(chapter: TextID.chapter(bible: team.uid, book: "PHM", chapter: 1), verse: 1)
    let later = Self.verseOneTyped("from a later build", uid: verseOne, device: "later", team: team)
    let bibleID = team.bibleB
    try await team.b.writer.write { db in
      try KeyItStore.insertRefused(db, bibleID: bibleID, later, reason: "no such kind")
    }
    #expect(try await team.b.applyRemote([], bibleUID: team.uid) == 0)
    #expect(try await team.chapterB().item(.verse, verse: 1)?.itemText == "")  // refused by this version
    try await team.b.writer.write { db in
      try db.execute(sql: "UPDATE KeyItChanges SET refusedBy = '0.17.0' WHERE refused IS NOT NULL")
    }
    #expect(try await team.b.syncStatus(bibleID: bibleID).refusedChanges == 1)
    #expect(try await team.b.applyRemote([], bibleUID: team.uid) == 0)
    #expect(try await team.chapterB().item(.verse, verse: 1)?.itemText == "from a later build")
    #expect(try await team.b.syncStatus(bibleID: bibleID).refusedChanges == 0)
    #expect(try await team.b.chaptersDifferingFromLog(bibleUID: team.uid).isEmpty)
  }
}
