import Foundation

/// Milliseconds of a clock duration.
public func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

/// CPU time this process has used, ms (what the machine's load does not stretch).
public func processCPUMilliseconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
}

/// Median wall time in milliseconds of `runs` runs of `body`.
public func median(runs: Int, _ body: () async throws -> Void) async throws -> Double {
  percentile(try await wallTimes(runs: runs, body), 0.5)
}

/// The wall time in milliseconds of each of `runs` runs of `body`.
public func wallTimes(runs: Int, _ body: () async throws -> Void) async throws -> [Double] {
  var times: [Double] = []
  for _ in 0..<runs {
    let start = ContinuousClock.now
    try await body()
    times.append(milliseconds(ContinuousClock.now - start))
  }
  return times
}

/// The value below which `fraction` of `values` lie (nearest rank).
public func percentile(_ values: [Double], _ fraction: Double) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  let rank = Int((Double(sorted.count) * fraction).rounded(.up))
  return sorted[min(sorted.count, max(rank, 1)) - 1]
}

/// Runs a program and returns its standard output; fails on a non-zero exit.
@discardableResult
public func run(_ program: String, _ arguments: [String], stdin: URL? = nil) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: program)
  process.arguments = arguments
  if let stdin { process.standardInput = try FileHandle(forReadingFrom: stdin) }
  let output = Pipe()
  process.standardOutput = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
  return String(decoding: data, as: UTF8.self)
}

/// Prints one goal row for `scripts/bench_report.py`, which gathers them into the summary of
/// docs/benchmarks.md: `GOAL|work|ours|peer or limit|ratio|goal|met`.
public func printGoal(_ work: String, ours: String, peer: String, ratio: String, goal: String, met: Bool?) {
  print("GOAL|" + [work, ours, peer, ratio, goal, met.map { $0 ? "yes" : "no" } ?? ""].joined(separator: "|"))
}

/// `value` in milliseconds with one decimal, or two below 10.
public func ms(_ value: Double) -> String { String(format: value < 10 ? "%.2f ms" : "%.1f ms", value) }
