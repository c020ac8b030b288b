import AppSupport
import Foundation

/// The file formats a phrasebook imports and exports.
public enum TransferFormat: String, Codable, Sendable, CaseIterable {
  /// The seed's JSON download format (an array of objects).
  case json
  /// CSV with a header row.
  case csv
  /// An Anki package.
  case apkg

  /// The format a file name's extension names, if any.
  public init?(fileName: String) {
    self.init(rawValue: (fileName as NSString).pathExtension.lowercased())
  }

  /// The format of a file to import: the one its name's extension names, else the one its content
  /// shows (an Anki package is a zip, "PK"; JSON starts with `[` or `{`; anything else is CSV).
  public static func detect(fileName: String?, data: Data) -> TransferFormat {
    if let fileName, let named = TransferFormat(fileName: fileName) { return named }
    if data.starts(with: [0x50, 0x4B]) { return .apkg }
    let first = data.first { !" \t\r\n".utf8.contains($0) }
    return first == UInt8(ascii: "[") || first == UInt8(ascii: "{") ? .json : .csv
  }
}

/// One row of an import file, read into what a pair needs, or the reason it cannot be used.
public struct ImportRow: Sendable, Equatable {
  /// Its position: JSON array index from 1, or CSV line.
  public let number: Int
  /// The pair to save, or why the row is refused.
  public let input: Result<PairInput, ImportRejection>
}

/// Why one row of an import was refused.
public struct ImportRejection: Error, Sendable, Equatable {
  /// The row's number (JSON index from 1, CSV line).
  public let number: Int
  /// What was wrong.
  public let problem: ImportProblem

  public init(number: Int, problem: ImportProblem) {
    self.number = number
    self.problem = problem
  }

  /// What was wrong, in English.
  public var reason: String { problem.description }
}

/// What is wrong with one row of an import file; the adapters word it.
public enum ImportProblem: Sendable, Equatable, CustomStringConvertible {
  /// A JSON array item that is not an object.
  case notAnObject
  /// JSON tags that are not all text.
  case tagsNotText
  /// A JSON member that must be text.
  case notText(key: String)
  /// A CSV record with more fields than the header names.
  case extraFields(fields: Int, header: Int)
  /// A file's word column (`wordone`, `wordtwo`) left blank.
  case blankColumn(String)
  /// An Anki note's word field left blank.
  case blankNoteField(String)
  /// An Anki note with fewer than two fields.
  case fewerThanTwoFields
  /// An Anki note whose fields are missing (NULL) or not text.
  case unreadableNote(missing: Bool)
  /// The pair breaks a rule of the phrasebook (an unknown area, a control character…).
  case pair(PhrasebookError)

  public var description: String {
    switch self {
    case .notAnObject: "not an object"
    case .tagsNotText: "tags must be text"
    case .notText(let key): "\(quoted(key)) must be text"
    case .extraFields(let fields, let header): "\(fields) fields but the header has \(header)"
    case .blankColumn(let column): "\(column) is blank"
    case .blankNoteField(let name): "the field \(quoted(name)) is blank"
    case .fewerThanTwoFields: "the note has fewer than two fields"
    case .unreadableNote(let missing): "the note's fields are \(missing ? "missing (NULL)" : "not text")"
    case .pair(let error): error.description
    }
  }
}

/// A whole import file that cannot be read: nothing is imported. The adapters word it.
public enum ImportFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// JSON that does not parse, with where the parser stopped (counted from 1).
  case malformedJSON(line: Int, column: Int)
  /// JSON that is not an array of word pairs; `object` when it is an object without `pairs`.
  case notAPairList(object: Bool)
  case csvNotUTF8
  case unclosedQuote(line: Int)
  case emptyCSV
  /// A CSV header that does not name both word columns.
  case headerLacks(line: Int, missing: [String])
  /// Not a zip archive, or one the unzipper refuses.
  case notAnAnkiPackage(ZipError.Problem)
  /// A zip archive without a collection.
  case noCollection
  /// A package in Anki's newer format only (`collection.anki21b`).
  case newerAnkiFormat
  case badMediaList
  /// The collection's database cannot be read, with SQLite's primary result code (26: not a
  /// database, 11: damaged).
  case unreadableCollection(sqliteCode: Int32)
  case unreadableNoteTypes

  /// What was wrong, with where, in English.
  public var description: String {
    switch self {
    case .malformedJSON(let line, let column): "malformed JSON: line \(line), column \(column)"
    case .notAPairList(let object):
      "the JSON must be an array of word pairs" + (object ? " (or {\"pairs\": [...]})" : "")
    case .csvNotUTF8: "the CSV file is not UTF-8 text"
    case .unclosedQuote(let line): "malformed CSV: a quote opened on line \(line) is never closed"
    case .emptyCSV: "the CSV file is empty"
    case .headerLacks(let line, let missing):
      "the CSV header (line \(line)) must name wordone and wordtwo; it lacks \(missing.joined(separator: " and "))"
    case .notAnAnkiPackage(let problem): "not an Anki package: \(ZipError(problem))"
    case .noCollection: "not an Anki package: no collection.anki2 inside"
    case .newerAnkiFormat:
      "this package is in Anki's newer format; in Anki choose File › Export, tick “Support older Anki versions” and import that file"
    case .badMediaList: "the package's media list is not the legacy JSON map"
    case .unreadableCollection(let code): "the package's collection cannot be read: SQLite error \(code)"
    case .unreadableNoteTypes: "the package's note types cannot be read"
    }
  }
}

/// The field names of the import and export formats, in export order: the seed's lower-case names
/// plus `context`, `area` and `tags`.
enum PairField: String, CaseIterable {
  case wordone, wordtwo, type, context, area, note, image, imageurl, imagecredit, imagelicense, tags

  /// The field a file's key or header names: case-insensitive, with the seed's `tag` and the
  /// British `imagelicence` accepted.
  init?(key: String) {
    let key = key.trimmed.lowercased().replacingOccurrences(of: "_", with: "")
    switch key {
    case "tag": self = .tags
    case "imagelicence": self = .imagelicense
    default: self.init(rawValue: key)
    }
  }
}

/// Reading and writing pairs as JSON and CSV. Pure: bytes in, rows out.
enum PairTransfer {
  /// Where JSON parsing stopped (line and column from 1): the line and column the parser names
  /// (“around line 3, column 7”), or the byte it names (“around character 36”, on Linux), else the
  /// end of the data (the parser ran out of it).
  static func errorPosition(_ error: any Error, in data: Data) -> (line: Int, column: Int) {
    let detail = "\((error as NSError).userInfo[NSDebugDescriptionErrorKey] ?? "")"
    if let match = detail.firstMatch(of: #/line (\d+), column (\d+)/#), let line = Int(match.1),
      let column = Int(match.2)
    {
      return (line, column)
    }
    let offset = detail.firstMatch(of: #/character (\d+)/#).flatMap { Int($0.1) } ?? data.count
    let lines = String(decoding: data.prefix(offset), as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false)
    return (lines.count, (lines.last?.count ?? 0) + 1)
  }

  /// The rows of a JSON file: an array of objects, or an object holding one under `pairs`.
  static func jsonRows(_ data: Data) throws -> [ImportRow] {
    let value: JSONValue
    do {
      value = JSONValue(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    } catch {
      let (line, column) = errorPosition(error, in: data)
      throw ImportFileError.malformedJSON(line: line, column: column)
    }
    let items: [JSONValue]
    switch value {
    case .array(let array): items = array
    case .object(let object):
      guard case .array(let array)? = object["pairs"] ?? object["words"] else {
        throw ImportFileError.notAPairList(object: true)
      }
      items = array
    default: throw ImportFileError.notAPairList(object: false)
    }
    // Each object names its fields again: each name is looked up once.
    var fieldNamed: [String: PairField?] = [:]
    return items.enumerated().map { index, item in
      let number = index + 1
      guard case .object(let object) = item else {
        return ImportRow(number: number, input: .failure(ImportRejection(number: number, problem: .notAnObject)))
      }
      var fields: [PairField: [String]] = [:]
      for (key, value) in object {
        let named: PairField?
        if let known = fieldNamed[key] {
          named = known
        } else {
          named = PairField(key: key)
          fieldNamed[key] = .some(named)
        }
        guard let field = named else { continue }
        switch (field, value) {
        case (_, .null): continue
        case (_, .string(let text)): fields[field] = field == .tags ? tagNames([text]) : [text]
        case (_, .number(let number)): fields[field] = [number]
        case (.tags, .array(let list)):
          let texts = list.compactMap { if case .string(let text) = $0 { text } else { nil } }
          guard texts.count == list.count else {
            return ImportRow(
              number: number, input: .failure(ImportRejection(number: number, problem: .tagsNotText)))
          }
          fields[field] = texts
        default:
          return ImportRow(
            number: number, input: .failure(ImportRejection(number: number, problem: .notText(key: key))))
        }
      }
      return row(number: number, fields)
    }
  }

  /// The rows of a CSV file whose first record is a header naming the fields.
  static func csvRows(_ data: Data) throws -> [ImportRow] {
    guard let text = String(data: data, encoding: .utf8) else {
      throw ImportFileError.csvNotUTF8
    }
    let records: [(line: Int, fields: [String])]
    do {
      records = try CSV.parse(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
    } catch let error as CSV.UnclosedQuote {
      throw ImportFileError.unclosedQuote(line: error.line)
    }
    guard let header = records.first else { throw ImportFileError.emptyCSV }
    let columns = header.fields.map(PairField.init(key:))
    guard columns.contains(.wordone), columns.contains(.wordtwo) else {
      let missing = [PairField.wordone, .wordtwo].filter { !columns.contains($0) }.map(\.rawValue)
      throw ImportFileError.headerLacks(line: header.line, missing: missing)
    }
    return records.dropFirst().map { record in
      var fields: [PairField: [String]] = [:]
      for (column, value) in zip(columns, record.fields) {
        guard let column else { continue }
        fields[column] = column == .tags ? tagNames([value]) : [value]
      }
      if record.fields.count > columns.count {
        return ImportRow(
          number: record.line,
          input: .failure(
            ImportRejection(
              number: record.line, problem: .extraFields(fields: record.fields.count, header: columns.count))))
      }
      return row(number: record.line, fields)
    }
  }

  /// Pairs as the JSON import format (pretty-printed, keys sorted).
  static func json(_ pairs: [TaggedPair]) throws -> Data {
    let objects = pairs.map { pair in
      Dictionary(
        uniqueKeysWithValues: PairField.allCases.map { field in
          (
            field.rawValue,
            field == .tags ? JSONValue.array(pair.tags.map(JSONValue.string)) : .string(value(field, pair))
          )
        })
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(objects)
  }

  /// Pairs as CSV with a header row, CRLF line ends (RFC 4180).
  static func csv(_ pairs: [TaggedPair]) -> Data {
    let lines =
      [CSV.line(PairField.allCases.map(\.rawValue))]
      + pairs.map { pair in
        CSV.line(PairField.allCases.map { value($0, pair) })
      }
    return Data((lines.joined(separator: "\r\n") + "\r\n").utf8)
  }

  private static func value(_ field: PairField, _ tagged: TaggedPair) -> String {
    let pair = tagged.pair
    return switch field {
    case .wordone: pair.wordOne
    case .wordtwo: pair.wordTwo
    case .type: pair.type
    case .context: pair.context
    case .area: pair.area
    case .note: pair.note
    case .image: pair.image
    case .imageurl: pair.imageURL
    case .imagecredit: pair.imageCredit
    case .imagelicense: pair.imageLicence
    case .tags: tagged.tags.joined(separator: ", ")
    }
  }

  private static func row(number: Int, _ fields: [PairField: [String]]) -> ImportRow {
    let one = fields[.wordone]?.first ?? ""
    let two = fields[.wordtwo]?.first ?? ""
    for (field, word) in [(PairField.wordone, one), (.wordtwo, two)] where word.trimmed.isEmpty {
      return ImportRow(
        number: number, input: .failure(ImportRejection(number: number, problem: .blankColumn(field.rawValue))))
    }
    let input = PairInput(
      wordOne: one, wordTwo: two, type: fields[.type]?.first, context: fields[.context]?.first,
      area: fields[.area]?.first, note: fields[.note]?.first, image: fields[.image]?.first,
      imageURL: fields[.imageurl]?.first, imageCredit: fields[.imagecredit]?.first,
      imageLicence: fields[.imagelicense]?.first, tags: fields[.tags] ?? [])
    return ImportRow(number: number, input: .success(input))
  }
}
