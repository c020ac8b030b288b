import AppSupport
import Foundation
import GRDB

/// Which sermon an import fills: a new one with this title per language, or one that exists.
public enum ImportTarget: Sendable, Equatable {
  /// A new sermon, added last.
  case newSermon(title: [String: String])
  /// An existing sermon: its current state is kept as a variation first, then the import replaces it.
  case sermon(String)
  /// An existing sermon in another language: slide by slide (by position), the import's pictures
  /// become the slides' pictures in the slide language and its notes their notes in the note
  /// language; both languages are added to the series when it lacks them.
  case language(String)
}

/// What an import did.
public struct SermonImport: Sendable, Equatable, Encodable {
  /// The sermon the slides went to.
  public var sermonID: String
  /// How many slides it has now.
  public var slides: Int
  /// The variation that keeps what the sermon was before (only when an existing sermon was replaced).
  public var keptAs: Variation?
  /// Where the import and the sermon differ (a language added to a sermon of another slide count).
  public var report: [ImportNote] = []
}

extension ShareSynchStore {
  /// Creates an empty series (no sermon yet) named `name`, carrying these languages.
  public func createSeries(name: String, slideLanguages: [String], noteLanguages: [String]) async throws
    -> SeriesSummary
  {
    let name = try SeriesAuthoring.name(name, what: "series")
    let slides = try SeriesAuthoring.languages(slideLanguages)
    let notes = try SeriesAuthoring.languages(noteLanguages)
    let taken = Set(try await installedSeriesIDs())
      .union((try? FileManager.default.contentsOfDirectory(atPath: seriesRoot.path)) ?? [])
    let id = SeriesAuthoring.id(from: name, fallback: "series", taken: taken)
    let manifest = SeriesManifest(
      format: SeriesManifest.currentFormat, id: id, name: name, slideLanguages: slides, noteLanguages: notes,
      songs: [], sermons: [], resources: [])
    let folder = seriesRoot.appendingPathComponent(id)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    do {
      try Self.write(manifest, to: folder)
      return try await register(manifest)
    } catch {
      try? FileManager.default.removeItem(at: folder)
      throw error
    }
  }

  /// Adds an empty sermon at the end of a series; returns its id.
  public func addSermon(series seriesID: String, title: [String: String], appeal: AppealSetting? = nil) async throws
    -> String
  {
    let title = try title.mapValues { try SeriesAuthoring.name($0, what: "sermon") }
    guard !title.isEmpty else { throw ShareSynchError.badName("", what: "sermon") }
    return try await changeManifest(seriesID) { manifest, _ in
      let id = Self.newSermonID(title, in: manifest)
      if let song = appeal?.song, !manifest.songs.contains(where: { $0.id == song }) {
        throw ShareSynchError.unknownSong(song)
      }
      manifest.sermons.append(
        .init(id: id, title: title, appeal: appeal ?? AppealSetting(type: .textOnly, song: nil), slides: []))
      return id
    }
  }

  /// Renames a sermon in the languages given (an empty title removes that language's).
  public func retitleSermon(series seriesID: String, sermon sermonID: String, title: [String: String]) async throws {
    try await changeManifest(seriesID) { manifest, _ in
      guard let index = manifest.sermons.firstIndex(where: { $0.id == sermonID }) else {
        throw ShareSynchError.unknownSermon(sermonID)
      }
      for (language, text) in title {
        manifest.sermons[index].title[language] =
          text.trimmed.isEmpty ? nil : try SeriesAuthoring.name(text, what: "sermon")
      }
      if manifest.sermons[index].title.isEmpty { throw ShareSynchError.badName("", what: "sermon") }
    }
  }

  /// Moves a sermon to a 0-based place in the series' list.
  public func moveSermon(series seriesID: String, sermon sermonID: String, to target: Int) async throws {
    try await changeManifest(seriesID) { manifest, _ in
      guard let from = manifest.sermons.firstIndex(where: { $0.id == sermonID }) else {
        throw ShareSynchError.unknownSermon(sermonID)
      }
      let sermon = manifest.sermons.remove(at: from)
      manifest.sermons.insert(sermon, at: max(0, min(target, manifest.sermons.count)))
    }
  }

  /// Deletes a sermon from the series and from every variation; the pictures only it used go too.
  public func deleteSermon(series seriesID: String, sermon sermonID: String) async throws {
    try await changeManifest(seriesID) { manifest, db in
      guard manifest.sermons.contains(where: { $0.id == sermonID }) else {
        throw ShareSynchError.unknownSermon(sermonID)
      }
      manifest.sermons.removeAll { $0.id == sermonID }
      try db.execute(
        sql: "DELETE FROM Slides WHERE sermonID = ? AND variationID IN (SELECT id FROM Variations WHERE seriesID = ?)",
        arguments: [sermonID, seriesID])
      try db.execute(
        sql: """
          DELETE FROM SermonStates WHERE sermonID = ? AND variationID IN (SELECT id FROM Variations WHERE seriesID = ?)
          """, arguments: [sermonID, seriesID])
      try db.execute(
        sql: "DELETE FROM Settings WHERE key = 'lastSermon' AND value = ?", arguments: ["\(seriesID)/\(sermonID)"])
    }
    try await removeUnusedImports(series: seriesID)
  }

  /// Puts imported slides into a sermon. Their files are moved into the series' `imports/`
  /// folder; the manifest gets the slides (so the original variation is the import) and every
  /// variation gets their rows. Into an existing sermon, the current variation is first kept
  /// as a new variation named after the time, and every variation's notes of that sermon are
  /// written into its rows, so what any variation showed stays as it was. All or nothing.
  public func importSlides(
    _ slides: [ImportedSlide], series seriesID: String, into target: ImportTarget, noteLanguage: String? = nil,
    slideLanguage: String? = nil, keptName: String? = nil
  ) async throws -> SermonImport {
    let keptName = keptName ?? "Before import \(Self.minuteStamp.string(from: Date()))"
    guard !slides.isEmpty else { throw ShareSynchError.nothingToImport }
    let current = try manifest(seriesID)
    let language = try noteLanguage.map { try SeriesAuthoring.languages([$0])[0] } ?? current.noteLanguages[0]
    let pictureLanguage = try slideLanguage.map { try SeriesAuthoring.languages([$0])[0] } ?? current.slideLanguages[0]
    switch target {
    case .newSermon, .sermon:
      guard current.noteLanguages.contains(language) else {
        throw ShareSynchError.unknownLanguage(language, offered: current.noteLanguages)
      }
    case .language: break  // a language the series lacks is added
    }
    if case .sermon(let id) = target, !current.sermons.contains(where: { $0.id == id }) {
      throw ShareSynchError.unknownSermon(id)
    }
    if case .language(let id) = target, !current.sermons.contains(where: { $0.id == id }) {
      throw ShareSynchError.unknownSermon(id)
    }
    let tag = String(UUID().uuidString.lowercased().prefix(8))
    let folder = "imports/\(tag)"
    let destination = seriesRoot.appendingPathComponent("\(seriesID)/\(folder)")
    var made: [(slide: SeriesManifest.Slide, resource: SeriesManifest.Resource)] = []
    do {
      try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
      for (index, slide) in slides.enumerated() {
        let head = try FileHandle(forReadingFrom: slide.file).readHead(SlideMedia.headLength)
        guard let (_, fileExtension) = SlideMedia.kind(head) else {
          throw ShareSynchError.notSlideMedia(file: slide.file.lastPathComponent)
        }
        let path = "\(folder)/\(index + 1).\(fileExtension)"
        let file = seriesRoot.appendingPathComponent("\(seriesID)/\(path)")
        try FileManager.default.moveItem(at: slide.file, to: file)
        let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0
        made.append(
          (
            SeriesManifest.Slide(
              id: "\(tag)-\(index + 1)", kind: slide.kind, resource: path, overlays: nil,
              notes: [language: NotesHTML.sanitize(slide.notes)], hidden: slide.hidden ? true : nil,
              title: slide.title?.trimmed.nfc),
            .init(path: path, size: size, sha256: try SeriesPackage.sha256(of: file))
          ))
      }
      let placed = made
      let result = try await changeManifest(seriesID) { manifest, db in
        switch target {
        case .language(let id):
          try Self.addLanguage(
            placed, sermon: id, slideLanguage: pictureLanguage, noteLanguage: language, manifest: &manifest)
        case .newSermon, .sermon:
          try Self.place(placed, target: target, manifest: &manifest, db: db, seriesID: seriesID, keptName: keptName)
        }
      }
      if case .newSermon = target {} else { try await removeUnusedImports(series: seriesID) }
      return result
    } catch {
      try? FileManager.default.removeItem(at: destination)
      throw error
    }
  }

  /// Gives a sermon's slides, by position, the imported pictures in `slideLanguage` and notes in
  /// `noteLanguage`; reports where the counts differ.
  private static func addLanguage(
    _ made: [(slide: SeriesManifest.Slide, resource: SeriesManifest.Resource)], sermon id: String,
    slideLanguage: String, noteLanguage: String, manifest: inout SeriesManifest
  ) throws -> SermonImport {
    guard let index = manifest.sermons.firstIndex(where: { $0.id == id }) else {
      throw ShareSynchError.unknownSermon(id)
    }
    if !manifest.slideLanguages.contains(slideLanguage) { manifest.slideLanguages.append(slideLanguage) }
    if !manifest.noteLanguages.contains(noteLanguage) { manifest.noteLanguages.append(noteLanguage) }
    let targets = manifest.sermons[index].slides.indices.filter { manifest.sermons[index].slides[$0].kind != .appeal }
    let matched = min(targets.count, made.count)
    for (slideIndex, imported) in zip(targets, made) {
      var slide = manifest.sermons[index].slides[slideIndex]
      slide.notes[noteLanguage] = imported.slide.notes.values.first ?? ""
      if imported.slide.kind == .image, slide.kind == .image || slide.kind == .overlay {
        slide.pictures = (slide.pictures ?? [:]).merging([slideLanguage: imported.slide.resource!]) { $1 }
        if let title = imported.slide.title, slide.title == nil { slide.title = title }
      }
      manifest.sermons[index].slides[slideIndex] = slide
    }
    manifest.resources += made.prefix(matched).map(\.resource)
    var report: [ImportNote] = []
    if made.count > targets.count {
      report.append(.slidesLeftOut(fileSlides: made.count, sermonSlides: targets.count))
    } else if made.count < targets.count {
      report.append(
        .slidesWithoutNotes(
          fileSlides: made.count, sermonSlides: targets.count, noteLanguage: noteLanguage,
          slideLanguage: manifest.slideLanguages[0]))
    }
    return SermonImport(sermonID: id, slides: matched, keptAs: nil, report: report)
  }

  private static func place(
    _ made: [(slide: SeriesManifest.Slide, resource: SeriesManifest.Resource)], target: ImportTarget,
    manifest: inout SeriesManifest, db: Database, seriesID: String, keptName: String
  ) throws -> SermonImport {
    manifest.resources += made.map(\.resource)
    let newSlides = made.map(\.slide)
    var kept: Variation?
    let sermonID: String
    let variationIDs = try Int64.fetchAll(
      db, sql: "SELECT id FROM Variations WHERE seriesID = ? ORDER BY id", arguments: [seriesID])
    let replaced: [Int64]
    switch target {
    case .newSermon(let title):
      let title = try title.mapValues { try SeriesAuthoring.name($0, what: "sermon") }
      guard !title.isEmpty else { throw ShareSynchError.badName("", what: "sermon") }
      sermonID = newSermonID(title, in: manifest)
      manifest.sermons.append(
        .init(id: sermonID, title: title, appeal: AppealSetting(type: .textOnly, song: nil), slides: newSlides))
      replaced = variationIDs
    case .language: preconditionFailure("a language is added by addLanguage")
    case .sermon(let id):
      sermonID = id
      guard let index = manifest.sermons.firstIndex(where: { $0.id == id }) else {
        throw ShareSynchError.unknownSermon(id)
      }
      let old = Dictionary(uniqueKeysWithValues: manifest.sermons[index].slides.map { ($0.id, $0) })
      let series = try ShareSynchStore.series(db, seriesID)
      kept = try copyVariation(db, series.currentVariationID!, seriesID: seriesID, name: keptName)
      // Every variation but the original keeps its own copy of the old notes in its rows.
      for var row in try SlideRow.filter(
        sql: "sermonID = ? AND variationID IN (SELECT id FROM Variations WHERE seriesID = ? AND NOT isOriginal)",
        arguments: [id, seriesID]
      ).fetchAll(db) {
        guard let source = row.sourceSlideID.flatMap({ old[$0] }), row.sourceSermonID == nil else { continue }
        row.notes = source.notes.merging(row.notes) { _, edited in edited }
        try row.update(db)
      }
      manifest.sermons[index].slides = newSlides
      let original = try ShareSynchStore.original(db, seriesID).id!
      replaced = Array(Set([original, series.currentVariationID!]))
      try SlideRow.filter(
        SlideRow.Columns.sermonID == id && replaced.contains(SlideRow.Columns.variationID)
      ).deleteAll(db)
    }
    for variationID in replaced {
      for (position, slide) in newSlides.enumerated() {
        var row = SlideRow(
          id: nil, variationID: variationID, sermonID: sermonID, position: position, sourceSlideID: slide.id,
          sourceSermonID: nil, kind: slide.kind, resource: slide.resource, hidden: slide.hidden ?? false, notes: [:])
        try row.insert(db)
      }
    }
    return SermonImport(sermonID: sermonID, slides: newSlides.count, keptAs: kept)
  }

  /// Dates as `2026-11-24 06:30` (UTC), for the name of the variation an import keeps.
  private static var minuteStamp: DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter
  }

  /// A copy of a variation's rows and sermon states under a new name (made unique).
  private static func copyVariation(_ db: Database, _ source: Int64, seriesID: String, name: String) throws
    -> Variation
  {
    var variation = Variation(
      id: nil, seriesID: seriesID, name: try uniqueVariationName(db, name, seriesID: seriesID), isOriginal: false)
    try variation.insert(db)
    try copyRows(db, from: source, to: variation.id!)
    return variation
  }

  /// `name`, or `name (2)`, `name (3)`… when the series has a variation of that name.
  static func uniqueVariationName(_ db: Database, _ name: String, seriesID: String) throws -> String {
    var unique = name
    var number = 2
    while try Variation.filter(Variation.Columns.seriesID == seriesID && Variation.Columns.name == unique)
      .fetchCount(db) > 0
    {
      unique = "\(name) (\(number))"
      number += 1
    }
    return unique
  }

  private static func newSermonID(_ title: [String: String], in manifest: SeriesManifest) -> String {
    let name = title.sorted { $0.key < $1.key }.first?.value ?? ""
    return SeriesAuthoring.id(
      from: manifest.slideLanguages.compactMap { title[$0] }.first ?? name, fallback: "sermon",
      taken: Set(manifest.sermons.map(\.id)))
  }

  /// Changes an installed series' manifest inside one database transaction: `change` edits the
  /// manifest (and rows through `db`); the manifest is checked, written beside and renamed into
  /// place last, so a failure anywhere leaves both as they were.
  @discardableResult
  func changeManifest<Result: Sendable>(
    _ seriesID: String, _ change: @escaping @Sendable (inout SeriesManifest, Database) throws -> Result
  ) async throws -> Result {
    let folder = seriesRoot.appendingPathComponent(seriesID)
    let result = try await writer.write { db in
      _ = try Self.series(db, seriesID)
      guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("manifest.json").path),
        var manifest = try? JSONDecoder().decode(SeriesManifest.self, from: data)
      else { throw ShareSynchError.unknownSeries(seriesID) }
      manifest.variations = nil  // installed already; they would refer to what the change removes
      let result = try change(&manifest, db)
      if let problem = manifest.problem() {
        throw ShareSynchError.badSeriesFolder(path: seriesID, reason: .manifest(problem))
      }
      try Self.write(manifest, to: folder)
      return result
    }
    forgetManifest(seriesID)
    return result
  }

  /// Writes `manifest.json` into `folder` atomically (beside, then renamed).
  static func write(_ manifest: SeriesManifest, to folder: URL) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    try encoder.encode(manifest).write(to: folder.appendingPathComponent("manifest.json"), options: .atomic)
  }

  /// Deletes imported pictures and videos that neither the manifest nor any variation uses (and
  /// any file in `imports/` the manifest does not list), and drops them from its resources.
  func removeUnusedImports(series seriesID: String) async throws {
    let folder = seriesRoot.appendingPathComponent(seriesID)
    let unused = try await changeManifest(seriesID) { manifest, db -> [String] in
      var used = Set(
        try String.fetchAll(
          db,
          sql: """
            SELECT DISTINCT s.resource FROM Slides s JOIN Variations v ON v.id = s.variationID
            WHERE v.seriesID = ? AND s.resource LIKE 'imports/%'
            """, arguments: [seriesID]))
      used.formUnion(manifest.sermons.flatMap { $0.slides.flatMap(\.files) })
      var unused = manifest.resources.map(\.path).filter { $0.hasPrefix("imports/") && !used.contains($0) }
      manifest.resources.removeAll { unused.contains($0.path) }
      let listed = Set(manifest.resources.map(\.path))
      let imports = folder.appendingPathComponent("imports")
      for batch in (try? FileManager.default.contentsOfDirectory(atPath: imports.path)) ?? [] {
        let files =
          (try? FileManager.default.contentsOfDirectory(atPath: imports.appendingPathComponent(batch).path)) ?? []
        unused += files.map { "imports/\(batch)/\($0)" }.filter { !listed.contains($0) && !unused.contains($0) }
      }
      return unused
    }
    for path in unused { try? FileManager.default.removeItem(at: folder.appendingPathComponent(path)) }
  }
}
