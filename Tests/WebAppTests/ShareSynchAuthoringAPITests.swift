import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import ShareSynch
import ShareSynchServer
import Testing

@testable import WebApp

/// The routes that make series and sermons: create, add, move, retitle, delete; uploads for an
/// import and refusals of a start; the series as a package.
@Suite struct ShareSynchAuthoringAPITests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("authoring-api-\(UUID().uuidString)")

  func app() async throws -> some ApplicationProtocol {
    let store = try ShareSynchStore.inMemory(seriesRoot: folder.appendingPathComponent("series"))
    let hub = PresentationHub(store: store)
    let router = try await shareSynchRouter(
      ShareSynchServices(store: store, hub: hub, dataFolder: folder.appendingPathComponent("data")), token: nil)
    return WebServer.application(
      router: router, presentations: hub, token: nil, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
      logger: Logger(label: "test"))
  }

  func object(_ response: TestResponse) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any] ?? [:]
  }

  @Test func seriesAndSermonsAreMadeMovedAndDeleted() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try await app().test(.router) { client in
      let created = try await client.execute(
        uri: "/api/sharesynch/series", method: .post, headers: sameOrigin,
        body: json(["name": "Acts", "slideLanguages": ["en", "sw"]]))
      let createdID = try object(created)["id"] as? String
      #expect(created.status == .created && createdID == "acts")
      let badLanguage = try await client.execute(
        uri: "/api/sharesynch/series", method: .post, headers: sameOrigin,
        body: json(["name": "X", "slideLanguages": ["english!"]]))
      #expect(badLanguage.status == .unprocessableContent)

      for title in ["Pentecost", "Stephen"] {
        let added = try await client.execute(
          uri: "/api/sharesynch/series/acts/sermons", method: .post, headers: sameOrigin,
          body: json(["title": ["en": title], "appeal": ["type": "text"]]))
        #expect(added.status == .created)
      }
      let moved = try await client.execute(
        uri: "/api/sharesynch/series/acts/sermons/stephen", method: .put, headers: sameOrigin,
        body: json(["position": 0, "title": ["sw": "Stefano"]]))
      #expect(moved.status == .ok)
      let details = try object(try await client.execute(uri: "/api/sharesynch/series/acts", method: .get))
      #expect((details["sermons"] as? [[String: Any]])?.map { $0["id"] as? String } == ["stephen", "pentecost"])

      let deleted = try await client.execute(
        uri: "/api/sharesynch/series/acts/sermons/stephen", method: .delete, headers: sameOrigin)
      #expect(deleted.status == .noContent)
      let again = try await client.execute(
        uri: "/api/sharesynch/series/acts/sermons/stephen", method: .delete, headers: sameOrigin)
      #expect(again.status == .notFound)

      let package = try await client.execute(uri: "/api/sharesynch/series/acts/package", method: .get)
      #expect(package.status == .ok && package.headers[.contentType] == "application/zip")
      #expect(Data(buffer: package.body).prefix(2) == Data("PK".utf8))
    }
  }

  @Test func anImportNeedsItsUploadsAndAKnownSermon() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try await app().test(.router) { client in
      _ = try await client.execute(
        uri: "/api/sharesynch/series", method: .post, headers: sameOrigin,
        body: json(["name": "Ruth", "slideLanguages": ["en"]]))
      let uploaded = try await client.execute(
        uri: "/api/sharesynch/uploads?name=a.pdf", method: .post, headers: sameOrigin,
        body: ByteBuffer(string: "%PDF-1.4 not really"))
      #expect(uploaded.status == .created)
      let none = try await client.execute(
        uri: "/api/sharesynch/series/ruth/imports", method: .post, headers: sameOrigin,
        body: json(["uploads": [String](), "title": ["en": "A"]]))
      #expect(none.status == .badRequest)
      let unknown = try await client.execute(
        uri: "/api/sharesynch/series/ruth/imports", method: .post, headers: sameOrigin,
        body: json(["uploads": ["nosuch"], "title": ["en": "A"]]))
      #expect(unknown.status == .notFound)
      let job = try await client.execute(uri: "/api/sharesynch/imports/nosuch", method: .get)
      #expect(job.status == .notFound)
      let noSeries = try await client.execute(
        uri: "/api/sharesynch/series/nosuch/imports", method: .post, headers: sameOrigin,
        body: json(["uploads": [try object(uploaded)["upload"] as? String ?? ""], "title": ["en": "A"]]))
      #expect(noSeries.status == .notFound)
    }
  }
}
