import Foundation
import ShareSynch
import Synchronization

/// Runs a command-line tool (LibreOffice, pdftocairo, pdfinfo) to its end, stopping it when the
/// time limit passes or the task is cancelled, so no conversion outlives its import.
struct ToolProcess {
  /// What the tool wrote to standard output and standard error, and how it ended.
  struct Outcome {
    var status: Int32
    var output: String
    var errors: String
  }

  var executable: URL
  var arguments: [String]
  var environment: [String: String]? = nil

  /// Runs the tool; `whileRunning` is called about ten times a second until it ends (to report
  /// progress). Throws `importTimedOut` past `timeLimit` and `CancellationError` when cancelled,
  /// after the tool was stopped.
  func run(file: String, timeLimit: Duration, whileRunning: @Sendable () -> Void = {}) async throws -> Outcome {
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      throw ShareSynchError.converterMissing(tool: executable.lastPathComponent)
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    // Ticks ten times a second, and `true` the moment the tool ends (polling alone kept every
    // tool's end waiting up to a tenth of a second: a fifth of a second per import).
    let ticks = AsyncStream<Bool> { ticks in
      process.terminationHandler = { _ in
        ticks.yield(true)
        ticks.finish()
      }
      let timer = Task {
        while !Task.isCancelled {
          try? await Task.sleep(for: .milliseconds(100))
          ticks.yield(false)
        }
      }
      ticks.onTermination = { _ in timer.cancel() }
    }
    try process.run()
    let (outputRead, errorsRead) = (PipeDrain(output), PipeDrain(errors))
    let deadline = ContinuousClock.now + timeLimit
    var failure: (any Error)?
    for await ended in ticks {  // ends early, too, when the task is cancelled
      if ended { break }
      if ContinuousClock.now > deadline {
        failure = ShareSynchError.importTimedOut(file: file, seconds: Int(timeLimit.components.seconds))
        break
      }
      whileRunning()
    }
    if failure == nil, Task.isCancelled, process.isRunning { failure = CancellationError() }
    if failure != nil {
      // Foundation starts the tool in a process group of its own: stopping the group stops what the
      // tool started too (a child left running would hold the pipes, and the import, open).
      let group = -process.processIdentifier
      kill(group, SIGTERM)
      for _ in 0..<20 where process.isRunning { try? await Task.sleep(for: .milliseconds(100)) }
      kill(group, SIGKILL)
    }
    process.waitUntilExit()
    if let failure { throw failure }
    return Outcome(status: process.terminationStatus, output: outputRead.text(), errors: errorsRead.text())
  }

  /// A tool installed under one of the usual folders, or nil.
  static func find(_ name: String, in folders: [String] = ["/usr/bin", "/usr/local/bin", "/bin"]) -> URL? {
    folders.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}

/// A pipe read to its end on a thread of its own, with blocking reads, keeping its first MiB.
/// Not FileHandle's `readabilityHandler`: on Linux that watches a copy of the descriptor with a
/// dispatch source, and handlers set and cleared from several threads around a process's end are
/// the pattern behind rare SIGSEGVs in libdispatch's event loop in other projects' CI, and the
/// likeliest cause of the one that stopped this project's Swift tests in CI once.
private final class PipeDrain: Sendable {
  private let kept = Mutex(Data())
  private let ended = DispatchSemaphore(value: 0)

  init(_ pipe: Pipe, keeping limit: Int = 1 << 20) {
    let handle = pipe.fileHandleForReading
    Thread { [self] in
      while let chunk = try? handle.read(upToCount: 1 << 16), !chunk.isEmpty {
        kept.withLock { data in data.append(chunk.prefix(max(0, limit - data.count))) }
      }
      ended.signal()
    }.start()
  }

  /// What the pipe held, once every writer has closed it (for a tool that ended: at once).
  func text() -> String {
    ended.wait()
    ended.signal()
    return kept.withLock { String(decoding: $0, as: UTF8.self) }
  }
}
