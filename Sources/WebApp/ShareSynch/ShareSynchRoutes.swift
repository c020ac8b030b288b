import AppSupport
import Foundation
import Hummingbird
import Localization
import ShareSynch
import ShareSynchPDF
import ShareSynchServer

/// ShareSynch's screens under `/sharesynch`, its media, and its JSON API under `/api/sharesynch`
/// (see API.md). The presentation's live updates go over the WebSocket
/// `/api/sharesynch/live/socket` (`LiveSocket`).
struct ShareSynchRoutes: AppRoutes {
  let services: ShareSynchServices
  let pages: Pages
  /// Where other devices reach the server; its access token, shown with the display's address
  /// when the server is on the LAN.
  let devices: DeviceLinks
  var token: String? { devices.token }
  var store: ShareSynchStore { services.store }
  var hub: PresentationHub { services.hub }

  /// The largest package accepted as an upload.
  static let maxPackage = 2 << 30
  /// The largest picture or video accepted as a new slide.
  static let maxUpload = 512 << 20

  var routes: [Route] {
    let edit = "/api/sharesynch/series/:series/sermons/:sermon/edit"
    return [
      .get("/sharesynch", page("sharesynch") { "ShareSynch" }),
      .get("/sharesynch/present", page("sharesynch-present") { t("sharesynch.title.present") }),
      .get("/sharesynch/display", page("sharesynch-display") { t("sharesynch.title.display") }),
      .get("/sharesynch/stage", page("sharesynch-stage") { t("sharesynch.title.stage") }),
      .get("/sharesynch/remote", page("sharesynch-remote") { t("sharesynch.title.remote") }),
      .get("/sharesynch/edit", page("sharesynch-edit") { t("sharesynch.title.edit") }),
      .get("/sharesynch/downloads", page("sharesynch-downloads") { t("sharesynch.title.downloads") }),
      .get("/sharesynch/settings", page("sharesynch-settings") { t("sharesynch.title.settings") }),

      .get("/api/sharesynch/series", series),
      .post("/api/sharesynch/series", createSeries),
      .post("/api/sharesynch/series/:series/sermons", addSermon),
      .put("/api/sharesynch/series/:series/sermons/:sermon", changeSermon),
      .delete("/api/sharesynch/series/:series/sermons/:sermon", deleteSermon),
      .get("/api/sharesynch/series/:series/package", exportPackage),
      .post("/api/sharesynch/uploads", uploadForImport),
      .post("/api/sharesynch/series/:series/imports", startImport),
      .get("/api/sharesynch/imports/:id", importState),
      .post("/api/sharesynch/imports/:id/cancel", cancelImport),
      .get("/api/sharesynch/series/:series", details),
      .delete("/api/sharesynch/series/:series", deleteSeries),
      .put("/api/sharesynch/series/:series/languages", setLanguages),
      .put("/api/sharesynch/series/:series/variation", switchVariation),
      .post("/api/sharesynch/series/:series/variations", createVariation),
      .delete("/api/sharesynch/series/:series/variations/:id", deleteVariation),
      .get("/api/sharesynch/series/:series/sermons/:sermon/slides", slides),
      .get("/api/sharesynch/series/:series/sermons/:sermon/handout.pdf", handout),
      .get("/api/sharesynch/series/:series/sermons/:sermon/target", target),
      .put("/api/sharesynch/series/:series/sermons/:sermon/target", setTarget),
      .post("/api/sharesynch/install", install),
      .post("/api/sharesynch/inbox", installInbox),
      .get("/api/sharesynch/settings", settings),
      .put("/api/sharesynch/settings", saveSettings),

      .get("/api/sharesynch/last", lastSermon),
      .post("/api/sharesynch/live", startPresenting),
      .get("/api/sharesynch/live", presentation),
      .post("/api/sharesynch/live/intent", applyIntent),
      .get("/api/sharesynch/connect", connect),
      .get("/api/sharesynch/qr", qrCode),

      .post("\(edit)/begin", editing { _, _ in }),
      .post("\(edit)/end", endEdit),
      .post(
        "\(edit)/notes",
        editing(NotesJSON.self) { body, editor in
          try await editor.setNotes(slide: body.slide, html: body.html, language: body.language)
        }),
      .post(
        "\(edit)/visibility",
        editing(VisibilityJSON.self) { body, editor in
          try await editor.perform(
            .visibility(slides: body.slides, hidden: Array(repeating: body.hidden, count: body.slides.count)))
        }),
      .post("\(edit)/move", editing(MoveJSON.self) { try await $1.perform(.move(slide: $0.slide, to: $0.to)) }),
      .post("\(edit)/duplicate", editing(SlideJSON.self) { try await $1.duplicate($0.slide) }),
      .post("\(edit)/delete", editing(SlideJSON.self) { try await $1.perform(.remove(slide: $0.slide)) }),
      .post("\(edit)/import", editing(ImportSlideJSON.self) { try await $1.importSlide($0.slide, at: $0.at) }),
      .post("\(edit)/insert", insertSlide),
      .post("\(edit)/reset", editing { _, editor in try await editor.reset() }),
      .post("\(edit)/undo", editing { _, editor in _ = try await editor.undo() }),
      .post("\(edit)/redo", editing { _, editor in _ = try await editor.redo() }),

      .get("/api/sharesynch/catalog", catalog),
      .get("/api/sharesynch/downloads", downloads),
      .post("/api/sharesynch/downloads/:id", startDownload),
      .post("/api/sharesynch/downloads/:id/:action", controlDownload),
    ]
  }

  var fileFolders: [(urlBase: String, folder: String)] { [("/sharesynch/media", store.seriesRoot.path)] }

  // MARK: Screens

  /// A screen; `title` is called while answering, so it is in the request's language.
  func page(_ template: String, title: @escaping @Sendable () -> String)
    -> @Sendable (Request, BasicRequestContext) async throws -> Response
  {
    { _, _ in
      let advance = try await store.settings().advance.rawValue
      return try pages.render(template, ShareSynchPage(title: title(), token: token, advance: advance))
    }
  }

  // MARK: Series

  @Sendable func series(_ request: Request, _ context: BasicRequestContext) async throws -> JSONResponse<[SeriesJSON]> {
    JSONResponse(try await store.series().map(SeriesJSON.init))
  }

  @Sendable func details(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<SeriesDetailsJSON>
  {
    JSONResponse(try await details(try seriesID(context)))
  }

  @Sendable func deleteSeries(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<[SeriesJSON]>
  {
    JSONResponse(try await services.deleteSeries(try seriesID(context)).map(SeriesJSON.init))
  }

  @Sendable func setLanguages(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<SeriesJSON>
  {
    let body = try await request.decode(as: LanguagesJSON.self, context: context)
    return JSONResponse(
      SeriesJSON(try await services.setLanguages(series: try seriesID(context), slides: body.slides, notes: body.notes))
    )
  }

  @Sendable func switchVariation(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<SeriesDetailsJSON>
  {
    let series = try seriesID(context)
    let body = try await request.decode(as: VariationChoiceJSON.self, context: context)
    try await services.switchVariation(series: series, to: body.id)
    return JSONResponse(try await details(series))
  }

  @Sendable func createVariation(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<VariationJSON>
  {
    let body = try await request.decode(as: NewVariationJSON.self, context: context)
    let variation = try await services.createVariation(series: try seriesID(context), name: body.name, from: body.from)
    return JSONResponse(VariationJSON(variation), status: .created)
  }

  @Sendable func deleteVariation(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<[VariationJSON]>
  {
    let left = try await services.deleteVariation(
      series: try seriesID(context), try context.parameters.require("id", as: Int64.self))
    return JSONResponse(left.map(VariationJSON.init))
  }

  @Sendable func slides(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<SermonSlidesJSON>
  {
    let (series, sermon) = try sermonIDs(context)
    let slides = try await store.slides(series: series, sermon: sermon)
    return JSONResponse(
      SermonSlidesJSON(
        title: try await store.sermonTitle(series: series, sermon: sermon), slides: slides,
        state: SermonStateJSON(try await store.sermonState(series: series, sermon: sermon))))
  }

  @Sendable func handout(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    let (series, sermon) = try sermonIDs(context)
    let handout = try await store.handout(series: series, sermon: sermon)
    let file = try services.scratchFile(".pdf")
    defer { try? FileManager.default.removeItem(at: file) }
    try HandoutPDF.write(handout, to: file, videoLabel: t("sharesynch.handout.video"))
    return Response(
      status: .ok,
      headers: [.contentType: "application/pdf", .contentDisposition: attachment("\(series)-\(sermon).pdf")],
      body: .init(byteBuffer: ByteBuffer(data: try Data(contentsOf: file))))
  }

  @Sendable func install(_ request: Request, _ context: BasicRequestContext) async throws -> JSONResponse<SeriesJSON> {
    let file = try services.scratchFile(".sspkg")
    defer { try? FileManager.default.removeItem(at: file) }
    try await saveBody(of: request, to: file, limit: Self.maxPackage)
    let series = try await store.install(file, expectedSHA256: request.uri.queryParameters.get("sha256"))
    return JSONResponse(SeriesJSON(series), status: .created)
  }

  @Sendable func installInbox(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<[InboxResult]>
  {
    JSONResponse(
      try await services.installInbox().map { result in
        var result = result
        result.reason = result.refusal?.words ?? result.reason
        return result
      })
  }

  @Sendable func settings(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<ShareSynchSettingsJSON>
  {
    JSONResponse(ShareSynchSettingsJSON(try await services.overview()))
  }

  @Sendable func saveSettings(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<ShareSynchSettingsJSON>
  {
    let body = try await request.decode(as: SettingsInputJSON.self, context: context)
    _ = try await services.updateSettings(
      catalogURL: body.catalogURL, activation: body.activation, advance: body.advance, endOfSermon: body.endOfSermon,
      slideWidth: body.slideWidth)
    return JSONResponse(ShareSynchSettingsJSON(try await services.overview()))
  }

  // MARK: Presenting

  @Sendable func lastSermon(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<SermonReference>
  {
    guard let last = try await store.lastSermon() else {
      throw HTTPError(.notFound, message: t("sharesynch.error.nothingPresentedYet"))
    }
    return JSONResponse(last)
  }

  @Sendable func startPresenting(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<PresentationSnapshot>
  {
    let body = try await request.decode(as: StartJSON.self, context: context)
    return JSONResponse(try await hub.start(series: body.series, sermon: body.sermon, restart: body.restart ?? false))
  }

  @Sendable func presentation(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<PresentationSnapshot>
  {
    guard let state = await hub.current() else {
      throw HTTPError(.notFound, message: t("sharesynch.error.notPresenting"))
    }
    return JSONResponse(state)
  }

  @Sendable func applyIntent(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<PresentationSnapshot>
  {
    JSONResponse(try await hub.apply(try await request.decode(as: PresentationIntent.self, context: context)))
  }

  @Sendable func target(_ request: Request, _ context: BasicRequestContext) async throws -> JSONResponse<TargetJSON> {
    let (series, sermon) = try sermonIDs(context)
    return JSONResponse(TargetJSON(seconds: try await store.sermonState(series: series, sermon: sermon).targetSeconds))
  }

  @Sendable func setTarget(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<TargetJSON>
  {
    let body = try await request.decode(as: TargetJSON.self, context: context)
    let (series, sermon) = try sermonIDs(context)
    let state = try await services.setTarget(seconds: body.seconds, series: series, sermon: sermon)
    return JSONResponse(TargetJSON(seconds: state.targetSeconds))
  }

  // MARK: Second devices

  @Sendable func connect(_ request: Request, _ context: BasicRequestContext) async throws -> JSONResponse<ConnectJSON> {
    JSONResponse(ConnectJSON(devices))
  }

  /// The QR code of a screen's link at one of the server's LAN addresses: nothing else is drawn,
  /// so the route renders no text of anyone's choosing.
  @Sendable func qrCode(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    let address = try required(request, "address")
    let name = try required(request, "screen")
    guard let screen = DeviceLinks.Screen(rawValue: name) else {
      throw HTTPError(.badRequest, message: t("sharesynch.error.unknownScreen", ["screen": .text(quoted(name))]))
    }
    guard let link = devices.link(screen, at: address) else {
      throw HTTPError(.notFound, message: t("sharesynch.error.unknownAddress", ["address": .text(quoted(address))]))
    }
    return Response(
      status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "no-store"],
      body: .init(byteBuffer: ByteBuffer(string: try QRCode(encoding: link).svg())))
  }

  // MARK: Editing

  /// A route that runs a change in the sermon's edit session and answers what every edit answers.
  func editing(_ change: @escaping @Sendable (Request, SermonEditor) async throws -> Void)
    -> @Sendable (Request, BasicRequestContext) async throws -> JSONResponse<EditedJSON>
  {
    { request, context in
      let (series, sermon) = try sermonIDs(context)
      let (status, slides) = try await services.edit(series: series, sermon: sermon) { try await change(request, $0) }
      return JSONResponse(EditedJSON(status: status, slides: slides))
    }
  }

  /// A route whose change needs the request's JSON body, decoded before the session is touched.
  func editing<Body: Decodable & Sendable>(
    _ type: Body.Type, _ change: @escaping @Sendable (Body, SermonEditor) async throws -> Void
  ) -> @Sendable (Request, BasicRequestContext) async throws -> JSONResponse<EditedJSON> {
    { request, context in
      let body = try await request.decode(as: Body.self, context: context)
      let (series, sermon) = try sermonIDs(context)
      let (status, slides) = try await services.edit(series: series, sermon: sermon) { try await change(body, $0) }
      return JSONResponse(EditedJSON(status: status, slides: slides))
    }
  }

  @Sendable func endEdit(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<RemovedMediaJSON>
  {
    let (series, sermon) = try sermonIDs(context)
    return JSONResponse(RemovedMediaJSON(removed: try await services.endEdit(series: series, sermon: sermon)))
  }

  /// Inserts the uploaded picture or video as a slide before or after slide `?next=`.
  @Sendable func insertSlide(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<EditedJSON>
  {
    let next = try required(request, "next")
    guard let slide = Int64(next) else { throw HTTPError(.badRequest, message: t("sharesynch.error.nextSlide")) }
    let after = request.uri.queryParameters.get("after") != "0"
    let file = try services.scratchFile(".upload")
    defer { try? FileManager.default.removeItem(at: file) }
    try await saveBody(of: request, to: file, limit: Self.maxUpload)
    let (series, sermon) = try sermonIDs(context)
    let (status, slides) = try await services.edit(series: series, sermon: sermon) {
      try await $0.insert(file: file, next: slide, after: after)
    }
    return JSONResponse(EditedJSON(status: status, slides: slides))
  }

  // MARK: Downloads

  @Sendable func catalog(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<SeriesDownloads.Offers>
  {
    JSONResponse(try await services.downloads.catalog())
  }

  @Sendable func downloads(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<[SeriesDownloads.Progress]>
  {
    JSONResponse(await services.downloads.all())
  }

  @Sendable func startDownload(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<SeriesDownloads.Progress>
  {
    JSONResponse(try await services.downloads.start(try context.parameters.require("id")), status: .accepted)
  }

  @Sendable func controlDownload(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<SeriesDownloads.Progress>
  {
    JSONResponse(
      try await services.downloads.control(
        try context.parameters.require("id"), try context.parameters.require("action")))
  }

  // MARK: Request parts

  private func details(_ seriesID: String) async throws -> SeriesDetailsJSON {
    SeriesDetailsJSON(
      series: try await store.summary(seriesID), manifest: try store.manifest(seriesID),
      variations: try await store.variations(series: seriesID), sermons: try await store.sermons(series: seriesID))
  }

  private func seriesID(_ context: BasicRequestContext) throws -> String {
    try context.parameters.require("series")
  }

  private func sermonIDs(_ context: BasicRequestContext) throws -> (String, String) {
    (try context.parameters.require("series"), try context.parameters.require("sermon"))
  }
}
