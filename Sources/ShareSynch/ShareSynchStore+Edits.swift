import Foundation
import GRDB

extension ShareSynchStore {
  /// Applies an edit to a sermon of the series' current variation (never the original) and
  /// returns the edit that undoes it. Notes are sanitised; positions stay 0…n-1.
  @discardableResult
  public func apply(_ edit: SlideEdit, series seriesID: String, sermon sermonID: String) async throws -> SlideEdit {
    _ = try manifest(seriesID)
    return try await writer.write { db in
      let variationID = try Self.editableVariation(db, seriesID)
      var rows = try SlideRow.filter(Column("variationID") == variationID && Column("sermonID") == sermonID)
        .order(Column("position")).fetchAll(db)
      func row(_ id: Int64) throws -> Int {
        guard let index = rows.firstIndex(where: { $0.id == id }) else { throw ShareSynchError.unknownSlide(id) }
        return index
      }
      let undo: SlideEdit
      switch edit {
      case .notes(let slide, let language, let html):
        let index = try row(slide)
        undo = .notes(slide: slide, language: language, html: rows[index].notes[language])
        rows[index].notes[language] = html.map(NotesHTML.sanitize)
        try rows[index].update(db, columns: ["notes"])
      case .visibility(let slides, let hidden):
        guard slides.count == hidden.count else { throw ShareSynchError.badName("one hidden value per slide") }
        let indices = try slides.map(row)
        undo = .visibility(slides: slides, hidden: indices.map { rows[$0].hidden })
        for (index, value) in zip(indices, hidden) {
          rows[index].hidden = value
          try rows[index].update(db, columns: ["hidden"])
        }
      case .move(let slide, let target):
        let index = try row(slide)
        undo = .move(slide: slide, to: index)
        let moved = rows.remove(at: index)
        rows.insert(moved, at: max(0, min(target, rows.count)))
        try Self.renumber(db, &rows)
      case .remove(let slide):
        let index = try row(slide)
        let removed = rows.remove(at: index)
        undo = .insert(
          SlideSnapshot(
            id: removed.id, sermonID: sermonID, position: index, sourceSlideID: removed.sourceSlideID,
            kind: removed.kind,
            resource: removed.resource, hidden: removed.hidden, notes: removed.notes))
        try SlideRow.deleteOne(db, key: slide)
        try Self.renumber(db, &rows)
      case .insert(let snapshot):
        var inserted = SlideRow(
          id: snapshot.id, variationID: variationID, sermonID: sermonID, position: -1,
          sourceSlideID: snapshot.sourceSlideID, kind: snapshot.kind, resource: snapshot.resource,
          hidden: snapshot.hidden, notes: snapshot.notes.mapValues(NotesHTML.sanitize))
        try inserted.insert(db)
        rows.insert(inserted, at: max(0, min(snapshot.position, rows.count)))
        try Self.renumber(db, &rows)
        undo = .remove(slide: inserted.id!)
      }
      return undo
    }
  }

  /// A copy of a slide with its notes, placed right after it; returns the edit that undoes it.
  @discardableResult
  public func duplicate(_ slide: Int64, series seriesID: String, sermon sermonID: String) async throws -> SlideEdit {
    let source = try await writer.read { db -> SlideRow in
      guard let row = try SlideRow.fetchOne(db, key: slide) else { throw ShareSynchError.unknownSlide(slide) }
      return row
    }
    return try await apply(
      .insert(
        SlideSnapshot(
          id: nil, sermonID: sermonID, position: source.position + 1, sourceSlideID: source.sourceSlideID,
          kind: source.kind, resource: source.resource, hidden: source.hidden, notes: source.notes)),
      series: seriesID, sermon: sermonID)
  }

  /// Puts a sermon of the current variation back as the package has it: default order, notes and
  /// visibility; slides the user added are removed. Not undoable (the screen asks first).
  public func reset(series seriesID: String, sermon sermonID: String) async throws {
    try await writer.write { db in
      let variationID = try Self.editableVariation(db, seriesID)
      let original = try Self.original(db, seriesID)
      try SlideRow.filter(Column("variationID") == variationID && Column("sermonID") == sermonID).deleteAll(db)
      try db.execute(
        sql: """
          INSERT INTO Slides (variationID, sermonID, position, sourceSlideID, kind, resource, hidden, notes)
          SELECT ?, sermonID, position, sourceSlideID, kind, resource, hidden, notes FROM Slides
          WHERE variationID = ? AND sermonID = ?
          """, arguments: [variationID, original.id, sermonID])
    }
  }

  static func editableVariation(_ db: Database, _ seriesID: String) throws -> Int64 {
    let series = try series(db, seriesID)
    let variation = try variation(db, series.currentVariationID!, in: seriesID)
    guard !variation.isOriginal else { throw ShareSynchError.originalIsReadOnly("edited") }
    return variation.id!
  }

  private static func renumber(_ db: Database, _ rows: inout [SlideRow]) throws {
    for index in rows.indices where rows[index].position != index {
      rows[index].position = index
      try rows[index].update(db, columns: ["position"])
    }
  }
}
