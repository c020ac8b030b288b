import Foundation

/// The repository root (two folders above this file's folder).
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// A reference tool from PyPI could not be run.
public struct OracleError: Error, CustomStringConvertible {
  /// What went wrong.
  public let description: String

  /// An error saying what went wrong.
  public init(description: String) { self.description = description }
}

/// Runs a script from `scripts/` with the project's Python (`.venv`, made by `scripts/setup.sh`),
/// feeding `input` on stdin, and returns its stdout. Throws when the tools are missing or the
/// script fails, so a test can never pass without its oracle.
public func runPythonScript(_ script: String, arguments: [String] = [], input: Data = Data()) throws -> Data {
  let python = repositoryRoot.appendingPathComponent(".venv/bin/python")
  guard FileManager.default.isExecutableFile(atPath: python.path) else {
    throw OracleError(description: "the Python test tools are not installed: run scripts/setup.sh (make test does)")
  }
  return try runTool(
    python, arguments: [repositoryRoot.appendingPathComponent("scripts/\(script)").path] + arguments, input: input)
}

/// Runs a reference program (Python, pdftotext, …) with `arguments`, feeding `input` on stdin,
/// and returns its stdout; throws when it cannot start or exits with a failure, so a test can
/// never pass without its oracle.
public func runTool(_ executable: URL, arguments: [String], input: Data = Data()) throws -> Data {
  guard FileManager.default.isExecutableFile(atPath: executable.path) else {
    throw OracleError(description: "\(executable.path) is not installed: run scripts/setup.sh (make test does)")
  }
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
  process.standardInput = stdin
  process.standardOutput = stdout
  process.standardError = stderr
  try process.run()
  let writer = Thread {
    stdin.fileHandleForWriting.write(input)
    try? stdin.fileHandleForWriting.close()
  }
  writer.start()
  let errors = Thread {
    _ = stderr.fileHandleForReading.readDataToEndOfFile()
    try? stderr.fileHandleForReading.close()
  }
  errors.start()
  let output = stdout.fileHandleForReading.readDataToEndOfFile()
  try? stdout.fileHandleForReading.close()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw OracleError(description: "\(executable.lastPathComponent) exited with status \(process.terminationStatus)")
  }
  return output
}

/// A small, fast, seedable random source (SplitMix64), so tests that shuffle are repeatable.
public struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  /// A generator that always yields the same sequence for `seed`.
  public init(seed: UInt64) { state = seed }

  /// A generator whose first state mixes `seed` (so seeds 1, 2, 3… start far apart), as the
  /// sync simulation and the hub benchmark number their runs.
  public init(mixing seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
