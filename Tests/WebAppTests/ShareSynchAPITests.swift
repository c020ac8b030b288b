import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import Logging
import NIOCore
import ShareSynch
import ShareSynchServer
import Testing

@testable import WebApp

/// ShareSynch's routes over the demo series: series details, languages, slides, the running
/// presentation and its WebSocket.
@Suite struct ShareSynchAPITests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sharesynch-api-\(UUID().uuidString)")

  func hub() async throws -> PresentationHub {
    let store = try ShareSynchStore.inMemory(seriesRoot: folder)
    try await store.installDemoIfEmpty()
    return PresentationHub(store: store)
  }

  func app(_ hub: PresentationHub, token: String? = nil) async throws -> some ApplicationProtocol {
    let router = try await shareSynchRouter(
      ShareSynchServices(store: hub.store, hub: hub, dataFolder: folder.appendingPathComponent("data")), token: token)
    return WebServer.application(
      router: router, presentations: hub, token: token,
      configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: Logger(label: "test"))
  }

  @Test func seriesDetailsLanguagesAndSlides() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try await app(try await hub()).test(.router) { client in
      let details = try await client.execute(uri: "/api/sharesynch/series/demo", method: .get)
      #expect(details.status == .ok)
      let body = try JSONSerialization.jsonObject(with: Data(buffer: details.body)) as! [String: Any]
      let sermons = body["sermons"] as! [[String: Any]]
      #expect(sermons.map { $0["title"] as? String } == ["Grace upon grace"] && sermons[0]["slides"] as? Int == 8)
      #expect(sermons[0]["thumbnail"] as? String == "media/slide1.png")

      let changed = try await client.execute(
        uri: "/api/sharesynch/series/demo/languages", method: .put, headers: sameOrigin, body: json(["notes": "es"]))
      #expect(changed.status == .ok)
      let slides = try await client.execute(uri: "/api/sharesynch/series/demo/sermons/welcome/slides", method: .get)
      let sermon = try JSONSerialization.jsonObject(with: Data(buffer: slides.body)) as! [String: Any]
      let notes = (sermon["slides"] as! [[String: Any]]).map { $0["notes"] as! String }
      #expect(
        notes[0] == "<p><b>Bienvenidos.</b> Preséntese.</p>" && sermon["title"] as? String == "Gracia sobre gracia")
      let overlays = (sermon["slides"] as! [[String: Any]]).compactMap { ($0["overlay"] as? [String: Any])?["text"] }
      #expect(overlays as? [String] == ["Grace upon grace", "He is faithful"], "slides stay in the slide language")
      let appeal = (sermon["slides"] as! [[String: Any]]).first { $0["kind"] as? String == "appeal" }?["appeal"]
      #expect((appeal as? [String: Any])?["chunks"] as? [String] == ["Ven tal como eres", "Él te espera"])

      let refused = try await client.execute(
        uri: "/api/sharesynch/series/demo/languages", method: .put, headers: sameOrigin, body: json(["notes": "fr"]))
      #expect(refused.status == .unprocessableContent)
      let unknown = try await client.execute(uri: "/api/sharesynch/series/nosuch", method: .get)
      #expect(unknown.status == .notFound)
      let media = try await client.execute(uri: "/sharesynch/media/demo/media/demo-video.webm", method: .get)
      #expect(media.status == .ok && media.body.readableBytes > 1000)
      let escape = try await client.execute(uri: "/sharesynch/media/demo/../../etc/passwd", method: .get)
      #expect(escape.status != .ok)
    }
  }

  @Test func thePresentationAnswersIntentsAndRemembersTheLastSermon() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let hub = try await hub()
    try await app(hub).test(.router) { client in
      let none = try await client.execute(uri: "/api/sharesynch/live", method: .get)
      #expect(none.status == .notFound)
      let early = try await client.execute(
        uri: "/api/sharesynch/live/intent", method: .post, headers: sameOrigin, body: json(["intent": "advance"]))
      #expect(early.status == .conflict)
      #expect(try await client.execute(uri: "/api/sharesynch/last", method: .get).status == .notFound)

      let started = try await client.execute(
        uri: "/api/sharesynch/live", method: .post, headers: sameOrigin,
        body: json(["series": "demo", "sermon": "welcome"]))
      #expect(try started.decoded(PresentationSnapshot.self).counter == "1/8")
      func intent(_ body: [String: Any]) async throws -> PresentationSnapshot {
        let response = try await client.execute(
          uri: "/api/sharesynch/live/intent", method: .post, headers: sameOrigin, body: json(body))
        #expect(response.status == .ok)
        return try response.decoded(PresentationSnapshot.self)
      }
      #expect(try await intent(["intent": "back"]).counter == "1/8", "nothing before the first slide")
      #expect(try await intent(["intent": "jump", "number": 7]).appealText == "Come as you are")
      let changed = try await intent(["intent": "appeal", "type": "instrumental", "song": "hymn"])
      #expect(changed.appealResource == "media/demo-hymn-vocal.webm" && changed.pendingAppeal?.type == .instrumental)
      #expect(try await intent(["intent": "advance"]).appealText == "He is waiting")
      #expect(try await intent(["intent": "advance"]).appealText == nil, "<R> clears the text")
      _ = try await intent(["intent": "advance"])
      let again = try await intent(["intent": "jump", "number": 7])
      #expect(again.appealResource == "media/demo-hymn-instrumental.webm", "the change shows the next time")
      #expect(try await intent(["intent": "black"]).black)
      let white = try await intent(["intent": "white"])
      #expect(white.white && !white.black)
      #expect(try await intent(["intent": "advance"]).white == false, "the next advance clears it")

      let bad = try await client.execute(
        uri: "/api/sharesynch/live/intent", method: .post, headers: sameOrigin, body: json(["intent": "explode"]))
      #expect(bad.status == .badRequest)
      let crossSite = try await client.execute(
        uri: "/api/sharesynch/live/intent", method: .post,
        headers: [.contentType: "application/json", .origin: "http://evil.example"], body: json(["intent": "advance"]))
      #expect(crossSite.status == .forbidden)
      let last = try await client.execute(uri: "/api/sharesynch/last", method: .get)
      #expect(try last.decoded(SermonReference.self) == SermonReference(series: "demo", sermon: "welcome"))
      let state = try await hub.store.sermonState(series: "demo", sermon: "welcome")
      #expect(state.appealType == .instrumental, "the sermon keeps its appeal choice")
    }
  }

  @Test func aSeriesBeingPresentedCannotBeDeletedAndANewVariationBecomesCurrent() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let hub = try await hub()
    _ = try await hub.start(series: "demo", sermon: "welcome")
    try await app(hub).test(.router) { client in
      let refused = try await client.execute(uri: "/api/sharesynch/series/demo", method: .delete, headers: sameOrigin)
      #expect(refused.status == .conflict && refused.error?.contains("being presented") == true)
      let created = try await client.execute(
        uri: "/api/sharesynch/series/demo/variations", method: .post, headers: sameOrigin, body: json(["name": "Short"])
      )
      #expect(created.status == .created)
      let id = try #require((try? JSONSerialization.jsonObject(with: Data(buffer: created.body))) as? [String: Any])[
        "id"]
      #expect(try await hub.store.summary("demo").currentVariationID == (id as? NSNumber)?.int64Value)
    }
    #expect(try await hub.store.series().map(\.id) == ["demo"])
  }

  @Test func theSocketPushesEveryChangeToDisplaysAndRefusesOtherSites() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let hub = try await hub()
    _ = try await hub.start(series: "demo", sermon: "welcome")
    try await app(hub, token: "secret").test(.live) { client in
      let port = client.port!
      let received = Messages()
      _ = try await WebSocketClient.connect(
        url: "ws://127.0.0.1:\(port)/api/sharesynch/live/socket?role=display&token=secret", logger: Logger(label: "ws")
      ) { inbound, outbound, _ in
        var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
        try await received.take(messages.next())  // the current state at once
        try await outbound.write(.text(#"{"intent":"advance"}"#))
        try await received.take(messages.next())
        try await outbound.write(.text(#"{"intent":"jump","number":99}"#))  // no such slide: nothing changes
        try await outbound.write(.text(#"{"intent":"black"}"#))
        try await received.take(messages.next())
        try await outbound.close(.normalClosure, reason: nil)
      }
      let states = received.states
      #expect(states.map(\.counter) == ["1/8", "2/8", "2/8"] && states.map(\.displays) == [1, 1, 1])
      #expect(states.last?.black == true)
      #expect(await hub.current()?.displays == 0, "the display left")

      for (query, origin) in [("role=display", nil), ("role=display&token=secret", "http://evil.example")] {
        var configuration = WebSocketClientConfiguration()
        if let origin { configuration.additionalHeaders = [.origin: origin] }
        await #expect(throws: (any Error).self, "refused: \(query) \(origin ?? "")") {
          try await WebSocketClient.connect(
            url: "ws://127.0.0.1:\(port)/api/sharesynch/live/socket?\(query)", configuration: configuration,
            logger: Logger(label: "ws")
          ) { _, _, _ in }
        }
      }
    }
  }
}

/// States a test socket received, in order.
final class Messages: @unchecked Sendable {
  private let lock = NSLock()
  private var received: [PresentationSnapshot] = []

  func take(_ message: WebSocketMessage?) throws {
    guard case .text(let text) = message else { throw OracleLikeError.noMessage }
    struct Envelope: Decodable { let state: PresentationSnapshot }
    let state = try JSONDecoder().decode(Envelope.self, from: Data(text.utf8)).state
    lock.withLock { received.append(state) }
  }

  var states: [PresentationSnapshot] { lock.withLock { received } }

  enum OracleLikeError: Error { case noMessage }
}
