import Foundation
import GRDB

extension ShareSynchStore {
  /// Inserts a slide showing a picture or video the user provides, right before or after the
  /// slide `next` to; the file is checked by its content (PNG, JPEG, MP4, WebM) and moved into the
  /// series' `user/` folder (it is left where it was when refused). Returns the edit that undoes it.
  public func insertSlide(
    file upload: URL, series seriesID: String, sermon sermonID: String, next to: Int64, after: Bool
  ) async throws -> SlideEdit {
    let head = try FileHandle(forReadingFrom: upload).readHead(SlideMedia.headLength)
    guard let (kind, fileExtension) = SlideMedia.kind(head) else {
      throw ShareSynchError.notSlideMedia(file: upload.lastPathComponent)
    }
    let position = try await currentSlide(to, series: seriesID, sermon: sermonID).position + (after ? 1 : 0)
    let name = "user/\(UUID().uuidString.lowercased()).\(fileExtension)"
    let file = seriesRoot.appendingPathComponent("\(seriesID)/\(name)")
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.moveItem(at: upload, to: file)
    do {
      return try await apply(
        .insert(
          SlideSnapshot(
            id: nil, sermonID: sermonID, position: position, sourceSlideID: nil, kind: kind, resource: name,
            hidden: false, notes: [:])), series: seriesID, sermon: sermonID)
    } catch {
      try? FileManager.default.removeItem(at: file)
      throw error
    }
  }

  /// Copies another sermon's slide (as the current variation has it, notes included) into this
  /// sermon at `position`. Returns the edit that undoes it.
  public func importSlide(
    _ slideID: Int64, series seriesID: String, into sermonID: String, at position: Int
  ) async throws -> SlideEdit {
    let source = try await currentSlide(slideID, series: seriesID, sermon: nil)
    return try await apply(
      .insert(
        SlideSnapshot(
          id: nil, sermonID: sermonID, position: position, sourceSlideID: source.sourceSlideID,
          sourceSermonID: source.sourceSlideID == nil ? nil : (source.sourceSermonID ?? source.sermonID),
          kind: source.kind, resource: source.resource, hidden: false, notes: source.notes)),
      series: seriesID, sermon: sermonID)
  }

  /// Deletes the pictures and videos the user added to a series that no slide of any variation
  /// uses any more. Called when editing ends (until then undo may bring a deleted slide back);
  /// the package's own files are never touched. Returns the names removed.
  @discardableResult
  public func removeUnusedUserMedia(series seriesID: String) async throws -> [String] {
    let folder = seriesRoot.appendingPathComponent("\(seriesID)/user")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    let used = try await writer.read { db in
      Set(
        try String.fetchAll(
          db,
          sql: """
            SELECT DISTINCT s.resource FROM Slides s JOIN Variations v ON v.id = s.variationID
            WHERE v.seriesID = ? AND s.resource LIKE 'user/%'
            """, arguments: [seriesID]))
    }
    let unused = files.filter { !used.contains("user/\($0)") }.sorted()
    for name in unused { try FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
    return unused
  }
}

extension FileHandle {
  /// Up to `count` first bytes, then closes the handle.
  public func readHead(_ count: Int) throws -> Data {
    defer { try? close() }
    return try read(upToCount: count) ?? Data()
  }
}
