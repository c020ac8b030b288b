import Foundation

/// A dictionary read from files on disk, dictd's or StarDict's.
public protocol FileDictionary: Sendable {
  /// The raw text of every entry for `word` (empty when it has none).
  func define(_ word: String) throws -> [String]
  /// Headwords starting with `prefix`.
  func match(prefix: String) -> [String]
}

/// A dictionary installed as dictd files (`NAME.index` and `NAME.dict` or `NAME.dict.dz`), read
/// directly: the embedded default, no server needed.
public struct DictdFileDictionary: FileDictionary {
  /// The file stem, e.g. `freedict-swe-eng`.
  public let name: String
  private let index: DictdIndex
  private let text: DictText

  /// Opens the dictionary whose files start with `stem` (a path without extension).
  public init(stem: String) throws {
    let indexPath = stem + ".index"
    guard let indexData = FileManager.default.contents(atPath: indexPath) else {
      throw LexikonError.unreadable(file: indexPath)
    }
    name = (stem as NSString).lastPathComponent
    index = try DictdIndex(text: String(decoding: indexData, as: UTF8.self), file: indexPath)
    let compressed = stem + ".dict.dz"
    text = try DictText(path: FileManager.default.fileExists(atPath: compressed) ? compressed : stem + ".dict")
  }

  /// The raw text of every entry for `word` (empty when it has none).
  public func define(_ word: String) throws -> [String] {
    try index.entries(for: word).map { try text.text(offset: $0.offset, length: $0.length, headword: $0.headword) }
  }

  /// Headwords starting with `prefix`.
  public func match(prefix: String) -> [String] { index.headwords(withPrefix: prefix) }
}
