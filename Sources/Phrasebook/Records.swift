import AppSupport
import Foundation
import GRDB

/// A phrasebook: a name and its two languages (table `Phrasebooks`).
public struct Phrasebook: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  /// The SQLite table.
  public static let databaseTableName = "Phrasebooks"
  /// Primary key.
  public var id: Int64?
  /// The name the user gave it.
  public var name: String
  /// BCP 47 code of the first language (wordOne), e.g. `en`.
  public var languageOneCode: String
  /// Display name of the first language.
  public var languageOneName: String
  /// BCP 47 code of the second language (wordTwo), e.g. `cy`.
  public var languageTwoCode: String
  /// Display name of the second language.
  public var languageTwoName: String
  /// The regional variants a pair may belong to (Welsh: North, South, Both); empty for none.
  public var areas: [String]
  /// The area a new pair gets when none is given.
  public var defaultArea: String

  /// Keeps the id SQLite gave the new row.
  public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

  /// The table's columns, for queries.
  public enum Columns {
    public static let id = Column(CodingKeys.id)
    public static let name = Column(CodingKeys.name)
    public static let languageOneCode = Column(CodingKeys.languageOneCode)
    public static let languageOneName = Column(CodingKeys.languageOneName)
    public static let languageTwoCode = Column(CodingKeys.languageTwoCode)
    public static let languageTwoName = Column(CodingKeys.languageTwoName)
    public static let areas = Column(CodingKeys.areas)
    public static let defaultArea = Column(CodingKeys.defaultArea)
  }
}

// Written out rather than derived from Codable: search as you type looks the phrasebook up at
// every key, and GRDB's Codable path (each field found by name through a decoder) was a twentieth
// of a search page.
extension Phrasebook {
  /// Reads a phrasebook from a `Phrasebooks` row; `areas` is the JSON array GRDB's Codable path wrote.
  public init(row: Row) throws {
    id = row["id"]
    name = row["name"]
    languageOneCode = row["languageOneCode"]
    languageOneName = row["languageOneName"]
    languageTwoCode = row["languageTwoCode"]
    languageTwoName = row["languageTwoName"]
    areas = try Self.areas(json: row["areas"])
    defaultArea = row["defaultArea"]
  }

  private static let decodedAreas = LastComputed<String, [String]>()

  /// The areas in this JSON array, decoded again only when it differs from the last one asked
  /// for: decoding it was half of looking a phrasebook up, which search as you type does at every key.
  static func areas(json: String) throws -> [String] {
    try decodedAreas.value(for: json) { try JSONDecoder().decode([String].self, from: Data($0.utf8)) }
  }
}

/// A pair of words or phrases in the two languages with what the user knows about it (table `WordPairs`).
public struct WordPair: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  /// The SQLite table.
  public static let databaseTableName = "WordPairs"
  /// Primary key; reviews hang on it, so an update keeps it.
  public var id: Int64?
  /// The phrasebook.
  public var phrasebookID: Int64
  /// The word in the first language (trimmed, NFC, never blank).
  public var wordOne: String
  /// The word in the second language (trimmed, NFC, never blank).
  public var wordTwo: String
  /// Part of speech or other type.
  public var type: String
  /// A short phrase telling which sense is meant.
  public var context: String
  /// The regional variant (one of the phrasebook's areas).
  public var area: String
  /// The user's note.
  public var note: String
  /// An image file under the data folder's `media/`, or empty.
  public var image: String
  /// Where the image came from, or empty.
  public var imageURL: String
  /// Who made the image.
  public var imageCredit: String
  /// The image's licence.
  public var imageLicence: String
  /// When the pair was first added.
  public var createdAt: Date
  /// When the pair last changed.
  public var updatedAt: Date

  /// Keeps the id SQLite gave the new row.
  public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

  /// The table's columns, for queries.
  public enum Columns {
    public static let id = Column(CodingKeys.id)
    public static let phrasebookID = Column(CodingKeys.phrasebookID)
    public static let wordOne = Column(CodingKeys.wordOne)
    public static let wordTwo = Column(CodingKeys.wordTwo)
    public static let type = Column(CodingKeys.type)
    public static let context = Column(CodingKeys.context)
    public static let area = Column(CodingKeys.area)
    public static let note = Column(CodingKeys.note)
    public static let image = Column(CodingKeys.image)
    public static let imageURL = Column(CodingKeys.imageURL)
    public static let imageCredit = Column(CodingKeys.imageCredit)
    public static let imageLicence = Column(CodingKeys.imageLicence)
    public static let createdAt = Column(CodingKeys.createdAt)
    public static let updatedAt = Column(CodingKeys.updatedAt)
  }
}

// Written out rather than derived from Codable: GRDB's Codable path copies each row and matches
// column names case-insensitively for every field, which made importing 20,000 pairs take 13 s.
extension WordPair {
  /// Reads a pair from a `WordPairs` row.
  public init(row: Row) {
    id = row["id"]
    phrasebookID = row["phrasebookID"]
    wordOne = row["wordOne"]
    wordTwo = row["wordTwo"]
    type = row["type"]
    context = row["context"]
    area = row["area"]
    note = row["note"]
    image = row["image"]
    imageURL = row["imageURL"]
    imageCredit = row["imageCredit"]
    imageLicence = row["imageLicence"]
    createdAt = row["createdAt"]
    updatedAt = row["updatedAt"]
  }

  /// The `SELECT` list `init(selected:at:)` reads, in its order.
  static let selection =
    "id, phrasebookID, wordOne, wordTwo, type, context, area, note, image, imageURL, imageCredit, imageLicence, "
    + "createdAt, updatedAt"

  /// Reads a pair from the columns of `selection` starting at column `first`, by position: a
  /// search page's 50 rows spent most of their decoding looking names up.
  init(selected row: Row, at first: Int) {
    id = row[first]
    phrasebookID = row[first + 1]
    wordOne = row[first + 2]
    wordTwo = row[first + 3]
    type = row[first + 4]
    context = row[first + 5]
    area = row[first + 6]
    note = row[first + 7]
    image = row[first + 8]
    imageURL = row[first + 9]
    imageCredit = row[first + 10]
    imageLicence = row[first + 11]
    createdAt = StoredDate.date(row, atIndex: first + 12)
    updatedAt = StoredDate.date(row, atIndex: first + 13)
  }

  /// Inserts a new pair with its sort key in one statement, naming the columns of `selection`
  /// (the id left to SQLite), and keeps the id it was given.
  mutating func insert(_ db: Database, sortKey: Data) throws {
    try db.cachedStatement(
      sql: "INSERT INTO WordPairs (\(Self.selection), sortKey) VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    ).execute(arguments: [
      phrasebookID, wordOne, wordTwo, type, context, area, note, image, imageURL, imageCredit, imageLicence,
      StoredDate.value(createdAt), StoredDate.value(updatedAt), sortKey,
    ])
    id = db.lastInsertedRowID
  }

  /// Writes a pair's columns.
  public func encode(to container: inout PersistenceContainer) {
    container["id"] = id
    container["phrasebookID"] = phrasebookID
    container["wordOne"] = wordOne
    container["wordTwo"] = wordTwo
    container["type"] = type
    container["context"] = context
    container["area"] = area
    container["note"] = note
    container["image"] = image
    container["imageURL"] = imageURL
    container["imageCredit"] = imageCredit
    container["imageLicence"] = imageLicence
    container["createdAt"] = createdAt
    container["updatedAt"] = updatedAt
  }
}

/// A word pair with its tags, as lists and searches return it.
public struct TaggedPair: Codable, Sendable, Equatable {
  /// The pair.
  public let pair: WordPair
  /// Its tags, sorted.
  public let tags: [String]
}

/// What the user types to add or update a pair; empty optional fields keep what is stored.
public struct PairInput: Sendable, Equatable {
  /// The word in the first language.
  public var wordOne: String
  /// The word in the second language.
  public var wordTwo: String
  /// Part of speech.
  public var type: String?
  /// Sense-telling phrase.
  public var context: String?
  /// Regional variant.
  public var area: String?
  /// Note.
  public var note: String?
  /// Image file name under the phrasebook media folder.
  public var image: String?
  /// Image URL (http or https).
  public var imageURL: String?
  /// Image credit.
  public var imageCredit: String?
  /// Image licence.
  public var imageLicence: String?
  /// Tags to add (existing tags are kept).
  public var tags: [String]
  /// A recording of the first word: a file of the import (an Anki package's `[sound:…]`).
  public var soundOne: String? = nil
  /// A recording of the second word, likewise.
  public var soundTwo: String? = nil

  /// A pair to add with optional details.
  public init(
    wordOne: String, wordTwo: String, type: String? = nil, context: String? = nil, area: String? = nil,
    note: String? = nil, image: String? = nil, imageURL: String? = nil, imageCredit: String? = nil,
    imageLicence: String? = nil,
    tags: [String] = []
  ) {
    self.wordOne = wordOne
    self.wordTwo = wordTwo
    self.type = type
    self.context = context
    self.area = area
    self.note = note
    self.image = image
    self.imageURL = imageURL
    self.imageCredit = imageCredit
    self.imageLicence = imageLicence
    self.tags = tags
  }
}

/// One word with all its translations, in either direction (the Welsh seed's word link).
public struct WordLink: Codable, Sendable, Equatable {
  /// One translation of the word.
  public struct Translation: Codable, Sendable, Equatable {
    /// The translated word.
    public let word: String
    /// The pair it comes from.
    public let pairID: Int64
    /// True when the word was wordOne of the pair (so the translation is wordTwo).
    public let forward: Bool
    /// The pair's context, area and note.
    public let context: String
    /// The pair's area.
    public let area: String
    /// The pair's note.
    public let note: String
  }
  /// The word looked up.
  public let word: String
  /// Every translation, in the translation language's order.
  public let translations: [Translation]
}

/// A page of search results.
public struct SearchPage: Codable, Sendable, Equatable {
  /// How many pairs match in all; when `capped`, how many were counted (more match).
  public let total: Int
  /// True when more than `total` pairs match: counting stopped there.
  public let capped: Bool
  /// The pairs of this page, exact-diacritics matches first, then alphabetical.
  public let pairs: [TaggedPair]

  /// A page of `pairs` out of `total` (or out of more than `total` when `capped`).
  public init(total: Int, capped: Bool = false, pairs: [TaggedPair]) {
    self.total = total
    self.capped = capped
    self.pairs = pairs
  }
}
