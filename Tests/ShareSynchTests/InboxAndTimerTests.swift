import Foundation
import Testing

@testable import ShareSynch

/// Packages dropped into the inbox, and the timer log.
@Suite struct InboxAndTimerTests {
  @Test func inboxFilesAreInstalledOrRejectedWithAReason() async throws {
    let fixture = try SeriesFixture()
    let store = try ShareSynchStore.inMemory(seriesRoot: fixture.root)
    let inbox = fixture.folder.deletingLastPathComponent().appendingPathComponent("inbox")
    try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
    try FileManager.default.moveItem(at: try fixture.package(), to: inbox.appendingPathComponent("grace.sspkg"))
    try Data("not a zip".utf8).write(to: inbox.appendingPathComponent("broken.zip"))
    try Data("notes".utf8).write(to: inbox.appendingPathComponent("readme.txt"))
    try settle(inbox)
    let results = try await store.installInbox(inbox)
    #expect(results.map(\.file) == ["broken.zip", "grace.sspkg"])
    #expect(results[1].series == "grace" && results[0].reason?.contains("not a zip file") == true)
    let rejectedReason = try String(
      contentsOf: inbox.appendingPathComponent("rejected/broken.zip.reason.txt"), encoding: .utf8)
    #expect(rejectedReason.contains("not a zip file"))
    #expect(FileManager.default.fileExists(atPath: inbox.appendingPathComponent("installed/grace.sspkg").path))
    #expect(FileManager.default.fileExists(atPath: inbox.appendingPathComponent("readme.txt").path), "other files stay")
    #expect(try await store.series().map(\.id) == ["grace"])
    #expect(try await store.installInbox(inbox).isEmpty, "nothing is installed twice")
  }

  /// Dates every file of `folder` a minute back, as if its copy had finished then.
  func settle(_ folder: URL) throws {
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: folder.appendingPathComponent(name).path)
    }
  }

  @Test func aFileStillArrivingIsLeftAndUpperCaseExtensionsCount() async throws {
    let fixture = try SeriesFixture()
    let store = try ShareSynchStore.inMemory(seriesRoot: fixture.root)
    let inbox = fixture.folder.deletingLastPathComponent().appendingPathComponent("inbox")
    try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
    let package = try Data(contentsOf: try fixture.package())
    let arriving = inbox.appendingPathComponent("GRACE.SSPKG")
    try package.prefix(package.count / 2).write(to: arriving)
    #expect(try await store.installInbox(inbox).isEmpty, "a file written just now may still be growing")
    let before = Inbox.stamps(in: inbox)
    #expect(before.keys.sorted() == ["GRACE.SSPKG"])
    let handle = try FileHandle(forWritingTo: arriving)
    try handle.seekToEnd()
    try handle.write(contentsOf: package.suffix(from: package.count / 2))
    try handle.close()
    try settle(inbox)
    #expect(
      Inbox.settled(Inbox.stamps(in: inbox), previous: before).isEmpty, "it grew since the last look: wait once more")
    let results = try await store.installInbox(inbox, previous: Inbox.stamps(in: inbox))
    #expect(results.map(\.series) == ["grace"])
  }

  @Test func onlyRunsOfTwentyMinutesOrMoreAreLogged() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("timer-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    let log = TimerLog(file: file)
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    #expect(try !log.record(PresentationRun(sermon: "One", series: "Grace", start: start, duration: 19 * 60 + 59)))
    #expect(try log.runs().isEmpty)
    let run = PresentationRun(sermon: "One", series: "Grace", start: start, duration: 20 * 60)
    #expect(try log.record(run))
    #expect(try log.record(PresentationRun(sermon: "Two", series: "Grace", start: start, duration: 3_600)))
    #expect(try log.runs().map(\.sermon) == ["One", "Two"] && log.runs()[0] == run)
  }
}
