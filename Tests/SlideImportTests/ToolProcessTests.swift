import Foundation
import ShareSynch
import Synchronization
import Testing

@testable import SlideImport

/// The converters an import runs: their output and status come back when they end, and one that
/// runs past its time limit or whose import is cancelled is stopped, not waited for.
@Suite struct ToolProcessTests {
  func shell(_ script: String) -> ToolProcess {
    ToolProcess(executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script])
  }

  @Test func aToolThatEndsGivesItsOutputAndStatus() async throws {
    let outcome = try await shell("printf 'made'; printf 'warned' >&2; exit 3").run(
      file: "deck.pptx", timeLimit: .seconds(30))
    #expect(outcome.status == 3 && outcome.output == "made" && outcome.errors == "warned")
  }

  @Test func progressIsAskedForWhileTheToolRuns() async throws {
    let calls = Atomic<Int>(0)
    _ = try await shell("sleep 0.5").run(file: "deck.pptx", timeLimit: .seconds(30)) {
      calls.add(1, ordering: .relaxed)
    }
    #expect(calls.load(ordering: .relaxed) >= 2)
  }

  @Test(.timeLimit(.minutes(1))) func aToolPastItsTimeLimitIsStopped() async throws {
    let started = ContinuousClock.now
    await #expect(throws: ShareSynchError.importTimedOut(file: "deck.pptx", seconds: 1)) {
      try await shell("sleep 60").run(file: "deck.pptx", timeLimit: .seconds(1))
    }
    #expect(ContinuousClock.now - started < .seconds(30), "stopped, not waited for")
  }

  @Test(.timeLimit(.minutes(1))) func aCancelledImportStopsItsTool() async throws {
    let started = ContinuousClock.now
    let running = Task { try await shell("sleep 60").run(file: "deck.pptx", timeLimit: .seconds(300)) }
    try await Task.sleep(for: .milliseconds(300))
    running.cancel()
    await #expect(throws: CancellationError.self) { try await running.value }
    #expect(ContinuousClock.now - started < .seconds(30), "stopped, not waited for")
  }
}
