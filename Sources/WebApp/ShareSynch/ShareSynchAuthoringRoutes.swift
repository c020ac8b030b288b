import Foundation
import Hummingbird
import ShareSynch
import ShareSynchServer

/// The handlers that make series and sermons and import slides into them (the table is in
/// `ShareSynchRoutes.routes`).
extension ShareSynchRoutes {
  @Sendable func createSeries(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<SeriesJSON>
  {
    let body = try await request.decode(as: NewSeriesJSON.self, context: context)
    let series = try await store.createSeries(
      name: body.name, slideLanguages: body.slideLanguages, noteLanguages: body.noteLanguages ?? body.slideLanguages)
    return JSONResponse(SeriesJSON(series), status: .created)
  }

  @Sendable func addSermon(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<SermonCreatedJSON>
  {
    let body = try await request.decode(as: NewSermonJSON.self, context: context)
    let series = try context.parameters.require("series")
    let id = try await store.addSermon(series: series, title: body.title, appeal: body.appeal)
    return JSONResponse(SermonCreatedJSON(id: id), status: .created)
  }

  @Sendable func changeSermon(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<SermonCreatedJSON>
  {
    let body = try await request.decode(as: SermonChangeJSON.self, context: context)
    let series = try context.parameters.require("series")
    let sermon = try context.parameters.require("sermon")
    if let title = body.title { try await store.retitleSermon(series: series, sermon: sermon, title: title) }
    if let position = body.position { try await store.moveSermon(series: series, sermon: sermon, to: position) }
    if let appeal = body.appeal { _ = try await store.setAppeal(appeal, series: series, sermon: sermon) }
    return JSONResponse(SermonCreatedJSON(id: sermon))
  }

  @Sendable func deleteSermon(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    let series = try context.parameters.require("series")
    let sermon = try context.parameters.require("sermon")
    if let live = await hub.current(), live.series == series, live.sermon == sermon {
      throw ShareSynchError.seriesBeingPresented(series)
    }
    try await store.deleteSermon(series: series, sermon: sermon)
    return Response(status: .noContent)
  }

  /// The series as a package (`?variation=ID`: with only that variation), as a download.
  @Sendable func exportPackage(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    let series = try context.parameters.require("series")
    let variation = try request.uri.queryParameters.get("variation").map { text in
      guard let id = Int64(text) else { throw HTTPError(.badRequest, message: t("sharesynch.error.variationID")) }
      return id
    }
    let file = try services.scratchFile(".sspkg")
    defer { try? FileManager.default.removeItem(at: file) }
    try await store.exportPackage(series: series, variation: variation, to: file)
    return Response(
      status: .ok,
      headers: [.contentType: "application/zip", .contentDisposition: attachment("\(series).sspkg")],
      body: .init(byteBuffer: ByteBuffer(data: try Data(contentsOf: file))))
  }

  /// Receives one file to import (`?name=` its file name); answers the upload's id.
  @Sendable func uploadForImport(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<UploadJSON>
  {
    let name = try required(request, "name")
    let (id, file) = try await services.imports.newUpload(name: name)
    do {
      try await saveBody(of: request, to: file, limit: Self.maxPackage)
    } catch {
      await services.imports.dropUpload(id)
      throw error
    }
    return JSONResponse(UploadJSON(upload: id), status: .created)
  }

  @Sendable func startImport(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<SlideImports.ImportJobState>
  {
    let body = try await request.decode(as: StartImportJSON.self, context: context)
    let series = try context.parameters.require("series")
    let target: ImportTarget
    if let sermon = body.sermon {
      target = body.addLanguage == true ? .language(sermon) : .sermon(sermon)
    } else {
      target = .newSermon(title: body.title ?? [:])
    }
    let job = try await services.imports.start(
      series: series, uploads: body.uploads, into: target, noteLanguage: body.noteLanguage,
      slideLanguage: body.slideLanguage)
    return JSONResponse(job, status: .accepted)
  }

  @Sendable func importState(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<SlideImports.ImportJobState>
  {
    JSONResponse(worded(try await services.imports.state(try context.parameters.require("id"))))
  }

  @Sendable func cancelImport(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<SlideImports.ImportJobState>
  {
    JSONResponse(worded(try await services.imports.cancel(try context.parameters.require("id"))))
  }

  /// A job's report and failure in the request's language.
  private func worded(_ job: SlideImports.ImportJobState) -> SlideImports.ImportJobState {
    var job = job
    job.report = job.notes.map { $0.words(requestLocalizer) }
    if let failure = job.failure as? any ServerError { job.error = failure.words }
    return job
  }
}

/// A new series: its name and languages (the note languages default to the slide languages).
struct NewSeriesJSON: Decodable {
  let name: String
  let slideLanguages: [String]
  let noteLanguages: [String]?
}

/// A new sermon: its title per language, and its appeal type and song.
struct NewSermonJSON: Decodable {
  let title: [String: String]
  let appeal: AppealSetting?
}

/// Changes to a sermon: titles (an empty one removes that language's), its place, its appeal.
struct SermonChangeJSON: Decodable {
  let title: [String: String]?
  let position: Int?
  let appeal: AppealSetting?
}

/// The sermon made or changed.
struct SermonCreatedJSON: Encodable {
  let id: String
}

/// An uploaded file waiting to be imported.
struct UploadJSON: Encodable {
  let upload: String
}

/// An import to start: the uploads in order, into a new sermon (`title`) or an existing one
/// (`sermon`: replaced, or given the languages when `addLanguage`), the slides' text in
/// `slideLanguage` and the notes in `noteLanguage`.
struct StartImportJSON: Decodable {
  let uploads: [String]
  let title: [String: String]?
  let sermon: String?
  let addLanguage: Bool?
  let slideLanguage: String?
  let noteLanguage: String?
}
