import Foundation

/// What happened to one file dropped into `inbox/`.
public struct InboxResult: Codable, Sendable, Equatable {
  /// The file's name.
  public let file: String
  /// The series installed, when it was.
  public let series: String?
  /// Why it was refused, when it was.
  public let reason: String?
}

extension ShareSynchStore {
  /// Installs every package file (`*.sspkg`, `*.zip`) in `inbox`, then moves each to
  /// `inbox/installed/` or to `inbox/rejected/` with a `NAME.reason.txt` beside it. A `.sha256`
  /// next to a package is checked and moved with it.
  public func installInbox(_ inbox: URL) async throws -> [InboxResult] {
    let manager = FileManager.default
    let names = ((try? manager.contentsOfDirectory(atPath: inbox.path)) ?? [])
      .filter { $0.hasSuffix(".sspkg") || $0.hasSuffix(".zip") }.sorted()
    var results: [InboxResult] = []
    for name in names {
      let file = inbox.appendingPathComponent(name)
      let result: InboxResult
      do {
        let series = try await install(file)
        result = InboxResult(file: name, series: series.id, reason: nil)
      } catch {
        result = InboxResult(file: name, series: nil, reason: "\(error)")
      }
      let target = inbox.appendingPathComponent(result.series == nil ? "rejected" : "installed")
      try manager.createDirectory(at: target, withIntermediateDirectories: true)
      for moved in [name, name + ".sha256"] where manager.fileExists(atPath: inbox.appendingPathComponent(moved).path) {
        let destination = target.appendingPathComponent(moved)
        try? manager.removeItem(at: destination)
        try manager.moveItem(at: inbox.appendingPathComponent(moved), to: destination)
      }
      if let reason = result.reason {
        try Data((reason + "\n").utf8).write(to: target.appendingPathComponent(name + ".reason.txt"))
      }
      results.append(result)
    }
    return results
  }
}
