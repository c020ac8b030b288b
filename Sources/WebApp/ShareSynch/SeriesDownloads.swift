import Foundation
import Hummingbird
import ShareSynch
import WebFetch

/// The Download Sermon Series screen's API under `/api/sharesynch` (see API.md): the catalog at
/// the address in settings, with what each series needs and whether it is available, and
/// downloads that can be paused, resumed and cancelled; a completed download is checked against
/// the catalog's SHA-256 and installed, and the series appears only then.
actor SeriesDownloads {
  let services: ShareSynchServices
  private var jobs: [String: (name: String, job: DownloadJob)] = [:]

  init(services: ShareSynchServices) { self.services = services }

  /// A catalog entry as the screen lists it.
  struct Offer: Encodable {
    let id: String
    let name: String
    let size: Int64
    let free: Bool
    let available: Bool
    let installed: Bool
  }

  /// The catalog's offers, the free space, and what the activation code unlocks.
  struct CatalogView: Encodable {
    let url: String
    let offers: [Offer]
    let freeBytes: Int64
    let activation: String?
  }

  /// A download as the screen shows it.
  struct Progress: Encodable {
    let id: String
    let name: String
    let state: String
    let error: String?
    let received: Int64
    let total: Int64?
    let bytesPerSecond: Double
    let secondsLeft: Double?
  }

  /// Reads the catalog from the address in settings.
  func catalog() async throws -> CatalogView {
    let (address, catalog) = try await loadCatalog()
    let activation = try await activation(for: catalog)
    let installed = Set(try await services.store.installedSeriesIDs())
    return CatalogView(
      url: address,
      offers: catalog.series.map { entry in
        Offer(
          id: entry.id, name: entry.name, size: entry.size, free: entry.free == true,
          available: catalog.isAvailable(entry, activation: activation), installed: installed.contains(entry.id))
      }, freeBytes: SeriesPackage.freeSpace(services.store.seriesRoot),
      activation: activation.map { "\($0.user): \($0.series.joined(separator: ", "))" })
  }

  /// Starts downloading a series of the catalog (refused when it is not available or would not fit).
  func start(_ id: String) async throws -> Progress {
    if let running = jobs[id], await running.job.state != .cancelled, await running.job.state != .completed {
      await running.job.resume()
      return await progress(id)
    }
    let (address, catalog) = try await loadCatalog()
    let entry = try catalog.entry(id)
    try catalog.checkDownload(
      entry, activation: try await activation(for: catalog),
      freeSpace: SeriesPackage.freeSpace(services.store.seriesRoot))
    guard let base = URL(string: address), let package = catalog.packageURL(entry, base: base) else {
      throw ShareSynchError.badCatalog("the address of \(entry.id) is not a URL: \(entry.url)")
    }
    let folder = services.dataFolder.appendingPathComponent("downloads")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let store = services.store
    let job = DownloadJob(
      address: package.absoluteString, file: folder.appendingPathComponent("\(entry.id).sspkg"),
      policy: .publicOnly.allowing(hostOf: address), expectedSize: entry.size
    ) { file in
      defer { try? FileManager.default.removeItem(at: file) }
      _ = try await store.install(file, expectedSHA256: entry.sha256)
    }
    jobs[id] = (entry.name, job)
    await job.resume()
    return await progress(id)
  }

  /// Pauses, resumes or cancels a download.
  func control(_ id: String, _ action: String) async throws -> Progress {
    guard let job = jobs[id]?.job else { throw HTTPError(.notFound, message: "no download of \(id)") }
    switch action {
    case "pause": await job.pause()
    case "resume": await job.resume()
    case "cancel": await job.cancel()
    default: throw HTTPError(.badRequest, message: "\(action) is not pause, resume or cancel")
    }
    return await progress(id)
  }

  /// Every download of this run, as it stands.
  func all() async -> [Progress] {
    var list: [Progress] = []
    for id in jobs.keys.sorted() { list.append(await progress(id)) }
    return list
  }

  private func progress(_ id: String) async -> Progress {
    let (name, job) = jobs[id]!
    let state = await job.state
    let progress = await job.progress
    var error: String?
    let label: String
    switch state {
    case .running: label = "running"
    case .installing: label = "installing"
    case .paused: label = "paused"
    case .cancelled: label = "cancelled"
    case .completed: label = "installed"
    case .failed(let reason):
      label = "failed"
      error = reason
    }
    return Progress(
      id: id, name: name, state: label, error: error, received: progress?.received ?? 0, total: progress?.total,
      bytesPerSecond: progress?.bytesPerSecond ?? 0, secondsLeft: progress?.secondsLeft)
  }

  private func loadCatalog() async throws -> (String, SeriesCatalog) {
    guard let address = try await services.store.settings().catalogURL else {
      throw HTTPError(.conflict, message: "no catalog address yet: set one in Settings")
    }
    return (
      address,
      try SeriesCatalog(
        json: try await download(address, policy: .publicOnly.allowing(hostOf: address), maxBytes: 4 << 20))
    )
  }

  private func activation(for catalog: SeriesCatalog) async throws -> Activation? {
    guard let code = try await services.store.settings().activation else { return nil }
    return try? catalog.activation(code)
  }

  /// The routes.
  nonisolated func register(on group: RouterGroup<BasicRequestContext>) {
    group.get("catalog") { _, _ in JSONResponse(try await self.catalog()) }
    group.get("downloads") { _, _ in JSONResponse(await self.all()) }
    group.post("downloads/:id") { _, context in
      JSONResponse(try await self.start(try context.parameters.require("id")), status: .accepted)
    }
    group.post("downloads/:id/:action") { _, context in
      JSONResponse(
        try await self.control(try context.parameters.require("id"), try context.parameters.require("action")))
    }
  }
}
