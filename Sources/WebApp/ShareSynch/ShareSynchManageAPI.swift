import Foundation
import Hummingbird
import ShareSynch
import ShareSynchPDF

/// Managing series under `/api/sharesynch` (see API.md): variations, the PDF handout, installing
/// a package upload or the inbox, deleting a series, and the settings screen's values.
struct ShareSynchManageAPI: Sendable {
  let services: ShareSynchServices
  var store: ShareSynchStore { services.store }

  struct VariationBody: Decodable {
    let name: String
    let from: Int64?
  }

  /// The settings screen: storage per series and in all, free space, the stored choices, the
  /// timer log.
  struct SettingsView: Encodable {
    let storage: [SeriesStorage]
    let totalBytes: Int64
    let freeBytes: Int64?
    let catalogURL: String?
    let activation: String?
    let advance: AdvanceMode
    let timerLog: [PresentationRun]
  }

  struct SettingsBody: Decodable {
    let catalogURL: String?
    let activation: String?
    let advance: AdvanceMode?
  }

  /// The largest package accepted as an upload.
  static let maxPackage = 2 << 30

  func register(on group: RouterGroup<BasicRequestContext>) {
    group.post("series/:series/variations") { request, context in
      let series = try context.parameters.require("series")
      let body = try await request.decode(as: VariationBody.self, context: context)
      let variation = try await store.createVariation(series: series, name: body.name, from: body.from)
      try await store.switchVariation(series: series, to: variation.id!)
      try await services.hub.slidesChanged(series: series)
      return JSONResponse(variation, status: .created)
    }
    group.delete("series/:series/variations/:id") { _, context in
      let series = try context.parameters.require("series")
      try await store.deleteVariation(series: series, try context.parameters.require("id", as: Int64.self))
      try await services.hub.slidesChanged(series: series)
      return JSONResponse(try await store.variations(series: series))
    }
    group.get("series/:series/sermons/:sermon/handout.pdf") { _, context in
      let series = try context.parameters.require("series")
      let sermon = try context.parameters.require("sermon")
      let handout = try await store.handout(series: series, sermon: sermon)
      let file = try services.scratchFile(".pdf")
      defer { try? FileManager.default.removeItem(at: file) }
      try HandoutPDF.write(handout, to: file)
      let name = "\(series)-\(sermon).pdf"
      return Response(
        status: .ok,
        headers: [.contentType: "application/pdf", .contentDisposition: "attachment; filename=\"\(name)\""],
        body: .init(byteBuffer: ByteBuffer(data: try Data(contentsOf: file))))
    }
    group.post("install") { request, context in
      let file = try services.scratchFile(".sspkg")
      defer { try? FileManager.default.removeItem(at: file) }
      try await saveBody(of: request, to: file, limit: Self.maxPackage)
      let series = try await store.install(file, expectedSHA256: request.uri.queryParameters.get("sha256"))
      return JSONResponse(series, status: .created)
    }
    group.post("inbox") { _, _ in JSONResponse(try await store.installInbox(services.inbox)) }
    group.delete("series/:series") { _, context in
      let series = try context.parameters.require("series")
      if await services.hub.current()?.series == series {
        throw HTTPError(.conflict, message: "this series is being presented: stop presenting it first")
      }
      try await store.deleteSeries(series)
      return JSONResponse(try await store.series())
    }
    group.get("settings") { _, _ in JSONResponse(try await settings()) }
    group.put("settings") { request, context in
      let body = try await request.decode(as: SettingsBody.self, context: context)
      _ = try await store.updateSettings(
        catalogURL: body.catalogURL, activation: body.activation, advance: body.advance)
      return JSONResponse(try await settings())
    }
  }

  private func settings() async throws -> SettingsView {
    let storage = try await store.storage()
    let chosen = try await store.settings()
    return SettingsView(
      storage: storage, totalBytes: storage.reduce(0) { $0 + $1.bytes },
      freeBytes: SeriesPackage.freeSpace(store.seriesRoot), catalogURL: chosen.catalogURL,
      activation: chosen.activation, advance: chosen.advance, timerLog: (try? services.timerLog.runs()) ?? [])
  }
}
