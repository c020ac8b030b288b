import Foundation

/// One parser of outside input, as the fuzzer drives it: where its seeds come from, the format
/// tokens mutations splice in, and a runner that feeds it one input. A runner must never trap; a
/// refused input is a thrown error the runner swallows. A runner may check more than "no crash"
/// (an oracle) and traps with `oracleFailure` when the check fails.
struct FuzzTarget: Sendable {
  let name: String
  /// What it feeds, for `--list`.
  let summary: String
  /// Inputs are cut to this many bytes.
  let maxLength: Int
  /// Format tokens (markers, tags, keys, zip signatures) mutations insert.
  let tokens: [[UInt8]]
  /// The valid inputs mutations start from (read from files or built).
  let seeds: @Sendable (SeedPlaces) async throws -> [[UInt8]]
  /// Builds the runner once per worker process (stores, scratch folders, servers).
  let runner: @Sendable (Scratch) async throws -> Runner

  typealias Runner = ([UInt8]) async -> Void

  init(
    _ name: String, _ summary: String, maxLength: Int = 64 << 10, tokens: [String] = [], binaryTokens: [[UInt8]] = [],
    seeds: @escaping @Sendable (SeedPlaces) async throws -> [[UInt8]],
    runner: @escaping @Sendable (Scratch) async throws -> Runner
  ) {
    self.name = name
    self.summary = summary
    self.maxLength = maxLength
    self.tokens = tokens.map { Array($0.utf8) } + binaryTokens
    self.seeds = seeds
    self.runner = runner
  }
}

/// Stops the worker so the supervisor records the input: what a runner calls when an oracle fails.
func oracleFailure(_ message: String) -> Never {
  FileHandle.standardError.write(Data("oracle: \(message)\n".utf8))
  abort()
}

/// Where seed files are read from: the repository's fixtures, the shared real data, dictd's files.
struct SeedPlaces: Sendable {
  let repository: URL
  let sharedData: URL
  let dictd: URL

  /// The same places as a worker's command-line options.
  var arguments: [String] {
    ["--repository", repository.path, "--shared-data", sharedData.path, "--dictd", dictd.path]
  }

  /// The files under `folder` (recursively) whose names end in `suffix`, sorted, at most `limit` bytes each.
  func files(under folder: URL, suffix: String, limit: Int = 1 << 20) -> [[UInt8]] {
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
    return walker.compactMap { $0 as? URL }.filter { $0.lastPathComponent.hasSuffix(suffix) }
      .sorted { $0.path < $1.path }
      .compactMap { try? Data(contentsOf: $0) }.map { Array($0.prefix(limit)) }
  }
}

/// A worker's own temporary folder, removed when the worker ends normally.
struct Scratch: Sendable {
  let folder: URL
  /// Where seeds come from, for runners that read a real file too.
  let places: SeedPlaces

  func file(_ name: String) -> URL { folder.appendingPathComponent(name) }
}

/// Every target, in the order `make fuzz` runs them.
let allTargets: [FuzzTarget] = [
  usfmTarget, pairsJSONTarget, pairsCSVTarget, manifestTarget, notesHTMLTarget, dictProtocolTarget, dictEntryTarget,
  dictdIndexTarget, dictzipTarget, apkgTarget, seriesPackageTarget, keyItChangeTarget,
]
