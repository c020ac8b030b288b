import Foundation
import Hummingbird
import HummingbirdTesting
import ShareSynchServer
import Testing

@testable import ShareSynch
@testable import WebApp

/// The OpenAPI document (`Public/openapi.json`, served at `/api/openapi.json`) describes exactly
/// the JSON API the router serves. The live WebSocket is an upgrade the server handles before the
/// router, so it is no router route and the document only mentions it in prose.
@Suite struct OpenAPIDocumentTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("openapi-\(UUID().uuidString)")

  /// The router with every app registered, ShareSynch's included.
  func router() async throws -> Router<BasicRequestContext> {
    let store = try ShareSynchStore.inMemory(seriesRoot: folder.appendingPathComponent("series"))
    let services = ShareSynchServices(
      store: store, hub: PresentationHub(store: store), dataFolder: folder.appendingPathComponent("data"))
    return try await WebAppTests.router { pages in
      [
        KeyItRoutes(store: try .inMemory(), pages: pages), PhrasebookRoutes(store: try .inMemory(), pages: pages),
        LexikonRoutes(service: try filesLexikon(), pages: pages, shelf: testShelf()),
        ShareSynchRoutes(
          services: services, pages: pages, devices: DeviceLinks(host: "127.0.0.1", port: 8080, token: nil)),
      ]
    }
  }

  /// `METHOD /path/{parameter}` for every operation of the document.
  func documentedOperations(_ data: Data) throws -> Set<String> {
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let paths = try #require(document["paths"] as? [String: [String: Any]])
    return Set(paths.flatMap { path, operations in operations.keys.map { "\($0.uppercased()) \(path)" } })
  }

  @Test func everyRegisteredRouteIsDocumentedAndEveryDocumentedOneIsRegistered() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let registered = Set(
      try await router().routes.map { "\($0.method) \($0.path)" }.filter { $0.contains(" /api/") })
    let documented = try documentedOperations(
      try Data(contentsOf: URL(fileURLWithPath: Pages.publicFolder + "/openapi.json")))
    #expect(registered.subtracting(documented).sorted() == [], "routes missing from openapi.json")
    #expect(documented.subtracting(registered).sorted() == [], "operations of openapi.json no route serves")
    #expect(registered.count > 70)
  }

  @Test func theServerServesTheDocument() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try await Application(router: try await router()).test(.router) { client in
      let response = try await client.execute(uri: "/api/openapi.json", method: .get)
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "application/json")
      #expect(try documentedOperations(Data(buffer: response.body)).contains("GET /api/openapi.json"))
    }
  }
}
