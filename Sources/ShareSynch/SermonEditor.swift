import Foundation

/// One editing session of a sermon in the series' current variation (seed A.3.5): every change
/// is saved as it is made and recorded for undo and redo (at most 10 steps, covering notes,
/// hide/show, position and added or removed slides). Resetting the sermon is not undoable and
/// clears the history; ending the session forgets it and deletes media no variation uses.
public actor SermonEditor {
  /// The series edited.
  public let series: String
  /// The sermon edited.
  public let sermon: String
  private let store: ShareSynchStore
  private var history = EditHistory()

  /// A session with an empty history.
  public init(store: ShareSynchStore, series: String, sermon: String) {
    self.store = store
    self.series = series
    self.sermon = sermon
  }

  /// Whether undo and redo have something to do.
  public var status: EditStatus { EditStatus(canUndo: history.canUndo, canRedo: history.canRedo) }

  /// Saves a change (notes, visibility, a move, a removal) and records its undo.
  public func perform(_ edit: SlideEdit) async throws {
    history.record(undo: try await store.apply(edit, series: series, sermon: sermon))
  }

  /// Saves a slide's notes in `language`, the series' note language when nil (nil `html` goes
  /// back to the package's notes), and records its undo.
  public func setNotes(slide: Int64, html: String?, language: String?) async throws {
    let chosen: String
    if let language { chosen = language } else { chosen = try await store.summary(series).noteLanguage }
    try await perform(.notes(slide: slide, language: chosen, html: html))
  }

  /// A copy of a slide with its notes, right after it.
  public func duplicate(_ slide: Int64) async throws {
    history.record(undo: try await store.duplicate(slide, series: series, sermon: sermon))
  }

  /// A new slide from a picture or video file (moved into the series), before or after the slide `next`.
  public func insert(file: URL, next: Int64, after: Bool) async throws {
    history.record(
      undo: try await store.insertSlide(file: file, series: series, sermon: sermon, next: next, after: after))
  }

  /// Another sermon's slide (of this series) copied in at `position`.
  public func importSlide(_ slide: Int64, at position: Int) async throws {
    history.record(undo: try await store.importSlide(slide, series: series, into: sermon, at: position))
  }

  /// Puts the sermon back as the package has it; the history goes with it.
  public func reset() async throws {
    try await store.reset(series: series, sermon: sermon)
    history = EditHistory()
  }

  /// Undoes the last change; false when there is none.
  public func undo() async throws -> Bool {
    var working = history
    let done = try await working.undo(applying)
    history = working
    return done
  }

  /// Redoes the last undone change; false when there is none.
  public func redo() async throws -> Bool {
    var working = history
    let done = try await working.redo(applying)
    history = working
    return done
  }

  /// Applies an edit as undo and redo do (a closure that needs nothing of the actor).
  private var applying: @Sendable (SlideEdit) async throws -> SlideEdit {
    { [store, series, sermon] edit in try await store.apply(edit, series: series, sermon: sermon) }
  }

  /// Ends the session: the history is forgotten and media nothing uses any more is deleted.
  @discardableResult
  public func end() async throws -> [String] {
    history = EditHistory()
    return try await store.removeUnusedUserMedia(series: series)
  }
}

/// What the undo and redo buttons can do.
public struct EditStatus: Codable, Sendable, Equatable {
  /// There is a change to undo.
  public let canUndo: Bool
  /// There is an undone change to redo.
  public let canRedo: Bool
}
