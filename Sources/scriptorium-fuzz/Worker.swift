import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs iterations `start..<runs` of one target in this process, stopping at `stopAt`. Before each
/// input it writes `[iteration as 8 bytes][input]` to `current`, so that when the process dies the
/// supervisor knows which input killed it; an alarm of `perInput` seconds turns a hang into a death
/// by SIGALRM. Prints `done N` (inputs run) when it ends normally.
func runWorker(
  _ target: FuzzTarget, seed: UInt64, start: Int, runs: Int, stopAt: Date, perInput: UInt32, current: String,
  places: SeedPlaces
) async throws {
  let seeds = try await target.seeds(places)
  guard !seeds.isEmpty else { throw FuzzError("\(target.name) has no seeds (are Tests/Fixtures and dictd installed?)") }
  let mutator = Mutator(seeds: seeds, tokens: target.tokens, maxLength: target.maxLength)
  let scratch = Scratch(
    folder: FileManager.default.temporaryDirectory.appendingPathComponent("scriptorium-fuzz-\(getpid())"),
    places: places)
  try FileManager.default.createDirectory(at: scratch.folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: scratch.folder) }
  let run = try await target.runner(scratch)
  let record = open(current, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  guard record >= 0 else { throw FuzzError("cannot write \(current)") }
  defer { close(record) }
  var done = 0
  for iteration in start..<runs {
    if Date() >= stopAt { break }
    var random = SplitMix64(seed: seed, iteration: UInt64(iteration))
    // The first iterations run the seeds themselves, unchanged.
    let input = iteration < seeds.count ? seeds[iteration] : mutator.input(&random)
    var header = UInt64(iteration).littleEndian
    let saved =
      withUnsafeBytes(of: &header) { pwrite(record, $0.baseAddress, 8, 0) } == 8
      && input.withUnsafeBytes { pwrite(record, $0.baseAddress, $0.count, 8) } == input.count
      && ftruncate(record, off_t(8 + input.count)) == 0
    guard saved else { throw FuzzError("cannot write \(current)") }
    alarm(perInput)
    await run(input)
    alarm(0)
    done += 1
  }
  say("done \(done)")
}

/// A setup problem (not a finding): missing seeds, an unwritable folder, a bad argument.
struct FuzzError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
