import GRDB
import SyncLog
import Testing

@testable import KeyIt

/// A Bible's name, book names and numbering as a team shares them.
@Suite struct TeamSettingsTests {
  @Test func aRenameAndANewBookNameListReachTheOtherDevice() async throws {
    let team = try await TwoDevices()
    _ = try await team.a.updateSetup(
      try await team.a.bible(nil).bibleID!, name: "Nupela Testamen", bookNames: "fr", goStraight: false)
    try await team.syncBoth()
    let onB = try await team.b.bible(team.bibleB)
    #expect(onB.name == "Nupela Testamen")
    #expect(onB.bookNames == "fr")
    #expect(onB.goStraight, "going straight in is each device's own choice")
    let names = try await team.b.books(bibleID: team.bibleB).map(\.book.bookName)
    #expect(names == (try await team.a.books(bibleID: nil).map(\.book.bookName)))
    #expect(names.contains("Genèse"))
    #expect(try await team.a.teamSnapshot(bibleUID: team.uid) == team.b.teamSnapshot(bibleUID: team.uid))
  }

  @Test func renamesMadeAtOnceOnTwoDevicesSettleOnTheLaterOneEverywhere() async throws {
    let team = try await TwoDevices()
    _ = try await team.a.renameBible(try await team.a.bible(nil).bibleID!, to: "Tok Pisin NT")
    _ = try await team.b.renameBible(team.bibleB, to: "Buk Baibel")
    try await team.syncBoth()
    let (onA, onB) = (try await team.a.bible(nil).name, try await team.b.bible(team.bibleB).name)
    #expect(onA == onB)
    #expect(["Tok Pisin NT", "Buk Baibel"].contains(onA))
    #expect(try await team.a.teamSnapshot(bibleUID: team.uid) == team.b.teamSnapshot(bibleUID: team.uid))
  }

  @Test func aNameOrListThisDeviceWouldRefuseIsPassedOverForTheOneBefore() async throws {
    let team = try await TwoDevices()
    _ = try await team.a.renameBible(try await team.a.bible(nil).bibleID!, to: "Good name")
    try await team.syncBoth()
    // A device with another build (or a forged one) sends a name with a control character and a
    // book-name list this build does not ship.
    var clock = HybridLogicalClock(device: "forger")
    let spec = SharedBibleSpec(name: "Bad\u{1B}[31m", versification: .english, frenchPsalms: false, bookNames: "xx")
    let forged = SyncChange(
      project: SyncChange.keyItProject(bibleUID: team.uid), device: "forger", counter: 1,
      clock: clock.tick(wallMillis: 4_000_000_000_000), author: "?",
      payload: ChangeJSON.write(KeyItChange(kind: .settings, bible: spec)))
    _ = await team.hub.add([forged], project: forged.project)
    try await team.syncBoth()
    #expect(try await team.b.bible(team.bibleB).name == "Good name")
    #expect(try await team.b.bible(team.bibleB).bookNames == "en")
    #expect(try await team.a.teamSnapshot(bibleUID: team.uid) == team.b.teamSnapshot(bibleUID: team.uid))
  }

  @Test func aBibleNobodyElseHasChangesItsNumberingAndItsLogFollows() async throws {
    let a = try KeyItStore.inMemory()
    let old = try await a.createBible(name: "Solo", versification: .english)
    let psalm = try await a.openChapter(bibleID: nil, code: "PSA", chapter: 3)
    try await a.type([1: "Yahweh, how my adversaries", 8: "Salvation belongs to Yahweh."], in: psalm)
    _ = try await a.changeVersification(bibleID: nil, to: .original)
    let bible = try await a.bible(nil)
    #expect(bible.uid != old.uid, "a new text id: what a hub held of the old numbering stays apart")
    #expect(try await a.chaptersDifferingFromLog(bibleUID: bible.uid).isEmpty)
    // A device that fetches it from a hub gets the new numbering and the same text.
    let hub = InMemoryChangeLog()
    try await KeyItSync(store: a, hub: hub).sync(bibleUID: bible.uid)
    let b = try KeyItStore.inMemory()
    try await KeyItSync(store: b, hub: hub).sync(bibleUID: bible.uid)
    let onB = try #require(try await b.bible(uid: bible.uid))
    #expect(onB.versification == .original)
    let verse2 = try await b.openChapter(bibleID: onB.bibleID, code: "PSA", chapter: 3).item(.verse, verse: 2)
    #expect(verse2?.itemText == "Yahweh, how my adversaries")
    #expect(try await a.teamSnapshot(bibleUID: bible.uid) == b.teamSnapshot(bibleUID: bible.uid))
    #expect(try await a.heads(bibleUID: old.uid) == SyncHeads())
  }

  @Test func aSharedBibleKeepsItsNumberingAndNothingChanges() async throws {
    let team = try await TwoDevices()
    try await team.a.type([1: "Paul"], in: try await team.chapterA())
    try await team.syncBoth()
    let before = try await team.b.teamSnapshot(bibleUID: team.uid)
    await #expect(throws: KeyItError.versificationOfSharedBible(bibleUID: team.uid)) {
      _ = try await team.b.changeVersification(bibleID: team.bibleB, to: .original)
    }
    #expect(try await team.b.teamSnapshot(bibleUID: team.uid) == before)
    #expect(try await team.b.bible(team.bibleB).versification == .kjv)
  }
}
