import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `scriptorium-fuzz`: a seeded, deterministic mutation fuzzer for every parser of outside input.
///
///     scriptorium-fuzz [TARGET…|all] [--runs N] [--seconds S] [--seed S] [--out DIR]
///     scriptorium-fuzz TARGET --replay FILE…      run saved inputs in this process
///     scriptorium-fuzz --list
///
/// Each target runs in worker processes; an input that crashes a worker, runs longer than
/// `--per-input` seconds or grows it past `--memory` MiB is saved under `--out/TARGET/` and its
/// path printed, and the command exits 1. The same seed and runs give the same inputs.
let usage = """
  usage: scriptorium-fuzz [TARGET…|all] [--runs N] [--seconds S] [--seed N] [--per-input S] [--memory MiB] [--out DIR]
         scriptorium-fuzz TARGET --replay FILE…
         scriptorium-fuzz --list
  """

/// The parsed command line: target names, `--option value` pairs, files to replay.
struct Arguments {
  var names: [String] = []
  var options: [String: String] = [:]
  var replay: [String] = []

  init(_ list: ArraySlice<String>) {
    var list = list
    while let argument = list.popFirst() {
      if argument == "--list" || argument == "--help" {
        options[argument] = ""
      } else if argument == "--replay" {
        replay = Array(list)
        list = []
      } else if argument.hasPrefix("--") {
        guard let value = list.popFirst() else { fatalExit("\(argument) needs a value\n\(usage)") }
        options[argument] = value
      } else {
        names.append(argument)
      }
    }
  }

  func value<T: LosslessStringConvertible>(_ name: String, _ fallback: T) -> T {
    guard let text = options[name] else { return fallback }
    guard let value = T(text) else { fatalExit("\(name) \(text) is not a valid value\n\(usage)") }
    return value
  }
}

func fatalExit(_ message: String) -> Never {
  FileHandle.standardError.write(Data("\(message)\n".utf8))
  exit(2)
}

/// Writes a line to standard output at once (a supervisor reads workers' lines through a pipe).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

func main(_ arguments: Arguments) async throws {
  let options = arguments.options
  let repository = URL(fileURLWithPath: options["--repository"] ?? FileManager.default.currentDirectoryPath)
  let places = SeedPlaces(
    repository: repository,
    sharedData: URL(
      fileURLWithPath: options["--shared-data"]
        ?? repository.deletingLastPathComponent().appendingPathComponent("shared/data").path),
    dictd: URL(fileURLWithPath: options["--dictd"] ?? "/usr/share/dictd"))
  if options["--help"] != nil { return say(usage) }
  if options["--list"] != nil {
    for target in allTargets {
      say("\(target.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(target.summary)")
    }
    return
  }
  let names = arguments.names
  let chosen =
    names.isEmpty || names == ["all"]
    ? allTargets
    : names.map { name -> FuzzTarget in
      guard let target = allTargets.first(where: { $0.name == name }) else {
        fatalExit("no target \(name); --list shows them")
      }
      return target
    }
  if let worker = options["--worker"] {
    guard let target = allTargets.first(where: { $0.name == worker }) else { fatalExit("no target \(worker)") }
    return try await runWorker(
      target, seed: arguments.value("--seed", 1), start: arguments.value("--start", 0),
      runs: arguments.value("--runs", Int.max),
      stopAt: Date(timeIntervalSince1970: arguments.value("--stop-at", Date.distantFuture.timeIntervalSince1970)),
      perInput: arguments.value("--per-input", 10), current: options["--current"] ?? "/dev/null", places: places)
  }
  if !arguments.replay.isEmpty {
    guard chosen.count == 1 else { fatalExit("--replay takes one target") }
    let scratch = Scratch(
      folder: FileManager.default.temporaryDirectory.appendingPathComponent("scriptorium-fuzz-\(getpid())"),
      places: places)
    try FileManager.default.createDirectory(at: scratch.folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch.folder) }
    let run = try await chosen[0].runner(scratch)
    for file in arguments.replay {
      say("\(file)")
      await run(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
    }
    return say("ok")
  }
  let supervisor = Supervisor(
    executable: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
    seed: arguments.value("--seed", 1), runs: arguments.value("--runs", Int.max),
    seconds: arguments.value("--seconds", 60.0), perInput: arguments.value("--per-input", 10),
    memoryLimit: arguments.value("--memory", 1_024) << 20, maxFindings: arguments.value("--max-findings", 20),
    out: URL(fileURLWithPath: options["--out"] ?? ".build/fuzz"), places: places)
  var findings: [(path: String, kind: String)] = []
  for target in chosen {
    let result = try supervisor.run(target)
    let rate = result.seconds > 0 ? Double(result.executed) / result.seconds : 0
    say(
      "\(target.name): \(result.executed) inputs in \(String(format: "%.1f", result.seconds)) s "
        + "(\(Int(rate))/s), \(result.findings.count) failing")
    findings += result.findings
  }
  for finding in findings { say("FAILING INPUT \(finding.path) — \(finding.kind)") }
  if !findings.isEmpty { exit(1) }
}

do {
  try await main(Arguments(CommandLine.arguments.dropFirst()))
} catch {
  fatalExit("scriptorium-fuzz: \(error)")
}
