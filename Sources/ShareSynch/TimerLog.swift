import AppSupport
import Foundation

/// One presentation run worth keeping (seed A.3.6's timer log).
public struct PresentationRun: Codable, Sendable, Equatable {
  /// The sermon's title.
  public let sermon: String
  /// The series' name.
  public let series: String
  /// When presentation mode was entered.
  public let start: Date
  /// How long it ran, in seconds.
  public let duration: Double

  /// A run of `sermon` in `series` from `start` for `duration` seconds.
  public init(sermon: String, series: String, start: Date, duration: Double) {
    self.sermon = sermon
    self.series = series
    self.start = start
    self.duration = duration
  }
}

/// The timer log: a JSON file in the data folder to which runs of 20 minutes or more are appended
/// when presentation mode ends. Nothing is sent anywhere.
public struct TimerLog: Sendable {
  /// Runs shorter than this are rehearsals or mistakes and are not logged.
  public static let minimum: Double = 20 * 60
  /// The log file.
  public let file: URL

  /// The log at `file` (created on the first logged run).
  public init(file: URL) { self.file = file }

  /// The log of a data folder: `sharesynch-timer-log.json`.
  public init(dataFolder: DataFolder) { file = dataFolder.url.appendingPathComponent(Self.fileName) }

  /// The log's name in a data folder.
  public static let fileName = "sharesynch-timer-log.json"

  /// The logged runs, oldest first (empty when there is no log yet).
  public func runs() throws -> [PresentationRun] {
    guard let data = FileManager.default.contents(atPath: file.path) else { return [] }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode([PresentationRun].self, from: data)
  }

  /// Appends `run` when it lasted at least 20 minutes; returns whether it was logged. The file is
  /// replaced atomically.
  @discardableResult
  public func record(_ run: PresentationRun) throws -> Bool {
    guard run.duration >= Self.minimum else { return false }
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(try runs() + [run]).write(to: file, options: .atomic)
    return true
  }
}
