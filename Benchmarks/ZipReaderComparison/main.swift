import AppSupport
import BenchmarkSupport
import Foundation
import ZIPFoundation

// Why Scriptorium reads zips with libarchive and not ZIPFoundation: both readers get the same
// randomly damaged copies of an `.apkg`-shaped zip, each read in a child process with a deadline,
// so a trap counts as a crash and a read that does not end counts as a hang. Then both read the
// same valid 64 MiB zip for speed.
//
//   zip-reader-comparison [CASES]              the comparison (default 500 damaged copies)
//   zip-reader-comparison read READER FILE     one read, used by the comparison's child processes

enum Reader: String, CaseIterable {
  case zipFoundation, libarchive

  /// Reads every entry of the zip at `file`, at most 64 MiB in all.
  func read(_ file: URL) throws {
    switch self {
    case .zipFoundation:
      let archive = try Archive(data: try Data(contentsOf: file), accessMode: .read)
      var total = 0
      for entry in archive {
        _ = try archive.extract(entry) { chunk in
          total += chunk.count
          if total > 64 << 20 { throw CocoaError(.fileReadTooLarge) }
        }
      }
    case .libarchive:
      _ = try unzipArchive(try Data(contentsOf: file), limits: ZipLimits(totalBytes: 64 << 20))
    }
  }
}

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "read", let reader = Reader(rawValue: arguments[2]) {
  do { try reader.read(URL(fileURLWithPath: arguments[3])) } catch { exit(1) }
  exit(0)
}

/// The outcome of one read in a child process.
enum Outcome: String, CaseIterable { case read, refused, crashed, hung }

func outcome(_ reader: Reader, _ file: URL, deadline: Double = 5) throws -> Outcome {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: arguments[0])
  process.arguments = ["read", reader.rawValue, file.path]
  process.standardError = FileHandle.nullDevice
  try process.run()
  let end = Date(timeIntervalSinceNow: deadline)
  while process.isRunning, Date() < end { usleep(2_000) }
  if process.isRunning {
    process.terminate()
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return .hung
  }
  if process.terminationReason == .uncaughtSignal { return .crashed }
  return process.terminationStatus == 0 ? .read : .refused
}

let cases = arguments.count > 1 ? Int(arguments[1]) ?? 500 : 500
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zip-comparison-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let original = [UInt8](
  try zipArchive([
    ("collection.anki2", Data((0..<200_000).map { UInt8(truncatingIfNeeded: ($0 &* 7) ^ ($0 >> 5)) })),
    ("media", Data("{\"0\": \"cat.png\", \"1\": \"dog.png\"}".utf8)), ("0", Data(repeating: 1, count: 50_000)),
    ("1", Data((0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })),
  ]))
var seed = UInt64(15)
@MainActor func nextRandom(_ range: ClosedRange<Int>) -> Int {
  seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
  return range.lowerBound + Int((seed >> 33) % UInt64(range.count))
}
var tally: [Reader: [Outcome: Int]] = [:]
var crashes: [Reader: [String]] = [:]
for index in 0..<cases {
  var damaged = original
  for _ in 0..<nextRandom(1...8) { damaged[nextRandom(0...(damaged.count - 1))] = UInt8(nextRandom(0...255)) }
  if nextRandom(0...3) == 0 { damaged.removeLast(nextRandom(0...(damaged.count - 1))) }
  let file = folder.appendingPathComponent("case-\(index).zip")
  try Data(damaged).write(to: file)
  for reader in Reader.allCases {
    let result = try outcome(reader, file)
    tally[reader, default: [:]][result, default: 0] += 1
    if result == .crashed || result == .hung { crashes[reader, default: []].append("case \(index): \(result)") }
  }
}
print("Damaged zips (\(cases) copies of one .apkg-shaped zip, 1–8 random bytes changed, 1 in 4 also cut short):")
print("| reader | read | refused | crashed | hung (5 s) |")
print("|---|---|---|---|---|")
for reader in Reader.allCases {
  let counts = tally[reader, default: [:]]
  print(
    "| \(reader.rawValue) | " + Outcome.allCases.map { "\(counts[$0, default: 0])" }.joined(separator: " | ") + " |")
}
for (reader, cases) in crashes.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
  print("\(reader.rawValue): \(cases.prefix(5).joined(separator: ", "))\(cases.count > 5 ? ", …" : "")")
}

let big = folder.appendingPathComponent("big.zip")
try zipArchive([
  ("a", Data((0..<(48 << 20)).map { UInt8(truncatingIfNeeded: $0 >> 12) })), ("b", Data(count: 16 << 20)),
])
.write(to: big)
print("\nA valid 64 MiB zip read in-process, median of 5:")
for reader in Reader.allCases {
  let time = try await median(runs: 5) { try reader.read(big) }
  print("| \(reader.rawValue) | \(String(format: "%.0f", time)) ms |")
}
