import AppSupport
import Foundation
import ShareSynch

/// Runs a command-line tool (LibreOffice, pdftocairo, pdfinfo) to its end, stopping it when the
/// time limit passes or the task is cancelled, so no conversion outlives its import.
struct ToolProcess {
  typealias Outcome = SpawnedTool.Ended

  var executable: URL
  var arguments: [String]
  var environment: [String: String]? = nil

  /// Runs the tool; `whileRunning` is called about ten times a second until it ends (to report
  /// progress). Throws `importTimedOut` past `timeLimit` and `CancellationError` when cancelled,
  /// after the tool was stopped. The tool has ended once it has exited and every process holding its
  /// output has closed it: a process it started and left running is stopped with it at the limit,
  /// and the output of one that left its process group is let go of two seconds after SIGKILL.
  func run(file: String, timeLimit: Duration, whileRunning: @Sendable () -> Void = {}) async throws -> Outcome {
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      throw ShareSynchError.converterMissing(tool: executable.lastPathComponent)
    }
    // Ticks ten times a second, and at once when the tool ends (polling alone kept every tool's end
    // waiting up to a tenth of a second: a fifth of a second per import).
    let (ticks, tick) = AsyncStream<Void>.makeStream()
    let tool = try SpawnedTool(executable: executable, arguments: arguments, environment: environment) {
      tick.yield()
    }
    let timer = Task {
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(100))
        tick.yield()
      }
    }
    defer { timer.cancel() }
    let deadline = ContinuousClock.now + timeLimit
    var failure: (any Error)?
    for await _ in ticks {  // ends early, too, when the task is cancelled
      if tool.hasEnded { break }
      if ContinuousClock.now > deadline {
        failure = ShareSynchError.importTimedOut(file: file, seconds: Int(timeLimit.components.seconds))
        break
      }
      whileRunning()
    }
    if failure == nil, Task.isCancelled, !tool.hasEnded { failure = CancellationError() }
    if let failure {
      _ = try? await runBlocking { tool.stop() }
      throw failure
    }
    return await tool.ended()
  }

  /// A tool installed under one of the usual folders, or nil.
  static func find(_ name: String, in folders: [String] = ["/usr/bin", "/usr/local/bin", "/bin"]) -> URL? {
    folders.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}
