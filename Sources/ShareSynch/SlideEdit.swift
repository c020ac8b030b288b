/// One change to a variation's sermon, as stored and as undone: applying an edit returns the edit
/// that undoes it.
public enum SlideEdit: Codable, Sendable, Equatable {
  /// A slide's notes in one language (nil: back to the package's).
  case notes(slide: Int64, language: String, html: String?)
  /// Slides hidden or shown, each with its own value.
  case visibility(slides: [Int64], hidden: [Bool])
  /// A slide moved to a 0-based place among the sermon's slides.
  case move(slide: Int64, to: Int)
  /// A slide removed.
  case remove(slide: Int64)
  /// A slide put (back) in place: a duplicate, an inserted slide, or one being undeleted.
  case insert(SlideSnapshot)
}

/// Everything about a slide row, to put it back exactly.
public struct SlideSnapshot: Codable, Sendable, Equatable {
  /// Its id (nil for a new slide).
  public var id: Int64?
  /// Its sermon.
  public var sermonID: String
  /// Its place.
  public var position: Int
  /// The package slide it shows (nil for one the user added).
  public var sourceSlideID: String?
  /// The sermon of that package slide when it is another sermon's (nil: this sermon's).
  public var sourceSermonID: String? = nil
  /// What it shows.
  public var kind: SeriesManifest.Kind
  /// Its picture or video.
  public var resource: String?
  /// Hidden or not.
  public var hidden: Bool
  /// The notes the user wrote, per language.
  public var notes: [String: String]
}

/// Undo and redo for one editing session (seed A.3.5): at most 10 steps each way, a new edit
/// clears redo, and the history is dropped when editing ends.
public struct EditHistory: Sendable, Equatable {
  /// The most steps kept.
  public static let limit = 10
  private(set) var undoStack: [SlideEdit] = []
  private(set) var redoStack: [SlideEdit] = []

  /// An empty history.
  public init() {}

  /// Whether there is something to undo.
  public var canUndo: Bool { !undoStack.isEmpty }
  /// Whether there is something to redo.
  public var canRedo: Bool { !redoStack.isEmpty }

  /// Records a change the user made, by the edit that undoes it.
  public mutating func record(undo: SlideEdit) {
    undoStack.append(undo)
    if undoStack.count > Self.limit { undoStack.removeFirst() }
    redoStack.removeAll()
  }

  /// Takes the edit that undoes the last change; `apply` performs it and returns its own undo,
  /// which becomes the redo.
  public mutating func undo(_ apply: (SlideEdit) async throws -> SlideEdit) async throws -> Bool {
    guard let edit = undoStack.last else { return false }
    let redo = try await apply(edit)
    undoStack.removeLast()
    redoStack.append(redo)
    return true
  }

  /// Redoes the last undone change.
  public mutating func redo(_ apply: (SlideEdit) async throws -> SlideEdit) async throws -> Bool {
    guard let edit = redoStack.last else { return false }
    let undo = try await apply(edit)
    redoStack.removeLast()
    undoStack.append(undo)
    if undoStack.count > Self.limit { undoStack.removeFirst() }
    return true
  }
}
