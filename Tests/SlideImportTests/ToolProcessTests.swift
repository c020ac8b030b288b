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

  /// Imports run tools side by side. Read through FileHandle's `readabilityHandler`, 1,000 to
  /// 3,000 short tools, 8 at a time, crashed a stand-alone program in libdispatch's event loop
  /// (SIGSEGV) in 8 of 9 runs, and this test in 3 of 3; with each pipe read on a thread of its
  /// own, none did.
  @Test(.timeLimit(.minutes(1))) func manyToolsRunSideBySideEachGiveTheirOwnOutput() async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
      for run in 0..<2000 {
        if run >= 8 { try await group.next() }
        group.addTask {
          let outcome = try await shell("printf 'out \(run)'; printf 'err \(run)' >&2").run(
            file: "deck.pptx", timeLimit: .seconds(50))
          #expect(outcome.status == 0 && outcome.output == "out \(run)" && outcome.errors == "err \(run)")
        }
      }
      try await group.waitForAll()
    }
  }

  /// A tool that writes more than a pipe holds is read while it runs, not left blocked on a full
  /// pipe, and only the first MiB of what it writes is kept.
  @Test(.timeLimit(.minutes(1))) func aToolsLongOutputIsReadAsItComesAndKeptToAMiB() async throws {
    let outcome = try await shell("head -c 3000000 /dev/zero | tr '\\0' a; printf done >&2").run(
      file: "deck.pptx", timeLimit: .seconds(50))
    #expect(outcome.status == 0 && outcome.errors == "done")
    #expect(outcome.output.utf8.count == 1 << 20 && outcome.output.utf8.allSatisfy { $0 == UInt8(ascii: "a") })
  }

  /// A process the tool starts and leaves running keeps the tool's descriptors open after the tool
  /// itself ends, and Foundation reports the tool's end only once they close: the run is stopped at
  /// its time limit with that process, not held until it ends.
  @Test(.timeLimit(.minutes(1))) func aProcessTheToolLeavesRunningIsStoppedWithItAtTheTimeLimit() async throws {
    let started = ContinuousClock.now
    await #expect(throws: ShareSynchError.importTimedOut(file: "deck.pptx", seconds: 2)) {
      try await shell("sleep 45 & printf done").run(file: "deck.pptx", timeLimit: .seconds(2))
    }
    #expect(ContinuousClock.now - started < .seconds(30), "stopped, not held open by what the tool left")
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
