import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What one target's run found.
struct TargetResult {
  let name: String
  var executed = 0
  var seconds = 0.0
  /// Saved inputs that crashed, hung or grew memory, with what happened.
  var findings: [(path: String, kind: String)] = []
}

/// Runs a target in worker processes: starts one at `iteration` 0; when a worker dies, saves the
/// input it was running under `out/TARGET/` (with the end of its log), and starts another after
/// that input, until `runs` inputs ran, `seconds` passed, or `maxFindings` inputs were saved.
struct Supervisor {
  let executable: String
  let seed: UInt64
  let runs: Int
  let seconds: Double
  let perInput: UInt32
  let memoryLimit: Int
  let maxFindings: Int
  let out: URL
  let places: SeedPlaces

  func run(_ target: FuzzTarget) throws -> TargetResult {
    let folder = out.appendingPathComponent(target.name)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let current = folder.appendingPathComponent(".current").path
    let log = folder.appendingPathComponent(".worker.log")
    var result = TargetResult(name: target.name)
    let started = Date()
    let stopAt = started.addingTimeInterval(seconds)
    var iteration = 0
    while iteration < runs, Date() < stopAt, result.findings.count < maxFindings {
      try? FileManager.default.removeItem(atPath: current)
      let (status, killedForMemory, output) = try spawn(
        target, from: iteration, stopAt: stopAt, current: current, log: log)
      if case .exit(0) = status,
        let done = output.split(separator: " ").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        )
      {
        result.executed += done
        break
      }
      guard let record = FileManager.default.contents(atPath: current), record.count >= 8 else {
        let tail = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        throw FuzzError("the \(target.name) worker failed before its first input (\(status)):\n\(tail.suffix(2_000))")
      }
      let failed = Int(record.prefix(8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self).littleEndian })
      let kind =
        killedForMemory ? "memory" : status == .signal(SIGALRM) ? "hang" : "crash"
      let name = "\(kind)-seed\(seed)-\(failed)"
      let saved = folder.appendingPathComponent("\(name).bin")
      try record.dropFirst(8).write(to: saved)
      let report = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      try "\(kind) (\(status)) at input \(failed) of seed \(seed)\n\(report)".write(
        to: folder.appendingPathComponent("\(name).txt"), atomically: true, encoding: .utf8)
      result.findings.append((saved.path, "\(kind): \(Self.cause(in: report) ?? "\(status)")"))
      result.executed += failed - iteration + 1
      iteration = failed + 1
    }
    result.seconds = Date().timeIntervalSince(started)
    return result
  }

  /// The failure's message and the first frame in the project's sources, from a worker's log.
  static func cause(in log: String) -> String? {
    let lines = log.split(separator: "\n")
    guard
      let message = lines.first(where: {
        $0.contains("runtime failure") || $0.contains("Fatal error") || $0.hasPrefix("oracle:")
      })
    else { return nil }
    let frame = lines.first { $0.contains("/Sources/") && !$0.contains("/Sources/scriptorium-fuzz/") }
    return [message, frame?.split(separator: " at ").last].compactMap { $0?.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " at ")
  }

  enum Status: Equatable, CustomStringConvertible {
    case exit(Int32)
    case signal(Int32)
    var description: String {
      switch self {
      case .exit(let code): "exit \(code)"
      case .signal(let number): "signal \(number)"
      }
    }
  }

  /// Starts one worker and waits for it, killing it when its resident memory passes the limit.
  private func spawn(_ target: FuzzTarget, from start: Int, stopAt: Date, current: String, log: URL) throws -> (
    Status, Bool, String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments =
      [
        "--worker", target.name, "--seed", "\(seed)", "--start", "\(start)", "--runs", "\(runs)",
        "--stop-at", "\(stopAt.timeIntervalSince1970)", "--per-input", "\(perInput)", "--current", current,
      ] + places.arguments
    let output = Pipe()
    process.standardOutput = output
    FileManager.default.createFile(atPath: log.path, contents: nil)
    process.standardError = try FileHandle(forWritingTo: log)
    try process.run()
    var killedForMemory = false
    while process.isRunning {
      usleep(50_000)
      if residentBytes(process.processIdentifier) > memoryLimit {
        killedForMemory = true
        kill(process.processIdentifier, SIGKILL)
      }
    }
    process.waitUntilExit()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let status: Status =
      process.terminationReason == .uncaughtSignal
      ? .signal(process.terminationStatus) : .exit(process.terminationStatus)
    return (status, killedForMemory, text)
  }

  private func residentBytes(_ pid: Int32) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
  }
}
