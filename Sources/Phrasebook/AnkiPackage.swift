import AppSupport
import Crypto
import Foundation
import GRDB

/// Anki's legacy package (`.apkg`): a zip holding a schema-11 SQLite collection
/// (`collection.anki21`, or `collection.anki2`), a JSON `media` map from entry name to file name,
/// and the media files. Newer packages (`collection.anki21b`, zstd) are refused with a message.
enum AnkiPackage {
  /// What a package may unpack to: a large deck's collection and its pictures, and no more
  /// (counted on the real bytes, whatever the zip declares).
  static let limits = ZipLimits(entries: 20_000, entryBytes: 128 << 20, totalBytes: 256 << 20)

  /// The pairs of a package's notes (first field → wordOne, second → wordTwo, other fields by
  /// name) and the image files they use.
  static func rows(_ data: Data) throws -> ([ImportRow], [String: Data]) {
    let files: [String: Data]
    do {
      files = try unzipArchive(data, limits: limits)
    } catch let error as ZipError {
      throw ImportFileError.notAnAnkiPackage(error.problem)
    }
    guard
      let collection = files["collection.anki21"]
        ?? (files["collection.anki21b"] == nil ? files["collection.anki2"] : nil)
    else {
      if files["collection.anki21b"] != nil {
        throw ImportFileError.newerAnkiFormat
      }
      throw ImportFileError.noCollection
    }
    var media: [String: Data] = [:]
    if let map = files["media"], !map.isEmpty {
      guard let names = try? JSONDecoder().decode([String: String].self, from: map) else {
        throw ImportFileError.badMediaList
      }
      for (entry, name) in names { media[name] = files[entry] }
    }
    let notes = try readNotes(collection)
    let rows = notes.enumerated().map { index, read in
      let number = index + 1
      let imported: ImportRow
      switch read {
      case .unreadable(let problem):
        return ImportRow(number: number, input: .failure(ImportRejection(number: number, problem: problem)))
      case .note(let note): imported = row(number: number, note)
      }
      guard case .success(var input) = imported.input else { return imported }
      // Files named but not in the package: nothing to show or hear.
      if let image = input.image, media[image] == nil { input.image = nil }
      if let sound = input.soundOne, media[sound] == nil { input.soundOne = nil }
      if let sound = input.soundTwo, media[sound] == nil { input.soundTwo = nil }
      return ImportRow(number: imported.number, input: .success(input))
    }
    return (rows, media)
  }

  /// A note's fields by name, in order, and its tags.
  private struct Note {
    let fields: [(name: String, html: String)]
    let tags: [String]
  }

  /// A note as read, or why it cannot be used.
  private enum NoteRead {
    case note(Note)
    case unreadable(ImportProblem)
  }

  /// Each note of the collection, or why it cannot be read: Anki's columns are only as typed as
  /// whoever wrote the file, so any value may be NULL or of another type.
  private static func readNotes(_ collection: Data) throws -> [NoteRead] {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("anki-\(UUID().uuidString).sqlite")
    try collection.write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    do {
      var configuration = Configuration()
      configuration.readonly = true
      let queue = try DatabaseQueue(path: file.path, configuration: configuration)
      return try queue.read { db in
        let modelsJSON = try DatabaseValue.fetchOne(db, sql: "SELECT models FROM col").flatMap(String.fromDatabaseValue)
        let models = try JSONDecoder().decode([String: AnkiModelFields].self, from: Data((modelsJSON ?? "{}").utf8))
        return try Row.fetchAll(db, sql: "SELECT mid, flds, tags FROM notes ORDER BY id").map { row in
          guard let flds = String.fromDatabaseValue(row["flds"]) else {
            return .unreadable(.unreadableNote(missing: row["flds"] as DatabaseValue == .null))
          }
          let values = flds.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
          let model = Int64.fromDatabaseValue(row["mid"]).flatMap { models[String($0)] }
          let names = model?.flds.sorted { $0.ord < $1.ord }.map(\.name) ?? []
          let fields = values.enumerated().map { index, value in (index < names.count ? names[index] : "", value) }
          let tags = (String.fromDatabaseValue(row["tags"]) ?? "").split(whereSeparator: \.isWhitespace).map {
            $0.replacingOccurrences(of: "_", with: " ")
          }
          return .note(Note(fields: fields, tags: tags))
        }
      }
    } catch let error as DatabaseError {
      throw ImportFileError.unreadableCollection(sqliteCode: error.resultCode.primaryResultCode.rawValue)
    } catch is DecodingError {
      throw ImportFileError.unreadableNoteTypes
    }
  }

  private static func row(number: Int, _ note: Note) -> ImportRow {
    guard note.fields.count >= 2 else {
      return ImportRow(
        number: number, input: .failure(ImportRejection(number: number, problem: .fewerThanTwoFields)))
    }
    let wordOne = HTMLText.plainText(note.fields[0].html)
    let wordTwo = HTMLText.plainText(note.fields[1].html)
    for (name, word) in [(note.fields[0].name, wordOne), (note.fields[1].name, wordTwo)] where word.isEmpty {
      return ImportRow(
        number: number, input: .failure(ImportRejection(number: number, problem: .blankNoteField(name))))
    }
    var input = PairInput(wordOne: wordOne, wordTwo: wordTwo, tags: note.tags)
    var image = note.fields.lazy.flatMap { HTMLText.imageSources($0.html) }.first
    for (name, html) in note.fields.dropFirst(2) {
      switch PairField(key: name.replacingOccurrences(of: " ", with: "")) {
      case .type: input.type = HTMLText.plainText(html)
      case .context: input.context = HTMLText.plainText(html)
      case .area: input.area = HTMLText.plainText(html)
      case .note: input.note = HTMLText.plainText(html)
      case .image: image = HTMLText.imageSources(html).first ?? image
      case .imageurl: input.imageURL = HTMLText.plainText(html)
      case .imagecredit: input.imageCredit = HTMLText.plainText(html)
      case .imagelicense: input.imageLicence = HTMLText.plainText(html)
      default: continue
      }
    }
    input.image = image
    // A sound in a word's field is that word's; one elsewhere (an "Audio" field) is the second word's.
    input.soundOne = HTMLText.soundFiles(note.fields[0].html).first
    input.soundTwo =
      HTMLText.soundFiles(note.fields[1].html).first
      ?? note.fields.dropFirst(2).lazy.flatMap { HTMLText.soundFiles($0.html) }.first
    return ImportRow(number: number, input: .success(input))
  }

  private struct AnkiModelFields: Decodable {
    struct Field: Decodable {
      let name: String
      let ord: Int
    }
    let flds: [Field]
  }
}
