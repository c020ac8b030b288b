import Foundation
import ShareSynch

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
    let collected = Collected()
    // At the end of a pipe the handler would be called again and again with nothing: stop it there.
    output.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      if data.isEmpty { handle.readabilityHandler = nil } else { collected.append(output: data) }
    }
    errors.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      if data.isEmpty { handle.readabilityHandler = nil } else { collected.append(errors: data) }
    }
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
    output.fileHandleForReading.readabilityHandler = nil
    errors.fileHandleForReading.readabilityHandler = nil
    if let failure { throw failure }
    collected.append(output: (try? output.fileHandleForReading.readToEnd()) ?? Data())
    collected.append(errors: (try? errors.fileHandleForReading.readToEnd()) ?? Data())
    return Outcome(status: process.terminationStatus, output: collected.output, errors: collected.errors)
  }

  /// A tool installed under one of the usual folders, or nil.
  static func find(_ name: String, in folders: [String] = ["/usr/bin", "/usr/local/bin", "/bin"]) -> URL? {
    folders.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}

/// Output gathered from the pipes' handlers (on their own threads).
private final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  private var outputData = Data()
  private var errorData = Data()

  func append(output data: Data) { lock.withLock { outputData.append(data.prefix(1 << 20)) } }
  func append(errors data: Data) { lock.withLock { errorData.append(data.prefix(1 << 20)) } }
  var output: String { lock.withLock { String(decoding: outputData, as: UTF8.self) } }
  var errors: String { lock.withLock { String(decoding: errorData, as: UTF8.self) } }
}
