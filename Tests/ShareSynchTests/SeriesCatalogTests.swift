import Crypto
import Foundation
import Testing

@testable import ShareSynch

/// Catalogs: entries, availability by activation, relative package addresses, bad catalogs.
@Suite struct SeriesCatalogTests {
  static let hash = String(repeating: "a", count: 64)

  @Test func freeSeriesAndActivatedOnesAreAvailable() throws {
    let json = """
      {"series": [
        {"id": "demo2", "name": "Free", "size": 10, "sha256": "\(Self.hash)", "url": "free.sspkg", "free": true},
        {"id": "grace", "name": "Grace", "size": 20, "sha256": "\(Self.hash)", "url": "https://cdn.example/grace.sspkg"}
      ]}
      """
    let catalog = try SeriesCatalog(json: Data(json.utf8))
    let free = try catalog.entry("demo2")
    let grace = try catalog.entry("grace")
    #expect(catalog.isAvailable(free, activation: nil) && !catalog.isAvailable(grace, activation: nil))
    #expect(catalog.isAvailable(grace, activation: Activation(user: "u", series: ["grace"])))
    let base = URL(string: "http://example.org/series/catalog.json")!
    #expect(catalog.packageURL(free, base: base)?.absoluteString == "http://example.org/series/free.sspkg")
    #expect(catalog.packageURL(grace, base: base)?.absoluteString == "https://cdn.example/grace.sspkg")
    #expect(throws: ShareSynchError.self) { try catalog.entry("nope") }
    #expect(throws: ShareSynchError.badActivationCode(.needed(series: "Grace"))) {
      try catalog.checkDownload(grace, activation: nil, freeSpace: 1_000)
    }
    #expect(throws: ShareSynchError.noSpace(needed: 20, available: 15)) {
      try catalog.checkDownload(free, activation: nil, freeSpace: 15)
    }
    try catalog.checkDownload(free, activation: nil, freeSpace: 21)
  }

  @Test func malformedCatalogsAreClearErrors() {
    #expect(throws: ShareSynchError.self) { try SeriesCatalog(json: Data("[]".utf8)) }
    let huge = """
      {"series": [{"id": "x", "name": "X", "size": 9223372036854775807, "sha256": "\(Self.hash)", "url": "x"}]}
      """
    #expect(throws: ShareSynchError.self, "a size that would overflow when doubled") {
      try SeriesCatalog(json: Data(huge.utf8))
    }
    let shortHash = #"{"series": [{"id": "x", "name": "X", "size": 1, "sha256": "abc", "url": "x"}]}"#
    #expect(throws: ShareSynchError.badCatalog(.badEntry(id: "x"))) {
      try SeriesCatalog(json: Data(shortHash.utf8))
    }
  }
}

/// Activation codes checked against the catalog's publisher key.
@Suite struct CatalogActivationTests {
  @Test func aCodeFromTheCatalogsPublisherUnlocksItsSeries() throws {
    let publisher = Curve25519.Signing.PrivateKey()
    let key = publisher.publicKey.rawRepresentation.base64EncodedString()
    let json = """
      {"publisherKey": "\(key)", "series": [
        {"id": "grace", "name": "Grace", "size": 20, "sha256": "\(SeriesCatalogTests.hash)", "url": "grace.sspkg"}
      ]}
      """
    let catalog = try SeriesCatalog(json: Data(json.utf8))
    let code = try ActivationCode.make(Activation(user: "u", series: ["grace"]), signedWith: publisher)
    let activation = try catalog.activation(code)
    #expect(catalog.isAvailable(try catalog.entry("grace"), activation: activation))
    let stranger = try ActivationCode.make(
      Activation(user: "u", series: ["grace"]), signedWith: Curve25519.Signing.PrivateKey())
    #expect(throws: ShareSynchError.self) { try catalog.activation(stranger) }
    let keyless = try SeriesCatalog(
      json: Data(json.replacingOccurrences(of: "\"publisherKey\": \"\(key)\",", with: "").utf8))
    #expect(throws: ShareSynchError.badActivationCode(.noPublisherKey)) {
      try keyless.activation(code)
    }
  }
}
