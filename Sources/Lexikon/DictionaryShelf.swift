import Foundation

/// The data folder's `dictionaries/`: dictd files (`NAME.index`, `NAME.dict[.dz]`) and StarDict
/// files (`NAME.ifo`, `NAME.idx`, `NAME.dict[.dz]`) a user adds one by one. Each file is checked
/// before it is kept: a plain name with a known ending, at most `maxBytes`, its format's header,
/// and once a dictionary's files are all there, the whole dictionary opened and one entry read;
/// anything refused leaves nothing behind. Files are only ever read, never executed.
public struct DictionaryShelf: Sendable {
  /// The folder.
  public let folder: String
  /// The largest file accepted.
  public let maxBytes: Int

  /// The endings a dictionary file may have.
  static let endings = [".dict.dz", ".index", ".dict", ".ifo", ".idx"]

  /// A shelf in `folder` (created on the first file) accepting files up to `maxBytes`.
  public init(folder: String, maxBytes: Int = 64 << 20) {
    self.folder = folder
    self.maxBytes = maxBytes
  }

  /// What adding a file left: the dictionary it belongs to and the files it still needs.
  public struct Added: Codable, Sendable, Equatable {
    /// The dictionary's name (the file stem).
    public let name: String
    /// Endings still missing before it can be used (empty: ready).
    public let missing: [String]
  }

  /// Adds one file (off the async pool); a refused file is an error naming it and why, and
  /// nothing is written.
  public func add(fileName: String, data: Data) async throws -> Added {
    try await offload { try self.addNow(fileName: fileName, data: data) }
  }

  func addNow(fileName: String, data: Data) throws -> Added {
    guard let ending = Self.endings.first(where: fileName.hasSuffix) else {
      throw LexikonError.refusedDictionaryFile(
        name: fileName, reason: "a dictionary file ends in .ifo, .idx, .index, .dict or .dict.dz")
    }
    let name = String(fileName.dropLast(ending.count))
    guard Self.isPlainName(name) else {
      throw LexikonError.refusedDictionaryFile(
        name: fileName, reason: "use a plain file name (letters, digits, - _ . +, no folders)")
    }
    guard data.count <= maxBytes else {
      throw LexikonError.refusedDictionaryFile(name: fileName, reason: "it is larger than \(maxBytes >> 20) MB")
    }
    try Self.checkHeader(ending, data, fileName: fileName)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = "\(folder)/\(fileName)"
    let previous = FileManager.default.contents(atPath: path)
    let temporary = "\(folder)/.\(UUID().uuidString).part"
    try data.write(to: URL(fileURLWithPath: temporary))
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: temporary)
    _ = try? FileManager.default.removeItem(atPath: path)
    try FileManager.default.moveItem(atPath: temporary, toPath: path)
    let missing = self.missing(name)
    if missing.isEmpty {
      do {
        try Self.check(stem: "\(folder)/\(name)")
      } catch {
        try? FileManager.default.removeItem(atPath: path)
        if let previous { try? previous.write(to: URL(fileURLWithPath: path)) }
        throw LexikonError.refusedDictionaryFile(name: fileName, reason: "\(error)")
      }
    }
    return Added(name: name, missing: missing)
  }

  /// The endings `name` still lacks: StarDict once it has an `.ifo` or `.idx`, else dictd.
  func missing(_ name: String) -> [String] {
    let has = { (ending: String) in FileManager.default.fileExists(atPath: "\(folder)/\(name)\(ending)") }
    let text = has(".dict") || has(".dict.dz") ? [] : [".dict or .dict.dz"]
    if has(".ifo") || has(".idx") { return [".ifo", ".idx"].filter { !has($0) } + text }
    return (has(".index") ? [] : [".index"]) + text
  }

  /// Opens the dictionary at `stem` and reads its first and last entries.
  static func check(stem: String) throws {
    let dictionary: any FileDictionary =
      FileManager.default.fileExists(atPath: stem + ".ifo")
      ? try StarDictDictionary(stem: stem) : try DictdFileDictionary(stem: stem)
    let headwords = dictionary.match(prefix: "")
    for word in [headwords.first, headwords.last].compactMap({ $0 }) {
      _ = try dictionary.define(word)
    }
  }

  /// A file's first bytes are its format's: an `.ifo`'s first line, gzip's magic for `.dz`, a
  /// tab in an `.index`'s first line.
  private static func checkHeader(_ ending: String, _ data: Data, fileName: String) throws {
    let fine: Bool
    switch ending {
    case ".ifo": fine = data.starts(with: Data("StarDict's dict ifo file".utf8))
    case ".dict.dz": fine = data.starts(with: [0x1F, 0x8B])
    case ".index": fine = data.prefix(4096).contains(0x09)
    default: fine = !data.isEmpty
    }
    guard fine else {
      throw LexikonError.refusedDictionaryFile(name: fileName, reason: "its content is not a \(ending) file")
    }
  }

  private static func isPlainName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, name.count <= 120, first != "." else { return false }
    return name.unicodeScalars.allSatisfy {
      ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil))
        || "-_.+".unicodeScalars.contains($0)
    }
  }
}
