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

  /// The tool runs until progress has been asked for twice (the callback makes the file it waits
  /// for), so the test holds however slowly a busy machine runs it.
  @Test(.timeLimit(.minutes(1))) func progressIsAskedForWhileTheToolRuns() async throws {
    let flag = FileManager.default.temporaryDirectory.appendingPathComponent("progress-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: flag) }
    let calls = Atomic<Int>(0)
    let outcome = try await shell("while [ ! -e '\(flag.path)' ]; do sleep 0.05; done; printf done")
      .run(file: "deck.pptx", timeLimit: .seconds(50)) {
        if calls.add(1, ordering: .relaxed).newValue == 2 {
          FileManager.default.createFile(atPath: flag.path, contents: nil)
        }
      }
    #expect(outcome.output == "done" && calls.load(ordering: .relaxed) >= 2)
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
