import AppSupport
import Crypto
import Foundation

/// A catalog of series to download (seed A.3.2): JSON `{"publisherKey"?, "series": [{id, name,
/// size, sha256, url, free?}]}`; a relative `url` is read against the catalog's own address. The
/// publisher's Ed25519 public key (base64) checks activation codes for the series that are not free.
public struct SeriesCatalog: Codable, Sendable, Equatable {
  /// The publisher's Ed25519 public key, base64 (raw 32 bytes).
  public let publisherKey: String?
  /// The series offered.
  public let series: [Entry]

  /// One series to download.
  public struct Entry: Codable, Sendable, Equatable {
    /// The series id its package installs.
    public let id: String
    /// Its title.
    public let name: String
    /// The package's size in bytes.
    public let size: Int64
    /// The package's SHA-256 (checked before installing).
    public let sha256: String
    /// Where the package is.
    public let url: String
    /// Available without an activation code.
    public let free: Bool?
  }

  /// The largest package size a catalog may announce (so sizes can be added and doubled safely).
  static let maxPackageSize: Int64 = 1 << 40

  /// Reads a catalog; a malformed one is an error saying so.
  public init(json: Data) throws {
    do {
      self = try JSONDecoder().decode(SeriesCatalog.self, from: json)
    } catch {
      throw ShareSynchError.badCatalog(.notACatalog(field: Self.field(of: error)))
    }
    if let bad = series.first(where: {
      !SeriesManifest.isSafeID($0.id) || !(0...Self.maxPackageSize).contains($0.size) || $0.sha256.count != 64
    }) {
      throw ShareSynchError.badCatalog(.badEntry(id: shortened(bad.id)))
    }
  }

  /// Where a decoding error stopped (`series.0.size`), if it says.
  static func field(of error: any Error) -> String? {
    let path: [any CodingKey]
    switch error as? DecodingError {
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      path = context.codingPath
    case .keyNotFound(let key, let context): path = context.codingPath + [key]
    default: return nil
    }
    guard !path.isEmpty else { return nil }
    return path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
  }

  /// The entry for a series id.
  public func entry(_ id: String) throws -> Entry {
    guard let entry = series.first(where: { $0.id == id }) else {
      throw ShareSynchError.badCatalog(
        .noSuchSeries(id: shortened(id), offered: shortened(series.map(\.id).joined(separator: ", "), limit: 300)))
    }
    return entry
  }

  /// The activation an activation code carries, checked against the catalog's publisher key.
  public func activation(_ code: String) throws -> Activation {
    guard let publisherKey, let raw = Data(base64Encoded: publisherKey),
      let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw)
    else { throw ShareSynchError.badActivationCode(.noPublisherKey) }
    return try ActivationCode.verify(code, publicKey: key)
  }

  /// Whether a series may be downloaded: free ones always, others when the activation lists them.
  public func isAvailable(_ entry: Entry, activation: Activation?) -> Bool {
    entry.free == true || activation?.series.contains(entry.id) == true
  }

  /// Checks that a series may be downloaded now: available to this activation, and the package
  /// and its installed files (twice its size) fit in `freeSpace` bytes.
  public func checkDownload(_ entry: Entry, activation: Activation?, freeSpace: Int64) throws {
    guard isAvailable(entry, activation: activation) else {
      throw ShareSynchError.badActivationCode(
        activation == nil ? .needed(series: entry.name) : .doesNotUnlock(series: entry.name))
    }
    guard entry.size * 2 < freeSpace else {
      throw ShareSynchError.noSpace(needed: entry.size * 2, available: freeSpace)
    }
  }

  /// The package's address, a relative one read against the catalog's `base` address.
  public func packageURL(_ entry: Entry, base: URL) -> URL? { URL(string: entry.url, relativeTo: base)?.absoluteURL }
}
