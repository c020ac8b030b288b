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

  @Test func aToolEndedByASignalGives128PlusIt() async throws {
    let outcome = try await shell("kill -TERM $$").run(file: "deck.pptx", timeLimit: .seconds(30))
    #expect(outcome.status == 128 + SIGTERM)
  }

  /// The tool starts with no signal blocked and none of the standard ones (1–31) ignored, so
  /// SIGTERM stops it. (Foundation's `Process` gave it the blocked signals of the Swift thread that
  /// started it, SIGTERM among them, and SIGPIPE ignored; glibc itself ignores its two internal
  /// signals, 32 and 33, in a process it starts.) `exec` keeps the shell from resetting them.
  @Test func aToolStartsWithNoSignalBlockedOrIgnored() async throws {
    let outcome = try await shell("exec grep -E '^Sig(Blk|Ign)' /proc/self/status").run(
      file: "deck.pptx", timeLimit: .seconds(30))
    let masks = outcome.output.split(separator: "\n").compactMap {
      UInt64($0.split(separator: "\t").last ?? "", radix: 16)
    }
    #expect(masks.count == 2 && masks[0] == 0 && masks[1] & 0x7fff_ffff == 0, "\(outcome.output)")
  }

  /// A descriptor the server opened without close-on-exec is not handed to the tool.
  @Test func aToolGetsNoneOfTheServersDescriptors() async throws {
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file) }
    try Data("kept".utf8).write(to: file)
    let descriptor = open(file.path, O_RDONLY)
    defer { close(descriptor) }
    try #require(descriptor >= 3)
    let outcome = try await shell("exec ls -l /proc/self/fd").run(file: "deck.pptx", timeLimit: .seconds(30))
    #expect(outcome.status == 0 && outcome.output.contains("/dev/null"))
    #expect(!outcome.output.contains(file.lastPathComponent), "\(outcome.output)")
  }

  /// The tool runs until progress has been asked for twice (the callback makes the file it waits
  /// for), so the test holds however slowly a busy machine runs it.
  @Test(.timeLimit(.minutes(1))) func progressIsAskedForWhileTheToolRuns() async throws {
    let flag = temporaryFile()
    defer { try? FileManager.default.removeItem(at: flag) }
    let calls = Atomic<Int>(0)
    let outcome = try await shell("while [ ! -e '\(flag.path)' ]; do sleep 0.05; done; printf done")
      .run(file: "deck.pptx", timeLimit: .seconds(50)) {
        if calls.add(1, ordering: .relaxed).newValue == 2 {
          _ = FileManager.default.createFile(atPath: flag.path, contents: nil)
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

  /// A process the tool starts and leaves running holds the tool's output open after the tool itself
  /// ends: the run is stopped at its time limit with that process, not held until it ends (in an
  /// hour, past the test's limit).
  @Test(.timeLimit(.minutes(2))) func aProcessTheToolLeavesRunningIsStoppedWithItAtTheTimeLimit() async throws {
    let left = try await processOfARunPastItsLimit { "sleep 3600 & echo $! > '\($0)'; printf done" }
    #expect(try await endsSoon(left), "stopped, not left running")
  }

  /// A process the tool started in a session of its own (as a daemon does) is out of the group
  /// signal's reach and holds the output open for an hour; it is found by the mark in its
  /// environment and stopped.
  @Test(.timeLimit(.minutes(2))) func aProcessThatLeftTheGroupIsStoppedToo() async throws {
    let escaped = try await processOfARunPastItsLimit {
      "setsid sh -c 'echo $$ > \"\($0)\"; exec sleep 3600' & printf done"
    }
    defer { kill(escaped, SIGKILL) }
    #expect(try await endsSoon(escaped), "stopped, though out of the group")
  }

  /// One that also dropped its environment cannot be found: its hold on the output is let go of
  /// after SIGKILL, and the import still ends rather than waiting for it.
  @Test(.timeLimit(.minutes(2))) func outputHeldByAProcessOutOfEveryReachIsLetGo() async throws {
    let escaped = try await processOfARunPastItsLimit {
      "setsid env -i sh -c 'echo $$ > \"\($0)\"; exec sleep 3600' & printf done"
    }
    defer { kill(escaped, SIGKILL) }
    #expect(kill(escaped, 0) == 0, "the process out of reach still runs, holding the output")
  }

  @Test(.timeLimit(.minutes(2))) func aToolPastItsTimeLimitIsStopped() async throws {
    let tool = try await processOfARunPastItsLimit { "echo $$ > '\($0)'; exec sleep 3600" }
    #expect(try await endsSoon(tool), "stopped, not waited for")
  }

  /// Runs `script`, given the path of a file to write a process id to, as an import with a 2 s
  /// limit, which must time out; the process id it wrote.
  func processOfARunPastItsLimit(_ script: (String) -> String) async throws -> pid_t {
    let pidFile = temporaryFile()
    defer { try? FileManager.default.removeItem(at: pidFile) }
    await #expect(throws: ShareSynchError.importTimedOut(file: "deck.pptx", seconds: 2)) {
      try await shell(script(pidFile.path)).run(file: "deck.pptx", timeLimit: .seconds(2))
    }
    return try processID(in: pidFile)
  }

  @Test(.timeLimit(.minutes(2))) func aCancelledImportStopsItsTool() async throws {
    let pidFile = temporaryFile()
    defer { try? FileManager.default.removeItem(at: pidFile) }
    let running = Task {
      try await shell("echo $$ > '\(pidFile.path)'; exec sleep 3600").run(file: "deck.pptx", timeLimit: .seconds(300))
    }
    while (try? processID(in: pidFile)) == nil { try await Task.sleep(for: .milliseconds(50)) }
    running.cancel()
    await #expect(throws: CancellationError.self) { try await running.value }
    #expect(try await endsSoon(processID(in: pidFile)), "stopped, not waited for")
  }

  /// A path for a file in the temporary folder.
  func temporaryFile() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString)")
  }

  // The stop tests judge by the process, not by the clock: with the whole suite running at once on
  // two cores, a run stopped correctly once took 30 s of wall time to come back.

  /// The process id a tool wrote to `file`.
  func processID(in file: URL) throws -> pid_t {
    let text = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    return try #require(pid_t(text), "a process id in \(file.path)")
  }

  /// Whether process `pid` has ended within 30 s (it would otherwise run for an hour): gone, or
  /// a zombie (what a tool leaves behind is reparented, and nothing in a container may reap it).
  func endsSoon(_ pid: pid_t) async throws -> Bool {
    for _ in 0..<300 {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let name = stat.lastIndex(of: ")")
      else { return true }
      // "1234 (sleep) S …": the state follows the name's closing parenthesis.
      if let state = stat[name...].dropFirst(2).first, state == "Z" || state == "X" { return true }
      try await Task.sleep(for: .milliseconds(100))
    }
    return false
  }
}
