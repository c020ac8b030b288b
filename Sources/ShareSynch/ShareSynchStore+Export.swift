import Foundation
import GRDB

extension ShareSynchStore {
  /// Writes a series as a `sharesynch-series/1` package to `output`: its manifest and files as
  /// installed, with its variations (every one but the original, or only `variation`) and their
  /// order, visibility, edited notes, added slides and target lengths, so that installing it on
  /// another machine gives the same variations. Written beside `output`, renamed when complete.
  @discardableResult
  public func exportPackage(series seriesID: String, variation: Int64? = nil, to output: URL) async throws
    -> SeriesManifest
  {
    var manifest = try manifest(seriesID)
    let slideIDs = Set(manifest.sermons.flatMap { sermon in sermon.slides.map { "\(sermon.id)/\($0.id)" } })
    manifest.variations = try await writer.read { db in
      _ = try Self.series(db, seriesID)
      var chosen = Variation.filter(Variation.Columns.seriesID == seriesID && Variation.Columns.isOriginal == false)
      if let variation {
        _ = try Self.variation(db, variation, in: seriesID)
        chosen = chosen.filter(key: variation)
      }
      return try chosen.order(Variation.Columns.id).fetchAll(db).map { variation in
        let rows = try SlideRow.filter(SlideRow.Columns.variationID == variation.id!)
          .order(SlideRow.Columns.sermonID, SlideRow.Columns.position).fetchAll(db)
        let targets = try SermonState.filter(SermonState.Columns.variationID == variation.id!).fetchAll(db)
          .reduce(into: [String: Int]()) { targets, state in targets[state.sermonID] = state.targetSeconds }
        return SeriesManifest.VariationExport(
          name: variation.name,
          sermons: Dictionary(grouping: rows, by: \.sermonID).mapValues { rows in
            rows.map { row in
              // A slide of the package stays a reference; one the package no longer has (replaced
              // by an import) travels as its picture with its notes.
              let known = row.sourceSlideID.map { slideIDs.contains("\(row.sourceSermonID ?? row.sermonID)/\($0)") }
              return known == true
                ? .init(
                  slide: row.sourceSlideID, sermon: row.sourceSermonID, kind: row.kind, resource: nil,
                  hidden: row.hidden,
                  notes: row.notes)
                : .init(
                  slide: nil, sermon: nil, kind: row.kind, resource: row.resource, hidden: row.hidden, notes: row.notes)
            }
          }, targets: targets.isEmpty ? nil : targets)
      }
    }
    if manifest.variations?.isEmpty == true { manifest.variations = nil }
    let partial = output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).partial")
    defer { try? FileManager.default.removeItem(at: partial) }
    let folder = seriesRoot.appendingPathComponent(seriesID)
    let packed = try SeriesPackage.write(manifest, filesIn: folder, to: partial)
    guard rename(partial.path, output.path) == 0 else {  // replaces an older file in one step
      throw ShareSynchError.badSeriesFolder(path: output.path, reason: .cannotWrite)
    }
    return packed
  }

  /// Creates the variations a package carries (after its original), the first of them current.
  static func registerVariations(_ manifest: SeriesManifest, _ db: Database, series: inout SeriesSummary) throws {
    let resources = Dictionary(
      uniqueKeysWithValues: manifest.sermons.flatMap { sermon in
        sermon.slides.map { ("\(sermon.id)/\($0.id)", $0.resource) }
      })
    for exported in manifest.variations ?? [] {
      var variation = Variation(
        id: nil, seriesID: manifest.id, name: try uniqueVariationName(db, exported.name, seriesID: manifest.id),
        isOriginal: false)
      try variation.insert(db)
      for (sermonID, slides) in exported.sermons {
        for (position, slide) in slides.enumerated() {
          let resource = slide.slide.flatMap { resources["\(slide.sermon ?? sermonID)/\($0)"] } ?? slide.resource
          var row = SlideRow(
            id: nil, variationID: variation.id!, sermonID: sermonID, position: position, sourceSlideID: slide.slide,
            sourceSermonID: slide.sermon, kind: slide.kind, resource: resource, hidden: slide.hidden,
            notes: slide.notes)
          try row.insert(db)
        }
      }
      for (sermonID, seconds) in exported.targets ?? [:] {
        guard let sermon = manifest.sermons.first(where: { $0.id == sermonID }) else { continue }
        var state = try sermonState(db, variation.id!, sermon)
        state.targetSeconds = targetLengths.contains(seconds) ? seconds : nil
        try state.save(db)
      }
      if series.currentVariationID == nil || exported == manifest.variations?.first {
        series.currentVariationID = variation.id
      }
    }
  }
}
