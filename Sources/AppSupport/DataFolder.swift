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

  /// Creates the folder and its standard subfolders if they are missing.
  public func prepare() throws {
    for folder in [url, url.appendingPathComponent("media"), url.appendingPathComponent("inbox")] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
  }
}
