import AppSupport
import Foundation
import ShareSynch
import WebFetch

/// One series of a catalog, checked and ready to download: the steps `sharesynch download` and
/// the Download screen share (catalog → check → download → install). The catalog's address is
/// the user's permission for its host; every other address must be public.
public struct CatalogDownload: Sendable {
  /// The catalog's entry.
  public let entry: SeriesCatalog.Entry
  /// Where the package is.
  public let packageURL: URL
  /// What the download may reach.
  public let policy: FetchPolicy
  /// Where the package is downloaded to (and resumed from): `DATA/downloads/ID.sspkg`.
  public let file: URL

  /// Reads the catalog at `address` (at most 4 MiB).
  public static func catalog(at address: String) async throws -> SeriesCatalog {
    try SeriesCatalog(json: try await download(address, policy: policy(address), maxBytes: 4 << 20))
  }

  /// Checks that series `id` of `catalog` (read from `address`) may be downloaded now, available
  /// to `activation` and fitting where series are installed, and says where it goes.
  public init(
    _ id: String, of catalog: SeriesCatalog, at address: String, activation: Activation?, store: ShareSynchStore,
    dataFolder: DataFolder
  ) throws {
    entry = try catalog.entry(id)
    try catalog.checkDownload(entry, activation: activation, freeSpace: SeriesPackage.freeSpace(store.seriesRoot))
    guard let base = URL(string: address), let package = catalog.packageURL(entry, base: base) else {
      throw ShareSynchError.badCatalog(.badAddress(id: entry.id, url: entry.url))
    }
    packageURL = package
    policy = Self.policy(address)
    file = dataFolder.downloads.appendingPathComponent("\(entry.id).sspkg")
    try FileManager.default.createDirectory(at: dataFolder.downloads, withIntermediateDirectories: true)
  }

  /// Installs the downloaded package, checked against the catalog's SHA-256, and deletes the file
  /// (installed or refused, the next attempt starts afresh).
  public func install(into store: ShareSynchStore) async throws -> SeriesSummary {
    defer { try? FileManager.default.removeItem(at: file) }
    return try await store.install(file, expectedSHA256: entry.sha256)
  }

  private static func policy(_ address: String) -> FetchPolicy { .publicOnly.allowing(hostOf: address) }
}
