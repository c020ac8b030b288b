import Foundation
import GRDB

extension ShareSynchStore {
  /// Applies an edit to a sermon of the series' current variation (never the original) and
  /// returns the edit that undoes it. Notes are sanitised; positions stay 0…n-1.
  @discardableResult
  public func apply(_ edit: SlideEdit, series seriesID: String, sermon sermonID: String) async throws -> SlideEdit {
    _ = try sermon(seriesID, sermonID)  // an unknown sermon is an error, not an empty one to add to
    return try await writer.write { db in
      let variationID = try Self.editableVariation(db, seriesID)
      let sermonSlides = SlideRow.filter(
        SlideRow.Columns.variationID == variationID && SlideRow.Columns.sermonID == sermonID)
      func row(_ id: Int64) throws -> SlideRow {
        guard let found = try sermonSlides.filter(key: id).fetchOne(db) else { throw ShareSynchError.unknownSlide(id) }
        return found
      }
      /// Moves the positions in `range` by `offset` in one statement.
      func shift(_ range: ClosedRange<Int>, by offset: Int) throws {
        try sermonSlides.filter(range.contains(SlideRow.Columns.position))
          .updateAll(db, SlideRow.Columns.position.set(to: SlideRow.Columns.position + offset))
      }
      let count = try sermonSlides.fetchCount(db)
      switch edit {
      case .notes(let slide, let language, let html):
        var found = try row(slide)
        let undo = SlideEdit.notes(slide: slide, language: language, html: found.notes[language])
        found.notes[language] = html.map(NotesHTML.sanitize)
        try found.update(db, columns: ["notes"])
        return undo
      case .visibility(let slides, let hidden):
        guard slides.count == hidden.count else {
          throw ShareSynchError.visibilityCountMismatch(slides: slides.count, hidden: hidden.count)
        }
        var found = try slides.map(row)
        let undo = SlideEdit.visibility(slides: slides, hidden: found.map(\.hidden))
        for index in found.indices {
          found[index].hidden = hidden[index]
          try found[index].update(db, columns: ["hidden"])
        }
        return undo
      case .move(let slide, let target):
        var moved = try row(slide)
        let from = moved.position
        let to = max(0, min(target, count - 1))
        if to > from { try shift((from + 1)...to, by: -1) }
        if to < from { try shift(to...(from - 1), by: 1) }
        moved.position = to
        try moved.update(db, columns: ["position"])
        return .move(slide: slide, to: from)
      case .remove(let slide):
        let removed = try row(slide)
        try SlideRow.deleteOne(db, key: slide)
        if removed.position + 1 <= count - 1 { try shift((removed.position + 1)...(count - 1), by: -1) }
        return .insert(
          SlideSnapshot(
            id: removed.id, sermonID: sermonID, position: removed.position, sourceSlideID: removed.sourceSlideID,
            sourceSermonID: removed.sourceSermonID, kind: removed.kind, resource: removed.resource,
            hidden: removed.hidden, notes: removed.notes))
      case .insert(let snapshot):
        let position = max(0, min(snapshot.position, count))
        if position <= count - 1 { try shift(position...(count - 1), by: 1) }
        var inserted = SlideRow(
          id: snapshot.id, variationID: variationID, sermonID: sermonID, position: position,
          sourceSlideID: snapshot.sourceSlideID, sourceSermonID: snapshot.sourceSermonID, kind: snapshot.kind,
          resource: snapshot.resource,
          hidden: snapshot.hidden, notes: snapshot.notes.mapValues(NotesHTML.sanitize))
        try inserted.insert(db)
        return .remove(slide: inserted.id!)
      }
    }
  }

  /// A copy of a slide with its notes, placed right after it; returns the edit that undoes it.
  @discardableResult
  public func duplicate(_ slide: Int64, series seriesID: String, sermon sermonID: String) async throws -> SlideEdit {
    let source = try await currentSlide(slide, series: seriesID, sermon: sermonID)
    return try await apply(
      .insert(
        SlideSnapshot(
          id: nil, sermonID: sermonID, position: source.position + 1, sourceSlideID: source.sourceSlideID,
          sourceSermonID: source.sourceSermonID, kind: source.kind, resource: source.resource, hidden: source.hidden,
          notes: source.notes)),
      series: seriesID, sermon: sermonID)
  }

  /// Puts a sermon of the current variation back as the package has it: default order, notes and
  /// visibility; slides the user added are removed. Not undoable (the screen asks first).
  public func reset(series seriesID: String, sermon sermonID: String) async throws {
    try await writer.write { db in
      let variationID = try Self.editableVariation(db, seriesID)
      let original = try Self.original(db, seriesID)
      try SlideRow.filter(SlideRow.Columns.variationID == variationID && SlideRow.Columns.sermonID == sermonID)
        .deleteAll(db)
      try db.execute(
        sql: """
          INSERT INTO Slides (variationID, sermonID, position, sourceSlideID, sourceSermonID, kind, resource, hidden, notes)
          SELECT ?, sermonID, position, sourceSlideID, sourceSermonID, kind, resource, hidden, notes FROM Slides
          WHERE variationID = ? AND sermonID = ?
          """, arguments: [variationID, original.id, sermonID])
    }
  }

  /// A slide of the series' current variation (of `sermonID` when given); any other id is
  /// `unknownSlide`, so no edit can reach into another variation or series.
  func currentSlide(_ id: Int64, series seriesID: String, sermon sermonID: String?) async throws -> SlideRow {
    try await writer.read { db in
      let variationID = try Self.series(db, seriesID).currentVariationID
      guard let row = try SlideRow.fetchOne(db, key: id), row.variationID == variationID,
        sermonID == nil || row.sermonID == sermonID
      else { throw ShareSynchError.unknownSlide(id) }
      return row
    }
  }

  static func editableVariation(_ db: Database, _ seriesID: String) throws -> Int64 {
    let series = try series(db, seriesID)
    let variation = try variation(db, series.currentVariationID!, in: seriesID)
    guard !variation.isOriginal else { throw ShareSynchError.originalIsReadOnly("edited") }
    return variation.id!
  }
}
