import Foundation
import Hummingbird
import ShareSynch

/// Edit mode's API under `/api/sharesynch/series/S/sermons/M/edit/…` (see API.md): each change
/// is saved at once and answers the sermon's slides with what undo and redo can do; a running
/// presentation of the series reloads its slides.
struct ShareSynchEditAPI: Sendable {
  let services: ShareSynchServices
  var store: ShareSynchStore { services.store }
  var hub: PresentationHub { services.hub }
  let sessions = EditSessions()

  /// What every edit answers.
  struct Edited: Encodable {
    let status: EditStatus
    let slides: [SlideView]
  }

  struct NotesBody: Decodable {
    let slide: Int64
    let html: String?
    let language: String?
  }
  struct VisibilityBody: Decodable {
    let slides: [Int64]
    let hidden: Bool
  }
  struct MoveBody: Decodable {
    let slide: Int64
    let to: Int
  }
  struct SlideBody: Decodable {
    let slide: Int64
  }
  struct ImportBody: Decodable {
    let slide: Int64
    let at: Int
  }

  /// The largest picture or video accepted as a new slide.
  static let maxUpload = 512 << 20

  func register(on group: RouterGroup<BasicRequestContext>) {
    group.post("begin") { _, context in try await edit(context) { _ in } }
    group.post("end") { _, context in
      let (series, sermon) = try names(context)
      let removed: [String]
      if let editor = await sessions.end(series: series, sermon: sermon) {
        removed = try await editor.end()
      } else {
        removed = try await store.removeUnusedUserMedia(series: series)
      }
      return JSONResponse(["removed": removed])
    }
    group.post("notes") { request, context in
      let body = try await request.decode(as: NotesBody.self, context: context)
      let series = try context.parameters.require("series")
      var language = body.language
      if language == nil { language = try await store.summary(series).noteLanguage }
      let change = SlideEdit.notes(slide: body.slide, language: language!, html: body.html)
      return try await edit(context) { try await $0.perform(change) }
    }
    group.post("visibility") { request, context in
      let body = try await request.decode(as: VisibilityBody.self, context: context)
      return try await edit(context) { editor in
        try await editor.perform(
          .visibility(slides: body.slides, hidden: Array(repeating: body.hidden, count: body.slides.count)))
      }
    }
    group.post("move") { request, context in
      let body = try await request.decode(as: MoveBody.self, context: context)
      return try await edit(context) { try await $0.perform(.move(slide: body.slide, to: body.to)) }
    }
    group.post("duplicate") { request, context in
      let body = try await request.decode(as: SlideBody.self, context: context)
      return try await edit(context) { try await $0.duplicate(body.slide) }
    }
    group.post("delete") { request, context in
      let body = try await request.decode(as: SlideBody.self, context: context)
      return try await edit(context) { try await $0.perform(.remove(slide: body.slide)) }
    }
    group.post("import") { request, context in
      let body = try await request.decode(as: ImportBody.self, context: context)
      return try await edit(context) { try await $0.importSlide(body.slide, at: body.at) }
    }
    group.post("insert") { request, context in
      let next = try required(request, "next")
      guard let slide = Int64(next) else { throw HTTPError(.badRequest, message: "next must be a slide id") }
      let after = request.uri.queryParameters.get("after") != "0"
      let file = try services.scratchFile(".upload")
      defer { try? FileManager.default.removeItem(at: file) }
      try await saveBody(of: request, to: file, limit: Self.maxUpload)
      return try await edit(context) { try await $0.insert(file: file, next: slide, after: after) }
    }
    group.post("reset") { _, context in try await edit(context) { try await $0.reset() } }
    group.post("undo") { _, context in try await edit(context) { _ = try await $0.undo() } }
    group.post("redo") { _, context in try await edit(context) { _ = try await $0.redo() } }
  }

  private func names(_ context: BasicRequestContext) throws -> (String, String) {
    (try context.parameters.require("series"), try context.parameters.require("sermon"))
  }

  /// Runs a change in the sermon's session (begun if it was not), then answers its slides and status.
  private func edit(
    _ context: BasicRequestContext, _ change: @Sendable (SermonEditor) async throws -> Void
  ) async throws -> JSONResponse<Edited> {
    let (series, sermon) = try names(context)
    guard try store.manifest(series).sermons.contains(where: { $0.id == sermon }) else {
      throw ShareSynchError.unknownSermon(sermon)
    }
    let editor = await sessions.editor(series: series, sermon: sermon, store: store)
    try await change(editor)
    try await hub.slidesChanged(series: series)
    return JSONResponse(
      Edited(status: await editor.status, slides: try await store.slides(series: series, sermon: sermon)))
  }
}

/// The editing sessions in progress, one per sermon.
actor EditSessions {
  private var editors: [String: SermonEditor] = [:]

  /// The sermon's session, begun when there is none.
  func editor(series: String, sermon: String, store: ShareSynchStore) -> SermonEditor {
    if let editor = editors["\(series)/\(sermon)"] { return editor }
    let editor = SermonEditor(store: store, series: series, sermon: sermon)
    editors["\(series)/\(sermon)"] = editor
    return editor
  }

  /// Ends the sermon's session; returns it (nil when none was open).
  func end(series: String, sermon: String) -> SermonEditor? {
    editors.removeValue(forKey: "\(series)/\(sermon)")
  }
}
