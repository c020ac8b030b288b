import Foundation
import GRDB

/// An installed series as the lists show it.
public struct SeriesSummary: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  /// The table.
  public static let databaseTableName = "Series"
  /// The manifest's id (its folder's name).
  public var id: String
  /// Its title.
  public var name: String
  /// The language the slides are shown in.
  public var slideLanguage: String
  /// The language the notes are shown in.
  public var noteLanguage: String
  /// The variation in use.
  public var currentVariationID: Int64?
  /// When it was installed.
  public var installedAt: Date

  /// The table's columns, for queries.
  public enum Columns {
    public static let id = Column(CodingKeys.id)
    public static let name = Column(CodingKeys.name)
    public static let slideLanguage = Column(CodingKeys.slideLanguage)
    public static let noteLanguage = Column(CodingKeys.noteLanguage)
    public static let currentVariationID = Column(CodingKeys.currentVariationID)
    public static let installedAt = Column(CodingKeys.installedAt)
  }
}

/// A variation of a series: its own slide order, visibility, notes and custom slides.
public struct Variation: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  /// The table.
  public static let databaseTableName = "Variations"
  /// Row id.
  public var id: Int64?
  /// The series.
  public var seriesID: String
  /// The name the user chose ("Original" for the original).
  public var name: String
  /// The original, unedited variation: never edited, never deleted.
  public var isOriginal: Bool

  /// Takes the id SQLite gave the row.
  public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

  /// The table's columns, for queries.
  public enum Columns {
    public static let id = Column(CodingKeys.id)
    public static let seriesID = Column(CodingKeys.seriesID)
    public static let name = Column(CodingKeys.name)
    public static let isOriginal = Column(CodingKeys.isOriginal)
  }
}

/// A slide row of a variation's sermon.
struct SlideRow: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  static let databaseTableName = "Slides"
  var id: Int64?
  var variationID: Int64
  var sermonID: String
  var position: Int
  /// The manifest slide it shows (also for duplicates); nil for a slide the user added.
  var sourceSlideID: String?
  /// The sermon of `sourceSlideID` when it is another sermon's slide (imported); nil for its own.
  var sourceSermonID: String?
  var kind: SeriesManifest.Kind
  /// Path of its picture or video inside the series folder (nil for the appeal).
  var resource: String?
  var hidden: Bool
  /// Notes the user wrote, JSON `{language: html}`; a language missing here shows the original.
  var notes: [String: String]

  mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

  /// The table's columns, for queries.
  enum Columns {
    static let id = Column(CodingKeys.id)
    static let variationID = Column(CodingKeys.variationID)
    static let sermonID = Column(CodingKeys.sermonID)
    static let position = Column(CodingKeys.position)
    static let sourceSlideID = Column(CodingKeys.sourceSlideID)
    static let sourceSermonID = Column(CodingKeys.sourceSermonID)
    static let kind = Column(CodingKeys.kind)
    static let resource = Column(CodingKeys.resource)
    static let hidden = Column(CodingKeys.hidden)
    static let notes = Column(CodingKeys.notes)
  }
}

extension SlideRow {
  /// A slide read by its columns, not through `Decodable`: GRDB's decoder cost a sermon's read of
  /// its 300 slides two fifths of an edit's answer. Notes the user never wrote (`{}`, most slides)
  /// are not handed to a JSON decoder; written ones go to the decoder GRDB's own path uses.
  init(row: Row) throws {
    id = row[Columns.id]
    variationID = row[Columns.variationID]
    sermonID = row[Columns.sermonID]
    position = row[Columns.position]
    sourceSlideID = row[Columns.sourceSlideID]
    sourceSermonID = row[Columns.sourceSermonID]
    let kind: String = row[Columns.kind]
    guard let known = SeriesManifest.Kind(rawValue: kind) else {
      throw DatabaseError(message: "slide \(id ?? 0) has an unknown kind: \(kind)")
    }
    self.kind = known
    resource = row[Columns.resource]
    hidden = row[Columns.hidden]
    let notes: String = row[Columns.notes]
    self.notes =
      notes == "{}"
      ? [:]
      : try Self.databaseJSONDecoder(for: Columns.notes.name).decode([String: String].self, from: Data(notes.utf8))
  }
}

/// A slide as a screen shows it: in the series' slide and note languages.
public struct SermonSlide: Codable, Sendable, Equatable {
  /// Row id (stable across edits of this variation).
  public let id: Int64
  /// Its place among all slides, 0-based.
  public let position: Int
  /// What it shows.
  public let kind: SeriesManifest.Kind
  /// The picture or video; for the appeal, the song's resource for the sermon's appeal type.
  public let resource: String?
  /// Hidden from the presentation.
  public let hidden: Bool
  /// Added by the user (not from the package).
  public let custom: Bool
  /// The notes in the note language (sanitised HTML).
  public let notes: String
  /// True when the notes differ from the package's.
  public let notesEdited: Bool
  /// The overlay in the slide language, if any.
  public let overlay: SeriesManifest.Overlay?

  /// An appeal slide's audience text, read from its notes (nil for other slides).
  public let appeal: AppealScript?
  /// Its title in the file it was imported from (the thumbnail's caption), if any.
  public var title: String? = nil

  /// The slide as the presentation engine needs it.
  public var presentation: PresentationSlide { PresentationSlide(id: id, hidden: hidden, appeal: appeal) }
}

/// What a sermon remembers per variation: its appeal type and song, the last slide shown, and
/// how long it should last.
public struct SermonState: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  /// The table.
  public static let databaseTableName = "SermonStates"
  /// The variation.
  public var variationID: Int64
  /// The sermon.
  public var sermonID: String
  /// Vocal, instrumental or text only.
  public var appealType: AppealType
  /// The appeal song's id.
  public var appealSong: String?
  /// The slide shown last (a presentation resumes there).
  public var lastSlideID: Int64?
  /// How long the sermon should last, in seconds (the stage view counts down to it); nil when
  /// the speaker set none.
  public var targetSeconds: Int? = nil

  /// The appeal as the engine takes it.
  public var appeal: AppealSetting { AppealSetting(type: appealType, song: appealSong) }

  /// The table's columns, for queries.
  public enum Columns {
    public static let variationID = Column(CodingKeys.variationID)
    public static let sermonID = Column(CodingKeys.sermonID)
    public static let appealType = Column(CodingKeys.appealType)
    public static let appealSong = Column(CodingKeys.appealSong)
    public static let lastSlideID = Column(CodingKeys.lastSlideID)
    public static let targetSeconds = Column(CodingKeys.targetSeconds)
  }
}
