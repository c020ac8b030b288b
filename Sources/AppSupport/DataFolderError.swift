import Foundation

/// The data folder (or one of its subfolders) cannot be made; the adapters word it.
public struct DataFolderError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Problem: Equatable, Sendable {
    /// A file stands where a folder on the way should be.
    case fileInTheWay(path: String)
    /// The nearest existing folder on the way does not let this user write in it.
    case notWritable(path: String)
    /// Something else (a full or read-only disk, a lost network drive).
    case other
  }

  /// The folder that could not be made.
  public let folder: String
  public let problem: Problem

  public init(folder: String, problem: Problem) {
    self.folder = folder
    self.problem = problem
  }

  /// Why `folder` cannot be made, read from the disk: the first thing on its way that exists.
  static func diagnose(_ folder: URL) -> Problem {
    var existing = folder.standardizedFileURL
    while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
      existing.deleteLastPathComponent()
    }
    var isFolder: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: existing.path, isDirectory: &isFolder)
    if !isFolder.boolValue { return .fileInTheWay(path: existing.path) }
    if !FileManager.default.isWritableFile(atPath: existing.path) { return .notWritable(path: existing.path) }
    return .other
  }

  /// In English (for logs and tests).
  public var description: String {
    switch problem {
    case .fileInTheWay(let path): "the data folder \(folder) cannot be made: \(path) is a file, not a folder"
    case .notWritable(let path): "the data folder \(folder) cannot be made: this user may not write in \(path)"
    case .other: "the data folder \(folder) cannot be made (is the disk full or read-only?)"
    }
  }
}
