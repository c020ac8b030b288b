import AppSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import ShareSynchServer
import Testing

@testable import ShareSynch
@testable import WebApp

/// Edit mode's routes and the management routes, over the demo series.
@Suite struct ShareSynchEditAPITests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sharesynch-edit-\(UUID().uuidString)")

  func app() async throws -> (some ApplicationProtocol, ShareSynchServices) {
    let store = try ShareSynchStore.inMemory(seriesRoot: folder.appendingPathComponent("series"))
    try await store.installDemoIfEmpty()
    let services = ShareSynchServices(
      store: store, hub: PresentationHub(store: store), dataFolder: folder.appendingPathComponent("data"))
    let router = try await shareSynchRouter(services)
    return (Application(router: router), services)
  }

  struct Edited: Decodable {
    let status: EditStatus
    let slides: [SermonSlide]
  }

  @Test func everyEditSavesAtOnceAndUndoesTenStepsAtMost() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let (app, services) = try await app()
    try await app.test(.router) { client in
      let base = "/api/sharesynch/series/demo/sermons/welcome/edit"
      func post(_ path: String, _ body: [String: Any] = [:]) async throws -> TestResponse {
        try await client.execute(uri: "\(base)/\(path)", method: .post, headers: sameOrigin, body: json(body))
      }
      func edited(_ path: String, _ body: [String: Any] = [:]) async throws -> Edited {
        let response = try await post(path, body)
        #expect(response.status == .ok, "\(path): \(String(buffer: response.body))")
        return try response.decoded(Edited.self)
      }
      let original = try await post("notes", ["slide": 1, "html": "x"])
      #expect(original.status == .conflict, "the original variation is read-only")
      let created = try await client.execute(
        uri: "/api/sharesynch/series/demo/variations", method: .post, headers: sameOrigin, body: json(["name": "Mine"]))
      #expect(created.status == .created)

      var slides = try await edited("begin").slides
      let first = slides[0].id
      var result = try await edited(
        "notes", ["slide": first, "html": "<p><b>Bold</b> <script>alert(1)</script><img src=x onerror=alert(2)></p>"])
      #expect(
        result.slides[0].notes == "<p><b>Bold</b> </p>" && result.status == EditStatus(canUndo: true, canRedo: false))
      result = try await edited("visibility", ["slides": [slides[1].id, slides[2].id], "hidden": true])
      #expect(result.slides.filter(\.hidden).count == 3)
      result = try await edited("move", ["slide": first, "to": 3])
      #expect(result.slides.firstIndex { $0.id == first } == 3)
      result = try await edited("duplicate", ["slide": first])
      #expect(result.slides.count == 10 && result.slides[4].notes == "<p><b>Bold</b> </p>")
      let png = try Data(contentsOf: folder.appendingPathComponent("series/demo/media/slide1.png"))
      let inserted = try await client.execute(
        uri: "\(base)/insert?next=\(first)&after=0", method: .post, headers: sameOrigin, body: ByteBuffer(data: png))
      result = try inserted.decoded(Edited.self)
      #expect(
        result.slides.count == 11 && result.slides[3].custom && result.slides[3].resource?.hasPrefix("user/") == true)
      let refused = try await client.execute(
        uri: "\(base)/insert?next=\(first)", method: .post, headers: sameOrigin, body: ByteBuffer(string: "<svg/>"))
      #expect(refused.status == .unprocessableContent)
      result = try await edited("delete", ["slide": result.slides[3].id])
      #expect(result.slides.count == 10)
      result = try await edited("notes", ["slide": first])  // no html: back to the package's notes
      #expect(result.slides.first { $0.id == first }?.notes == "<p><b>Welcome.</b> Introduce yourself.</p>")

      for step in 1...6 { _ = try await edited("notes", ["slide": first, "html": "v\(step)"]) }
      var undone = 0
      while try await edited("undo").status.canUndo { undone += 1 }
      slides = try await edited("redo").slides
      #expect(undone == 9, "ten steps are kept: nine undos leave one, the tenth empties the list")
      #expect(slides.count == 10, "the oldest steps (visibility, move) are no longer undoable")

      #expect(try await edited("reset").slides.count == 9)
      let ended = try await post("end")
      #expect(ended.status == .ok)
      let user = folder.appendingPathComponent("series/demo/user")
      #expect(((try? FileManager.default.contentsOfDirectory(atPath: user.path)) ?? []).isEmpty, "unused media deleted")
      _ = services
    }
  }

  @Test func undoHistoryBelongsToOneVariationAndEndsWhenItChanges() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let (app, services) = try await app()
    try await app.test(.router) { client in
      let base = "/api/sharesynch/series/demo/sermons/welcome/edit"
      func edited(_ path: String, _ body: [String: Any] = [:]) async throws -> Edited {
        let response = try await client.execute(
          uri: "\(base)/\(path)", method: .post, headers: sameOrigin, body: json(body))
        #expect(response.status == .ok, "\(path): \(String(buffer: response.body))")
        return try response.decoded(Edited.self)
      }
      func createVariation(_ name: String) async throws {
        let created = try await client.execute(
          uri: "/api/sharesynch/series/demo/variations", method: .post, headers: sameOrigin, body: json(["name": name]))
        #expect(created.status == .created)
      }
      try await createVariation("A")
      let inA = try await edited("begin").slides
      let deleted = try await edited("delete", ["slide": inA[2].id])
      #expect(deleted.slides.count == inA.count - 1 && deleted.status.canUndo)

      try await createVariation("B")  // a copy of A, without the slide
      let inB = try await edited("begin")
      #expect(!inB.status.canUndo, "the history of A ended with it")
      let undo = try await edited("undo")
      #expect(undo.slides.map(\.id) == inB.slides.map(\.id), "undo in B puts nothing of A into B")

      let variations = try await services.store.variations(series: "demo")
      let a = try #require(variations.first { $0.name == "A" })
      _ = try await edited("notes", ["slide": inB.slides[0].id, "html": "in B"])
      try await services.switchVariation(series: "demo", to: a.id!)
      let back = try await edited("begin")
      #expect(!back.status.canUndo, "switching ends B's history too")
      #expect(back.slides.count == inA.count - 1 && !back.slides.contains { $0.notes == "in B" })
    }
  }

  @Test func variationsHandoutInstallInboxSettingsAndDeletion() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let (app, services) = try await app()
    try await app.test(.router) { client in
      let created = try await client.execute(
        uri: "/api/sharesynch/series/demo/variations", method: .post, headers: sameOrigin, body: json(["name": "Short"])
      )
      let variation = try created.decoded(Variation.self)
      let deleted = try await client.execute(
        uri: "/api/sharesynch/series/demo/variations/\(variation.id!)", method: .delete, headers: sameOrigin)
      #expect(try deleted.decoded([Variation].self).map(\.name) == ["Original"])
      let original = try await client.execute(
        uri: "/api/sharesynch/series/demo/variations/1", method: .delete, headers: sameOrigin)
      #expect(original.status == .conflict)

      let pdf = try await client.execute(uri: "/api/sharesynch/series/demo/sermons/welcome/handout.pdf", method: .get)
      #expect(pdf.status == .ok && pdf.headers[.contentType] == "application/pdf")
      #expect(String(buffer: pdf.body).hasPrefix("%PDF-"))

      let garbage = try await client.execute(
        uri: "/api/sharesynch/install", method: .post, headers: sameOrigin, body: ByteBuffer(string: "not a zip"))
      #expect(garbage.status == .unprocessableContent)
      let inbox = services.dataFolder.inbox
      try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
      try Data("junk".utf8).write(to: inbox.appendingPathComponent("broken.sspkg"))
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -60)],
        ofItemAtPath: inbox.appendingPathComponent("broken.sspkg").path)
      let report = try await client.execute(uri: "/api/sharesynch/inbox", method: .post, headers: sameOrigin)
      let results = try report.decoded([InboxResult].self)
      #expect(results.count == 1 && results[0].series == nil && results[0].reason != nil)

      let saved = try await client.execute(
        uri: "/api/sharesynch/settings", method: .put, headers: sameOrigin,
        body: json(["advance": "sides", "catalogURL": "http://127.0.0.1:9/catalog.json", "endOfSermon": "wrap"]))
      #expect(saved.status == .ok)
      let settings = try JSONSerialization.jsonObject(with: Data(buffer: saved.body)) as! [String: Any]
      #expect(settings["advance"] as? String == "sides" && (settings["totalBytes"] as? Int ?? 0) > 50_000)
      #expect(settings["endOfSermon"] as? String == "wrap")
      for bad in [["advance": "shake"], ["catalogURL": "file:///etc/passwd"], ["endOfSermon": "loop"]] {
        let response = try await client.execute(
          uri: "/api/sharesynch/settings", method: .put, headers: sameOrigin, body: json(bad))
        #expect(response.status == .badRequest)
      }

      let about = try await client.execute(uri: "/sharesynch/settings", method: .get)
      #expect(
        about.text.contains("<span id=\"version\">\(ProductVersion.current)</span>") && about.text.contains("licences"))

      let removed = try await client.execute(uri: "/api/sharesynch/series/demo", method: .delete, headers: sameOrigin)
      #expect(try removed.decoded([SeriesSummary].self).isEmpty)
      #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("series/demo").path))
    }
  }
}
