import Foundation

/// The one folder that holds every app's data: `--data DIR`, else `SCRIPTORIUM_DATA`, else
/// `$XDG_DATA_HOME/scriptorium`, else `~/.local/share/scriptorium`. Created on first use.
public struct DataFolder: Sendable, Equatable {
  /// The folder's absolute URL.
  public let url: URL

  /// Resolves the folder by the rule above without touching the disk.
  public init(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
    let path: String
    if let option, !option.isEmpty {
      path = option
    } else if let variable = environment["SCRIPTORIUM_DATA"], !variable.isEmpty {
      path = variable
    } else if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
      path = xdg + "/scriptorium"
    } else {
      let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
      path = home + "/.local/share/scriptorium"
    }
    url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath).standardizedFileURL
  }

  /// Creates the folder (and its `media/` and `inbox/`) if missing and returns the path of one
  /// app's database file in it, e.g. `keyit.sqlite`.
  public func database(_ fileName: String) throws -> String {
    try prepare()
    return url.appendingPathComponent(fileName).path
  }

  /// Pictures, sounds and series (`DATA/media`).
  public var media: URL { url.appendingPathComponent("media") }
  /// Where series packages dropped by the user are installed from (`DATA/inbox`).
  public var inbox: URL { url.appendingPathComponent("inbox") }
  /// Where interrupted downloads wait to be resumed (`DATA/downloads`).
  public var downloads: URL { url.appendingPathComponent("downloads") }
  /// Dictionaries added by the user, dictd or StarDict files (`DATA/dictionaries`).
  public var dictionaries: URL { url.appendingPathComponent("dictionaries") }
  /// Where uploads and generated files are written while they are made (`DATA/tmp`).
  public var scratch: URL { url.appendingPathComponent("tmp") }

  /// Creates the folder and its standard subfolders if they are missing; when one cannot be made,
  /// says which and why (`DataFolderError`).
  public func prepare() throws {
    for folder in [url, media, inbox] {
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      } catch {
        throw DataFolderError(folder: folder.path, problem: DataFolderError.diagnose(folder))
      }
    }
  }

  /// The app databases the folder holds.
  public static let databaseNames = ["keyit.sqlite", "phrasebook.sqlite", "lexikon.sqlite", "sharesynch.sqlite"]

  /// Moves a database file that is not SQLite at all (overwritten, truncated to garbage) out of
  /// the way as `NAME.unusable-STAMP` (with its `-wal` and `-shm`), so its app starts with a new
  /// one and nothing is deleted. Returns the name it was given, or nil when there was nothing to do.
  public func setAsideIfNotSQLite(_ fileName: String) throws -> String? {
    let file = url.appendingPathComponent(fileName)
    guard let handle = FileHandle(forReadingAtPath: file.path) else { return nil }
    let header = try handle.read(upToCount: 16) ?? Data()
    try handle.close()
    guard !header.isEmpty, header != Data("SQLite format 3\0".utf8) else { return nil }
    let aside = "\(fileName).unusable-\(Self.asideStamp())"
    for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: file.path + suffix) {
      try FileManager.default.moveItem(
        atPath: file.path + suffix, toPath: url.appendingPathComponent(aside).path + suffix)
    }
    return aside
  }

  /// The time a file or folder was set aside, as a name can hold it (`2026-11-23T210700Z`).
  public static func asideStamp(_ date: Date = Date()) -> String {
    ISO8601DateFormatter().string(from: date).replacingOccurrences(of: ":", with: "")
  }
}
