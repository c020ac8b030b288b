import Foundation
import ShareSynch
import ShareSynchServer
import Testing

/// The hub never loses a state change, whatever runs at the same time; its pages and timer belong
/// to the presentation, not to one window.
@Suite struct PresentationHubTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-\(UUID().uuidString)")

  func hub(timerLog: TimerLog? = nil, grace: Duration = .seconds(30), root: String = "series") async throws
    -> PresentationHub
  {
    let store = try ShareSynchStore.inMemory(seriesRoot: folder.appendingPathComponent(root))
    try await store.installDemoIfEmpty()
    return PresentationHub(store: store, timerLog: timerLog, presenterGrace: grace)
  }

  /// Advances interleaved with every intent that awaits the store (appeal changes, slides
  /// reloaded after an edit or a language change) all count: none is undone by a stale copy.
  @Test(arguments: ["appeal", "slides", "languages"])
  func advancesInterleavedWithOtherIntentsAreNeverLost(_ other: String) async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let hub = try await hub()
    let store = await hub.store
    for round in 0..<5 {
      _ = try await hub.start(series: "demo", sermon: "welcome", restart: true)
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<5 {
          group.addTask { _ = try await hub.apply(.advance) }
          group.addTask {
            switch other {
            case "appeal":
              _ = try await hub.apply(
                .appeal(AppealSetting(type: index % 2 == 0 ? .vocal : .instrumental, song: "hymn")))
            case "slides": try await hub.slidesChanged(series: "demo")
            default:
              _ = try await store.setLanguages(series: "demo", slides: nil, notes: nil)
              try await hub.slidesChanged(series: "demo")
            }
          }
        }
        try await group.waitForAll()
      }
      #expect(await hub.current()?.index == 5, "round \(round): five advances from slide 1 reach slide 6")
    }
  }

  @Test func anotherSermonStartedDuringAReloadStaysStarted() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let hub = try await hub()
    _ = try await hub.start(series: "demo", sermon: "welcome")
    _ = try await hub.apply(.advance)
    async let reload: Void = hub.slidesChanged(series: "demo")
    let restarted = try await hub.start(series: "demo", sermon: "welcome", restart: true)
    try await reload
    #expect(restarted.index == 0)
    #expect(await hub.current()?.index == 0, "the reload did not bring the old run back")
  }

  @Test func theWindowThatAdvancesCountsThePagesOthersFollow() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let hub = try await hub()
    let laptop = await hub.connect(role: .presenter) { _ in }
    let tablet = await hub.connect(role: .presenter) { _ in }
    let display = await hub.connect(role: .display) { _ in }
    let first = try await hub.start(series: "demo", sermon: "welcome")
    let slide = try #require(first.slide)
    _ = try await hub.apply(.pages(slide: slide, count: 9), from: display)
    #expect(await hub.current()?.steps == 1, "a display's count never counts, even before anyone leads")
    _ = try await hub.apply(.pages(slide: slide, count: 2), from: laptop)
    _ = try await hub.apply(.pages(slide: slide, count: 5), from: tablet)
    #expect(await hub.current()?.steps == 5, "before anyone moves, the last measure counts")
    _ = try await hub.apply(.advance, from: laptop)
    _ = try await hub.apply(.pages(slide: slide, count: 5), from: tablet)
    #expect(await hub.current()?.step == 1)
    _ = try await hub.apply(.pages(slide: slide, count: 2), from: laptop)
    _ = try await hub.apply(.pages(slide: slide, count: 7), from: tablet)
    #expect(await hub.current()?.steps == 2, "the laptop advanced: its pages count, the tablet's are ignored")
    _ = try await hub.apply(.pages(slide: slide, count: 9), from: display)
    #expect(await hub.current()?.steps == 2, "a display is never the one whose pages count")
    _ = try await hub.apply(.back, from: tablet)
    _ = try await hub.apply(.pages(slide: slide, count: 7), from: tablet)
    #expect(await hub.current()?.steps == 7, "now the tablet leads")
    await hub.disconnect(tablet)
    _ = try await hub.apply(.pages(slide: slide, count: 3), from: laptop)
    #expect(await hub.current()?.steps == 3, "the leader left: the one still there counts")
  }

  @Test func theTimerBelongsToThePresentationNotThePage() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let log = TimerLog(file: folder.appendingPathComponent("timer.json"))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let hub = try await hub(timerLog: log, grace: .milliseconds(300))
    let presenter = await hub.connect(role: .presenter) { _ in }
    _ = try await hub.start(series: "demo", sermon: "welcome")
    try await Task.sleep(for: .milliseconds(1_100))
    // A reload: the page goes and comes back; the sermon's timer goes on.
    await hub.disconnect(presenter)
    let reloaded = await hub.connect(role: .presenter) { _ in }
    let joined = try await hub.start(series: "demo", sermon: "welcome")
    #expect(joined.elapsed >= 1 && joined.timerRunning)
    let paused = try await hub.apply(.timer(.toggle))
    #expect(!paused.timerRunning)
    try await Task.sleep(for: .milliseconds(1_100))
    #expect(await hub.current()?.elapsed == paused.elapsed, "paused, it stands still")
    #expect(try await hub.apply(.timer(.toggle)).timerRunning)
    #expect(try await hub.apply(.timer(.reset)).elapsed == 0)
    try await Task.sleep(for: .milliseconds(500))
    #expect(try log.runs().isEmpty, "a reload within the grace period does not end the run")
    _ = reloaded
  }

  /// The presenter is answered with the state every screen was sent: a screen on a slow link holds
  /// the sends, and a timer reset must still answer 0, as the screens were told.
  @Test func anIntentAnswersTheStateTheScreensWereSentHoweverSlowALinkIs() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let hub = try await hub()
    _ = await hub.connect(role: .presenter) { _ in }
    let sent = SentStates()
    _ = await hub.connect(role: .display) { message in
      await sent.add(message)
      try await Task.sleep(for: .milliseconds(1_200))  // a display on a slow link
    }
    _ = try await hub.start(series: "demo", sermon: "welcome")
    let answered = try await hub.apply(.timer(.reset))
    #expect(answered.timerRunning)
    #expect(answered.elapsed == 0, "read when the reset took effect, not after the slow send")
    let last = try #require(await sent.messages.last)
    #expect(last.contains("\"elapsed\":0"), "the display was told the same: \(last)")
  }

  @Test func onlyADisplayReportsHowItsVideoPlays() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let hub = try await hub()
    let presenter = await hub.connect(role: .presenter) { _ in }
    let display = await hub.connect(role: .display) { _ in }
    _ = try await hub.start(series: "demo", sermon: "welcome")
    _ = try await hub.apply(.videoReport(muted: true, secondsLeft: 9), from: presenter)
    #expect(await hub.current()?.video.muted == false, "a presenter cannot claim the display muted")
    _ = try await hub.apply(.videoReport(muted: true, secondsLeft: 9), from: display)
    #expect(await hub.current()?.video.secondsLeft == 9)
    let unmuted = try await hub.apply(.video(.unmute), from: presenter)
    #expect(unmuted.video.unmutes == 1)
  }

  @Test func aSeriesIsNeverDeletedWhileItIsPresentedNorStartedWhileItIsDeleted() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let hub = try await hub()
    let store = await hub.store
    let services = ShareSynchServices(store: store, hub: hub, dataFolder: folder.appendingPathComponent("data"))
    _ = try await hub.start(series: "demo", sermon: "welcome")
    await #expect(throws: ShareSynchError.seriesBeingPresented("demo")) { try await services.deleteSeries("demo") }
    #expect(try await store.series().count == 1)

    let other = try await self.hub(root: "other")
    let otherStore = await other.store
    let gate = AsyncStream<Void>.makeStream()
    async let deletion: Void = other.deleting(series: "demo") {
      for await _ in gate.stream { break }  // held open until the start below has tried
      try await otherStore.deleteSeries("demo")
    }
    try await Task.sleep(for: .milliseconds(100))
    await #expect(throws: ShareSynchError.unknownSeries("demo")) {
      try await other.start(series: "demo", sermon: "welcome")
    }
    gate.continuation.yield()
    try await deletion
    #expect(await other.current() == nil)
  }
}

/// The messages a test's screen was sent, in order.
actor SentStates {
  private(set) var messages: [String] = []
  func add(_ message: String) { messages.append(message) }
}
