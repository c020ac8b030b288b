import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import ShareSynchServer
import Testing

@testable import ShareSynch
@testable import WebApp

/// Download Sermon Series' routes against a catalog and package served on loopback: the catalog
/// with availability, a download checked and installed, a corrupted one refused.
@Suite struct SeriesDownloadsTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sharesynch-dl-\(UUID().uuidString)")

  /// A package of the demo's files under the id `hope`, and its SHA-256.
  func package() throws -> (Data, String) {
    let source = folder.appendingPathComponent("hope")
    try DemoSeries.write(to: source)
    let description = source.appendingPathComponent("series.json")
    var series = try JSONSerialization.jsonObject(with: Data(contentsOf: description)) as! [String: Any]
    series["id"] = "hope"
    series["name"] = "Hope"
    try JSONSerialization.data(withJSONObject: series).write(to: description)
    let file = folder.appendingPathComponent("hope.sspkg")
    _ = try SeriesPackage.pack(folder: source, to: file)
    return (try Data(contentsOf: file), try SeriesPackage.sha256(of: file))
  }

  /// A catalog server: `/catalog.json` offering `hope` (free) with `sha256`, `locked` (not free),
  /// and the package at `/hope.sspkg`.
  func catalogServer(package: Data, sha256: String) -> some ApplicationProtocol {
    let router = Router()
    router.get("catalog.json") { _, _ in
      let catalog: [String: Any] = [
        "series": [
          ["id": "hope", "name": "Hope", "size": package.count, "sha256": sha256, "url": "hope.sspkg", "free": true],
          ["id": "locked", "name": "Locked", "size": 10, "sha256": String(repeating: "0", count: 64), "url": "x"],
        ]
      ]
      return Response(
        status: .ok, headers: [.contentType: "application/json"],
        body: .init(byteBuffer: ByteBuffer(data: try JSONSerialization.data(withJSONObject: catalog))))
    }
    router.get("hope.sspkg") { _, _ in ByteBuffer(data: package) }
    return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
  }

  func app() async throws -> (some ApplicationProtocol, ShareSynchStore) {
    let store = try ShareSynchStore.inMemory(seriesRoot: folder.appendingPathComponent("series"))
    let services = ShareSynchServices(
      store: store, hub: PresentationHub(store: store), dataFolder: folder.appendingPathComponent("data"))
    let router = try await shareSynchRouter(services)
    return (Application(router: router), store)
  }

  struct Progress: Decodable {
    let id: String
    let state: String
    let error: String?
  }

  @Test(arguments: [true, false])
  func aCatalogSeriesDownloadsAndInstallsOnlyWhenItsChecksumMatches(_ intact: Bool) async throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let (data, sha256) = try package()
    let published = intact ? sha256 : String(sha256.reversed())
    try await catalogServer(package: data, sha256: published).test(.live) { catalogClient in
      let (app, store) = try await app()
      try await app.test(.router) { client in
        let none = try await client.execute(uri: "/api/sharesynch/catalog", method: .get)
        #expect(none.status == .conflict, "no catalog address yet")
        _ = try await client.execute(
          uri: "/api/sharesynch/settings", method: .put, headers: sameOrigin,
          body: json(["catalogURL": "http://127.0.0.1:\(catalogClient.port!)/catalog.json"]))
        let catalog = try await client.execute(uri: "/api/sharesynch/catalog", method: .get)
        let offers =
          (try JSONSerialization.jsonObject(with: Data(buffer: catalog.body)) as! [String: Any])["offers"]
          as! [[String: Any]]
        #expect(offers.map { $0["available"] as! Bool } == [true, false])
        let locked = try await client.execute(
          uri: "/api/sharesynch/downloads/locked", method: .post, headers: sameOrigin)
        #expect(locked.status == .unprocessableContent, "a series that needs an activation code is refused")

        let started = try await client.execute(
          uri: "/api/sharesynch/downloads/hope", method: .post, headers: sameOrigin)
        #expect(started.status == .accepted)
        var progress = try started.decoded(Progress.self)
        for _ in 0..<200 where ["running", "installing"].contains(progress.state) {
          try await Task.sleep(for: .milliseconds(25))
          let list = try await client.execute(uri: "/api/sharesynch/downloads", method: .get)
          progress = try list.decoded([Progress].self)[0]
        }
        let installed = try await store.series().map(\.id)
        if intact {
          #expect(progress.state == "installed" && installed == ["hope"])
        } else {
          #expect(progress.state == "failed" && progress.error?.contains("SHA-256") == true, "\(progress)")
          #expect(installed.isEmpty, "nothing installed")
          #expect(
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent("data/downloads/hope.sspkg").path))
        }
      }
    }
  }

  /// A catalog address that answers an error or refuses the connection is the catalog server's
  /// fault: 502 with its words, never a 500.
  @Test func aCatalogThatCannotBeReadIsABadGatewayNamingWhy() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let nothing = Application(router: Router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    try await nothing.test(.live) { catalogClient in
      let (app, _) = try await app()
      try await app.test(.router) { client in
        _ = try await client.execute(
          uri: "/api/sharesynch/settings", method: .put, headers: sameOrigin,
          body: json(["catalogURL": "http://127.0.0.1:\(catalogClient.port!)/catalog.json"]))
        for (uri, method) in [
          ("/api/sharesynch/catalog", HTTPRequest.Method.get), ("/api/sharesynch/downloads/hope", .post),
        ] {
          let response = try await client.execute(uri: uri, method: method, headers: sameOrigin)
          #expect(response.status == .badGateway, "\(uri)")
          #expect(response.error?.contains("404") == true, "\(response.error ?? "")")
        }
      }
    }
  }
}
