import AppSupport
import Foundation
import ShareSynch
import WebFetch

/// The Download Sermon Series screen's work: the catalog at the address in settings, with what
/// each series needs and whether it is available, and downloads that can be paused, resumed and
/// cancelled; a completed download is checked against the catalog's SHA-256 and installed, and the
/// series appears only then.
public actor SeriesDownloads {
  private let store: ShareSynchStore
  private let dataFolder: DataFolder
  private var jobs: [String: (name: String, job: DownloadJob)] = [:]

  init(store: ShareSynchStore, dataFolder: DataFolder) {
    self.store = store
    self.dataFolder = dataFolder
  }

  /// A catalog entry as the screen lists it.
  public struct Offer: Encodable, Sendable {
    let id: String
    let name: String
    let size: Int64
    let free: Bool
    let available: Bool
    let installed: Bool
  }

  /// The catalog's offers, the free space, and what the activation code unlocks.
  public struct Offers: Encodable, Sendable {
    let url: String
    let offers: [Offer]
    let freeBytes: Int64
    let activation: String?
  }

  /// A download as the screen shows it.
  public struct Progress: Encodable, Sendable {
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
  public func catalog() async throws -> Offers {
    let (address, catalog) = try await loadCatalog()
    let activation = try await activation(for: catalog)
    let installed = Set(try await store.installedSeriesIDs())
    return Offers(
      url: address,
      offers: catalog.series.map { entry in
        Offer(
          id: entry.id, name: entry.name, size: entry.size, free: entry.free == true,
          available: catalog.isAvailable(entry, activation: activation), installed: installed.contains(entry.id))
      }, freeBytes: SeriesPackage.freeSpace(store.seriesRoot),
      activation: activation.map { "\($0.user): \($0.series.joined(separator: ", "))" })
  }

  /// Starts downloading a series of the catalog (refused when it is not available or would not fit).
  public func start(_ id: String) async throws -> Progress {
    if let running = jobs[id], await running.job.state != .cancelled, await running.job.state != .completed {
      await running.job.resume()
      return await progress(id)
    }
    let (address, catalog) = try await loadCatalog()
    let planned = try CatalogDownload(
      id, of: catalog, at: address, activation: try await activation(for: catalog), store: store,
      dataFolder: dataFolder)
    let store = store
    let job = DownloadJob(
      address: planned.packageURL.absoluteString, file: planned.file, policy: planned.policy,
      expectedSize: planned.entry.size
    ) { _ in _ = try await planned.install(into: store) }
    jobs[id] = (planned.entry.name, job)
    await job.resume()
    return await progress(id)
  }

  /// Pauses, resumes or cancels a download.
  public func control(_ id: String, _ action: String) async throws -> Progress {
    guard let job = jobs[id]?.job else { throw ShareSynchError.unknownDownload(id) }
    switch action {
    case "pause": await job.pause()
    case "resume": await job.resume()
    case "cancel": await job.cancel()
    default: throw ShareSynchError.unknownDownloadAction(action)
    }
    return await progress(id)
  }

  /// Every download of this run, as it stands.
  public func all() async -> [Progress] {
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
    guard let address = try await store.settings().catalogURL else { throw ShareSynchError.noCatalogAddress }
    return (address, try await CatalogDownload.catalog(at: address))
  }

  private func activation(for catalog: SeriesCatalog) async throws -> Activation? {
    guard let code = try await store.settings().activation else { return nil }
    return try? catalog.activation(code)
  }
}
