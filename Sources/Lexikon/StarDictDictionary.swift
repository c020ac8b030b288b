import Foundation

/// A StarDict dictionary, the format GoldenDict users have: `NAME.ifo` (what it is), `NAME.idx`
/// (sorted headwords with 32- or 64-bit big-endian offsets and 32-bit sizes) and `NAME.dict` or
/// `NAME.dict.dz` (the definitions, dictzip like dictd's). Read only, never executed; text
/// fields (`m`, `t`, `y`, `l`, and `h`/`g`/`x` with their markup removed) become the definition.
public struct StarDictDictionary: FileDictionary {
  /// The file stem.
  public let name: String
  /// The `.ifo` file's `bookname`.
  public let bookName: String
  private let index: DictdIndex
  private let text: DictText
  /// The `.ifo` file's `sametypesequence` (empty when every field carries its type).
  private let types: String

  /// The most headwords a `.idx` may hold.
  static let maxWords = 5_000_000

  /// Opens the dictionary whose files start with `stem`; a file that is not what StarDict writes
  /// is an error saying which and why.
  public init(stem: String) throws {
    let fields = try Self.info(stem: stem)
    let offsetBytes = fields["idxoffsetbits"] == "64" ? 8 : 4
    name = (stem as NSString).lastPathComponent
    bookName = fields["bookname"] ?? name
    types = fields["sametypesequence"] ?? ""
    let idxPath = stem + ".idx"
    guard let idx = FileManager.default.contents(atPath: idxPath) else {
      throw LexikonError.unreadable(file: idxPath)
    }
    if let declared = fields["idxfilesize"].flatMap(Int.init), declared != idx.count {
      throw LexikonError.badStarDict(file: idxPath, reason: "it has \(idx.count) bytes, the .ifo says \(declared)")
    }
    let entries = try Self.entries(idx, offsetBytes: offsetBytes, file: idxPath)
    if let declared = fields["wordcount"].flatMap(Int.init), declared != entries.count {
      throw LexikonError.badStarDict(file: idxPath, reason: "it has \(entries.count) words, the .ifo says \(declared)")
    }
    index = DictdIndex(entries: entries, allChars: true)
    let compressed = stem + ".dict.dz"
    text = try DictText(path: FileManager.default.fileExists(atPath: compressed) ? compressed : stem + ".dict")
  }

  /// The `.ifo` file's `bookname`, for lists (the dictionary's other files are not read).
  static func bookName(stem: String) throws -> String? { try info(stem: stem)["bookname"] }

  /// The `.ifo` file's fields, checked to be a StarDict 2.4.2 or 3.0.0 dictionary.
  private static func info(stem: String) throws -> [String: String] {
    let ifoPath = stem + ".ifo"
    guard let ifoData = FileManager.default.contents(atPath: ifoPath), ifoData.count < 64 << 10 else {
      throw LexikonError.unreadable(file: ifoPath)
    }
    let lines = String(decoding: ifoData, as: UTF8.self).split(whereSeparator: \.isNewline)
    guard lines.first?.trimmingCharacters(in: .whitespaces) == "StarDict's dict ifo file" else {
      throw LexikonError.badStarDict(file: ifoPath, reason: "it does not start with \"StarDict's dict ifo file\"")
    }
    var fields: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let equals = line.firstIndex(of: "=") else { continue }
      fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
    }
    guard let version = fields["version"], ["2.4.2", "3.0.0"].contains(version) else {
      throw LexikonError.badStarDict(file: ifoPath, reason: "version must be 2.4.2 or 3.0.0")
    }
    return fields
  }

  /// The `.idx` entries: a NUL-terminated UTF-8 headword, its offset and its size.
  private static func entries(_ data: Data, offsetBytes: Int, file: String) throws -> [DictdIndex.Entry] {
    let bytes = [UInt8](data)
    var entries: [DictdIndex.Entry] = []
    var position = 0
    func number(_ count: Int) -> Int {
      defer { position += count }
      return bytes[position..<position + count].reduce(0) { $0 << 8 | Int($1) }
    }
    while position < bytes.count {
      guard let end = bytes[position...].firstIndex(of: 0), end - position <= 256,
        end + 1 + offsetBytes + 4 <= bytes.count
      else {
        throw LexikonError.badStarDict(file: file, reason: "entry \(entries.count + 1) is cut short or too long")
      }
      let headword = String(decoding: bytes[position..<end], as: UTF8.self)
      position = end + 1
      let offset = number(offsetBytes)
      let length = number(4)
      entries.append(DictdIndex.Entry(headword: headword, offset: offset, length: length))
      guard entries.count <= maxWords else { throw LexikonError.badStarDict(file: file, reason: "too many words") }
    }
    return entries
  }

  /// Every entry for `word` as `headword`, a line break, and its text.
  public func define(_ word: String) throws -> [String] {
    try index.entries(for: word).map { entry in
      let data = try text.text(offset: entry.offset, length: entry.length, headword: entry.headword)
      return entry.headword + "\n" + Self.definition(data, types: types)
    }
  }

  /// Headwords starting with `prefix`.
  public func match(prefix: String) -> [String] { index.headwords(withPrefix: prefix) }

  /// The readable text of an entry's fields.
  static func definition(_ data: String, types: String) -> String {
    let fields: [(type: Character, text: Substring)]
    if types.count == 1, let type = types.first {
      fields = [(type, Substring(data))]
    } else {
      fields = data.split(separator: "\0").compactMap { field in field.first.map { ($0, field.dropFirst()) } }
    }
    return fields.compactMap { field -> String? in
      switch field.type {
      case "m", "t", "y", "l": String(field.text)
      case "h", "g", "x": Self.plain(field.text)
      default: nil
      }
    }.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Markup's text: line breaks for `<br>` and block ends, no tags, the five XML entities decoded.
  static func plain(_ markup: Substring) -> String {
    var text = String(markup)
    for breakTag in ["<br>", "<br/>", "<br />", "</p>", "</div>", "</li>"] {
      text = text.replacingOccurrences(of: breakTag, with: "\n", options: .caseInsensitive)
    }
    text = text.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
    for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
      text = text.replacingOccurrences(of: entity, with: character)
    }
    return text
  }
}
