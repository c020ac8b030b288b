import Foundation

/// What happened to one file dropped into `inbox/`.
public struct InboxResult: Codable, Sendable, Equatable {
  /// The file's name.
  public let file: String
  /// The series installed, when it was.
  public let series: String?
  /// Why it was refused, when it was (in English: the `.reason.txt` file and `--json`).
  public var reason: String?
  /// The refusal as a value, when it is ShareSynch's, for a screen or command to word.
  public var refusal: ShareSynchError?

  enum CodingKeys: String, CodingKey {
    case file, series, reason
  }
}

/// The inbox's rules: which files are packages, and when a file has finished arriving.
public enum Inbox {
  /// Package files by extension, in any case (`.sspkg`, `.SSPKG`, `.zip`).
  public static func isPackage(_ name: String) -> Bool {
    ["sspkg", "zip"].contains((name as NSString).pathExtension.lowercased())
  }

  /// The size and modification time of every package file in `inbox`.
  public static func stamps(in inbox: URL) -> [String: FileStamp] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: inbox.path)) ?? []
    var stamps: [String: FileStamp] = [:]
    for name in names where isPackage(name) {
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: inbox.appendingPathComponent(name).path),
        attributes[.type] as? FileAttributeType == .typeRegular,
        let size = (attributes[.size] as? NSNumber)?.int64Value, let modified = attributes[.modificationDate] as? Date
      else { continue }
      stamps[name] = FileStamp(size: size, modified: modified)
    }
    return stamps
  }

  /// The files that have stopped growing: unchanged for `quiet` seconds before `now` and, when an
  /// earlier look is given, the same as then. A copy still under way is left for a later look.
  public static func settled(
    _ stamps: [String: FileStamp], previous: [String: FileStamp]? = nil, quiet: TimeInterval = 2,
    now: Date = Date()
  ) -> [String] {
    stamps.filter { name, stamp in
      now.timeIntervalSince(stamp.modified) >= quiet && (previous.map { $0[name] == stamp } ?? true)
    }.keys.sorted()
  }
}

/// A file's size and modification time.
public struct FileStamp: Equatable, Sendable {
  public let size: Int64
  public let modified: Date
}

extension ShareSynchStore {
  /// Installs the package files (`*.sspkg`, `*.zip`, any case) of `inbox` that have stopped
  /// growing (`Inbox.settled`), then moves each to `inbox/installed/` or to `inbox/rejected/`
  /// with a `NAME.reason.txt` beside it. A `.sha256` next to a package is checked and moved with it.
  public func installInbox(_ inbox: URL, previous: [String: FileStamp]? = nil) async throws -> [InboxResult] {
    try await installInbox(inbox, names: Inbox.settled(Inbox.stamps(in: inbox), previous: previous))
  }

  private func installInbox(_ inbox: URL, names: [String]) async throws -> [InboxResult] {
    let manager = FileManager.default
    var results: [InboxResult] = []
    for name in names {
      let file = inbox.appendingPathComponent(name)
      let result: InboxResult
      do {
        let series = try await install(file)
        result = InboxResult(file: name, series: series.id, reason: nil, refusal: nil)
      } catch {
        result = InboxResult(file: name, series: nil, reason: "\(error)", refusal: error as? ShareSynchError)
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

  /// Watches `inbox` until cancelled: every `interval`, installs the packages that stopped growing
  /// since the look before, and tells `report` what happened to each.
  public func watchInbox(
    _ inbox: URL, every interval: Duration = .seconds(2), report: @Sendable ([InboxResult]) -> Void
  ) async {
    var previous: [String: FileStamp]? = nil
    while !Task.isCancelled {
      let stamps = Inbox.stamps(in: inbox)
      let names = Inbox.settled(stamps, previous: previous)
      if !names.isEmpty {
        do {
          report(try await installInbox(inbox, names: names))
        } catch {
          report(
            names.map {
              InboxResult(file: $0, series: nil, reason: "the inbox could not be tidied: \(error)", refusal: nil)
            })
        }
      }
      previous = stamps
      try? await Task.sleep(for: interval)
    }
  }
}
