import AppSupport
import Foundation
import GRDB

/// Owns `sharesynch.sqlite` and the installed series folders: which series are installed, their
/// languages and variations, and each variation's slides and notes. The package's own files are
/// never changed; a variation stores only its order, visibility, edited notes and added slides,
/// so creating one copies rows, not media. Every public method is one transaction.
public final class ShareSynchStore: Sendable {
  let writer: any DatabaseWriter
  /// Where series are installed (`media/sharesynch/series/` in the data folder).
  public let seriesRoot: URL
  private let manifests = ManifestCache()

  /// Opens (creating and migrating) the database at `path`, series under `seriesRoot`.
  public convenience init(path: String, seriesRoot: URL) throws {
    var configuration = Configuration()
    configuration.busyMode = .timeout(5)
    try self.init(writer: DatabasePool(path: path, configuration: configuration), seriesRoot: seriesRoot)
  }

  /// The store of a data folder: `sharesynch.sqlite`, series under `media/sharesynch/series/`.
  public convenience init(dataFolder: DataFolder) throws {
    try self.init(
      path: try dataFolder.database("sharesynch.sqlite"),
      seriesRoot: dataFolder.media.appendingPathComponent("sharesynch/series"))
  }

  /// A store in memory over `seriesRoot`, for tests.
  public static func inMemory(seriesRoot: URL) throws -> ShareSynchStore {
    try ShareSynchStore(writer: DatabaseQueue(), seriesRoot: seriesRoot)
  }

  init(writer: any DatabaseWriter, seriesRoot: URL) throws {
    self.writer = writer
    self.seriesRoot = seriesRoot
    try ShareSynchMigrations.migrator.migrate(writer)
  }

  // MARK: Series

  /// Drops a deleted series' manifest from the cache.
  func forgetManifest(_ id: String) { manifests.forget(id) }

  /// Installs a package file and registers its series; on failure nothing stays installed.
  public func install(_ file: URL, expectedSHA256: String? = nil) async throws -> SeriesSummary {
    let root = seriesRoot
    let manifest = try await runBlocking {
      try SeriesPackage.install(file, into: root, expectedSHA256: expectedSHA256)
    }
    do {
      return try await register(manifest)
    } catch {
      try? FileManager.default.removeItem(at: seriesRoot.appendingPathComponent(manifest.id))
      throw error
    }
  }

  /// Registers an installed series: its row, its original variation and that variation's slides.
  func register(_ manifest: SeriesManifest) async throws -> SeriesSummary {
    try await writer.write { db in
      var series = SeriesSummary(
        id: manifest.id, name: manifest.name, slideLanguage: manifest.slideLanguages[0],
        noteLanguage: manifest.noteLanguages[0], currentVariationID: nil, installedAt: Date())
      try series.insert(db)
      var original = Variation(id: nil, seriesID: manifest.id, name: "Original", isOriginal: true)
      try original.insert(db)
      for sermon in manifest.sermons {
        for (position, slide) in sermon.slides.enumerated() {
          var row = SlideRow(
            id: nil, variationID: original.id!, sermonID: sermon.id, position: position, sourceSlideID: slide.id,
            sourceSermonID: nil, kind: slide.kind, resource: slide.resource, hidden: slide.hidden ?? false, notes: [:])
          try row.insert(db)
        }
      }
      series.currentVariationID = original.id
      try Self.registerVariations(manifest, db, series: &series)
      try series.update(db)
      return series
    }
  }

  /// One installed series (the demo too, even while it is hidden from the list).
  public func summary(_ seriesID: String) async throws -> SeriesSummary {
    try await writer.read { db in try Self.series(db, seriesID) }
  }

  /// The installed series, by name; the demo only while it is the only one (seed A.3.2).
  public func series() async throws -> [SeriesSummary] {
    let all = try await writer.read { db in try SeriesSummary.order(SeriesSummary.Columns.name).fetchAll(db) }
    return all.count > 1 ? all.filter { $0.id != DemoSeries.id } : all
  }

  /// The manifest of an installed series (sanitised notes, as installed).
  public func manifest(_ seriesID: String) throws -> SeriesManifest {
    try manifests.manifest(seriesID, in: seriesRoot)
  }

  /// Sets the slide and note languages independently (each must be one the series carries).
  public func setLanguages(series seriesID: String, slides: String?, notes: String?) async throws -> SeriesSummary {
    let manifest = try manifest(seriesID)
    if let slides, !manifest.slideLanguages.contains(slides) {
      throw ShareSynchError.unknownLanguage(slides, offered: manifest.slideLanguages)
    }
    if let notes, !manifest.noteLanguages.contains(notes) {
      throw ShareSynchError.unknownLanguage(notes, offered: manifest.noteLanguages)
    }
    return try await writer.write { db in
      var series = try Self.series(db, seriesID)
      series.slideLanguage = slides ?? series.slideLanguage
      series.noteLanguage = notes ?? series.noteLanguage
      try series.update(db)
      return series
    }
  }

  static func series(_ db: Database, _ id: String) throws -> SeriesSummary {
    guard let series = try SeriesSummary.fetchOne(db, key: id) else { throw ShareSynchError.unknownSeries(id) }
    return series
  }

  // MARK: Variations

  /// A series' variations, the original first.
  public func variations(series seriesID: String) async throws -> [Variation] {
    try await writer.read { db in
      _ = try Self.series(db, seriesID)
      return try Variation.filter(Variation.Columns.seriesID == seriesID)
        .order(Variation.Columns.isOriginal.desc, Variation.Columns.name).fetchAll(db)
    }
  }

  /// A new variation copying `source` (the original when nil): its slide rows and edited notes
  /// are copied; the media stay shared. The new variation becomes the current one.
  public func createVariation(series seriesID: String, name: String, from source: Int64? = nil) async throws
    -> Variation
  {
    let name = name.trimmed.nfc
    guard !name.isEmpty else { throw ShareSynchError.badVariationName(name, .blank) }
    guard name.count <= 100 else { throw ShareSynchError.badVariationName(name, .tooLong(limit: 100)) }
    if let control = name.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
      throw ShareSynchError.badVariationName(name, .controlCharacter(control))
    }
    return try await writer.write { db in
      var series = try Self.series(db, seriesID)
      let from = try source.map { try Self.variation(db, $0, in: seriesID) } ?? Self.original(db, seriesID)
      guard
        try Variation.filter(Variation.Columns.seriesID == seriesID && Variation.Columns.name == name).fetchCount(db)
          == 0
      else {
        throw ShareSynchError.badVariationName(name, .taken)
      }
      var variation = Variation(id: nil, seriesID: seriesID, name: name, isOriginal: false)
      try variation.insert(db)
      try Self.copyRows(db, from: from.id!, to: variation.id!)
      series.currentVariationID = variation.id
      try series.update(db)
      return variation
    }
  }

  /// Makes `variationID` the series' current variation.
  public func switchVariation(series seriesID: String, to variationID: Int64) async throws {
    try await writer.write { db in
      var series = try Self.series(db, seriesID)
      _ = try Self.variation(db, variationID, in: seriesID)
      series.currentVariationID = variationID
      try series.update(db)
    }
  }

  /// Deletes a variation (never the original); the original becomes current if it was.
  public func deleteVariation(series seriesID: String, _ variationID: Int64) async throws {
    try await writer.write { db in
      let variation = try Self.variation(db, variationID, in: seriesID)
      guard !variation.isOriginal else { throw ShareSynchError.originalIsReadOnly("deleted") }
      try Variation.deleteOne(db, key: variationID)
      var series = try Self.series(db, seriesID)
      if series.currentVariationID == variationID {
        series.currentVariationID = try Self.original(db, seriesID).id
        try series.update(db)
      }
    }
  }

  /// Copies a variation's slide rows and sermon states (but the slide shown last) into another.
  static func copyRows(_ db: Database, from source: Int64, to target: Int64) throws {
    try db.execute(
      sql: """
        INSERT INTO Slides (variationID, sermonID, position, sourceSlideID, sourceSermonID, kind, resource, hidden, notes)
        SELECT ?, sermonID, position, sourceSlideID, sourceSermonID, kind, resource, hidden, notes
        FROM Slides WHERE variationID = ?
        """, arguments: [target, source])
    try db.execute(
      sql: """
        INSERT INTO SermonStates (variationID, sermonID, appealType, appealSong, lastSlideID, targetSeconds)
        SELECT ?, sermonID, appealType, appealSong, NULL, targetSeconds FROM SermonStates WHERE variationID = ?
        """, arguments: [target, source])
  }

  static func variation(_ db: Database, _ id: Int64, in seriesID: String) throws -> Variation {
    guard let variation = try Variation.fetchOne(db, key: id), variation.seriesID == seriesID else {
      throw ShareSynchError.unknownVariation(id)
    }
    return variation
  }

  static func original(_ db: Database, _ seriesID: String) throws -> Variation {
    guard
      let original = try Variation.filter(
        Variation.Columns.seriesID == seriesID && Variation.Columns.isOriginal == true
      ).fetchOne(db)
    else { throw ShareSynchError.unknownSeries(seriesID) }
    return original
  }

  // MARK: Slides

  /// A sermon's slides in a variation (the current one when nil), in the series' languages.
  public func slides(series seriesID: String, sermon sermonID: String, variation: Int64? = nil) async throws
    -> [SermonSlide]
  {
    let manifest = try manifest(seriesID)
    let sermon = try sermon(seriesID, sermonID)
    let originals = Dictionary(
      uniqueKeysWithValues: manifest.sermons.flatMap { sermon in sermon.slides.map { ("\(sermon.id)/\($0.id)", $0) } })
    return try await writer.read { db in
      let series = try Self.series(db, seriesID)
      let variationID = variation ?? series.currentVariationID!
      _ = try Self.variation(db, variationID, in: seriesID)
      let state = try Self.sermonState(db, variationID, sermon)
      let appealResource = SeriesManifest.appealResource(state.appeal, songs: manifest.songs)
      let rows = try SlideRow.filter(
        SlideRow.Columns.variationID == variationID && SlideRow.Columns.sermonID == sermonID
      )
      .order(SlideRow.Columns.position).fetchAll(db)
      return rows.map { row in
        let original = row.sourceSlideID.flatMap { originals["\(row.sourceSermonID ?? sermonID)/\($0)"] }
        let originalNotes = original?.notes[series.noteLanguage] ?? ""
        let notes = row.notes[series.noteLanguage] ?? originalNotes
        return SermonSlide(
          id: row.id!, position: row.position, kind: row.kind,
          resource: row.kind == .appeal
            ? appealResource
            : (row.resource == original?.resource ? original?.resource(in: series.slideLanguage) : row.resource),
          hidden: row.hidden,
          custom: row.sourceSlideID == nil, notes: notes, notesEdited: notes != originalNotes,
          overlay: original?.overlays?[series.slideLanguage],
          appeal: row.kind == .appeal ? AppealScript(notesHTML: notes) : nil, title: original?.title)
      }
    }
  }

  // MARK: Sermon state

  /// A sermon's appeal, last slide and target length in the current variation (the package's
  /// appeal at first).
  public func sermonState(series seriesID: String, sermon sermonID: String) async throws -> SermonState {
    let sermon = try sermon(seriesID, sermonID)
    return try await writer.read { db in
      try Self.sermonState(db, try Self.series(db, seriesID).currentVariationID!, sermon)
    }
  }

  /// Changes the appeal type or song (in any variation: it is how the sermon is presented, not an
  /// edit of it). The appeal slide's resource follows at once.
  public func setAppeal(_ setting: AppealSetting, series seriesID: String, sermon sermonID: String) async throws
    -> SermonState
  {
    let manifest = try manifest(seriesID)
    let sermon = try sermon(seriesID, sermonID)
    if let song = setting.song, !manifest.songs.contains(where: { $0.id == song }) {
      throw ShareSynchError.unknownSong(song)
    }
    return try await writer.write { db in
      var state = try Self.sermonState(db, try Self.series(db, seriesID).currentVariationID!, sermon)
      state.appealType = setting.type
      state.appealSong = setting.song
      try state.save(db)
      return state
    }
  }

  /// The target lengths a sermon may be given, in seconds: up to ten hours.
  public static let targetLengths = 1...36_000

  /// Sets how long the sermon should last (nil clears it), in the current variation, like the
  /// appeal: it is how the sermon is presented, not an edit of it.
  public func setTarget(seconds: Int?, series seriesID: String, sermon sermonID: String) async throws -> SermonState {
    if let seconds, !Self.targetLengths.contains(seconds) {
      throw ShareSynchError.badTargetLength(seconds: seconds, allowed: Self.targetLengths)
    }
    let sermon = try sermon(seriesID, sermonID)
    return try await writer.write { db in
      var state = try Self.sermonState(db, try Self.series(db, seriesID).currentVariationID!, sermon)
      state.targetSeconds = seconds
      try state.save(db)
      return state
    }
  }

  /// Remembers the slide shown last.
  public func rememberSlide(_ slideID: Int64, series seriesID: String, sermon sermonID: String) async throws {
    let sermon = try sermon(seriesID, sermonID)
    try await writer.write { db in
      var state = try Self.sermonState(db, try Self.series(db, seriesID).currentVariationID!, sermon)
      state.lastSlideID = slideID
      try state.save(db)
    }
  }

  func sermon(_ seriesID: String, _ sermonID: String) throws -> SeriesManifest.Sermon {
    guard let sermon = try manifest(seriesID).sermons.first(where: { $0.id == sermonID }) else {
      throw ShareSynchError.unknownSermon(sermonID)
    }
    return sermon
  }

  static func sermonState(_ db: Database, _ variationID: Int64, _ sermon: SeriesManifest.Sermon) throws
    -> SermonState
  {
    try SermonState.fetchOne(db, key: ["variationID": variationID, "sermonID": sermon.id])
      ?? SermonState(
        variationID: variationID, sermonID: sermon.id, appealType: sermon.appeal.type, appealSong: sermon.appeal.song,
        lastSlideID: nil)
  }
}

/// Manifests read from the installed folders, kept after the first read.
final class ManifestCache: @unchecked Sendable {
  private let lock = NSLock()
  private var loaded: [String: SeriesManifest] = [:]

  func forget(_ id: String) { lock.withLock { _ = loaded.removeValue(forKey: id) } }

  func manifest(_ id: String, in root: URL) throws -> SeriesManifest {
    try lock.withLock {
      if let known = loaded[id] { return known }
      guard SeriesManifest.isSafeID(id),
        let data = FileManager.default.contents(atPath: root.appendingPathComponent("\(id)/manifest.json").path)
      else { throw ShareSynchError.unknownSeries(id) }
      let manifest = try JSONDecoder().decode(SeriesManifest.self, from: data)
      loaded[id] = manifest
      return manifest
    }
  }
}
