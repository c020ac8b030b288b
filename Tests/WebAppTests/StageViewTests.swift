import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import Logging
import ShareSynch
import ShareSynchServer
import Testing

@testable import WebApp

/// The stage view: its page, its socket role (counted, moving the presentation without taking the
/// notes pages over), and the sermon's target length it counts down to, set through the API.
@Suite struct StageViewTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stage-\(UUID().uuidString)")

  func hub() async throws -> PresentationHub {
    let store = try ShareSynchStore.inMemory(seriesRoot: folder)
    try await store.installDemoIfEmpty()
    return PresentationHub(store: store)
  }

  func app(_ hub: PresentationHub) async throws -> some ApplicationProtocol {
    let router = try await shareSynchRouter(
      ShareSynchServices(store: hub.store, hub: hub, dataFolder: folder.appendingPathComponent("data")))
    return WebServer.application(
      router: router, presentations: hub, token: nil,
      configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: Logger(label: "test"))
  }

  @Test func aStageIsCountedAndMovesThePresentationButNeverLeadsTheNotesPages() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let hub = try await hub()
    let presenter = await hub.connect(role: .presenter) { _ in }
    let stage = await hub.connect(role: .stage) { _ in }
    let first = try await hub.start(series: "demo", sermon: "welcome")
    #expect(first.stages == 1 && first.displays == 0 && first.remotes == 0)
    let slide = try #require(first.slide)
    _ = try await hub.apply(.pages(slide: slide, count: 2), from: presenter)
    _ = try await hub.apply(.advance, from: presenter)
    _ = try await hub.apply(.back, from: stage)
    _ = try await hub.apply(.pages(slide: slide, count: 6), from: stage)
    #expect(await hub.current()?.steps == 2, "the presenter leads the pages; the stage only follows them")
    let moved = try await hub.apply(.advance, from: stage)
    #expect(moved.step == 1, "the stage's keys move the presentation like the presenter's")
    await hub.disconnect(stage)
    #expect(await hub.current()?.stages == 0)
  }

  @Test func theSocketTakesTheStageRole() {
    let request = HTTPRequest(
      method: .get, scheme: "http", authority: "localhost:8080", path: LiveSocket.path + "?role=stage",
      headerFields: [.origin: "http://localhost:8080"])
    #expect(LiveSocket.accepts(request, token: nil, hosts: ServerHosts(boundTo: "127.0.0.1")) == .stage)
  }

  @Test func theTargetIsSetThroughTheAPIAndReachesTheRunningPresentation() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let hub = try await hub()
    _ = try await hub.start(series: "demo", sermon: "welcome")
    let path = "/api/sharesynch/series/demo/sermons/welcome/target"
    try await app(hub).test(.live) { client in
      let port = client.port!
      #expect(try await client.execute(uri: path, method: .get).decoded(Target.self).seconds == nil)
      let received = Messages()
      _ = try await WebSocketClient.connect(
        url: "ws://127.0.0.1:\(port)/api/sharesynch/live/socket?role=stage", logger: Logger(label: "ws")
      ) { inbound, outbound, _ in
        var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
        try await received.take(messages.next())
        let set = try await client.execute(uri: path, method: .put, headers: sameOrigin, body: json(["seconds": 1500]))
        #expect(try set.status == .ok && set.decoded(Target.self).seconds == 1500)
        try await received.take(messages.next())
        try await outbound.write(.text(#"{"intent":"advance"}"#))
        try await received.take(messages.next())
        try await outbound.close(.normalClosure, reason: nil)
      }
      #expect(received.states.map(\.target) == [nil, 1500, 1500] && received.states.map(\.stages) == [1, 1, 1])
      #expect(received.states.map(\.counter) == ["1/8", "1/8", "2/8"], "a stage's intents move the presentation")
      #expect(try await client.execute(uri: path, method: .get).decoded(Target.self).seconds == 1500)

      let refused = try await client.execute(uri: path, method: .put, headers: sameOrigin, body: json(["seconds": 0]))
      #expect(refused.status == .unprocessableContent && refused.error?.contains("0 seconds") == true)
      #expect(
        (try? JSONSerialization.jsonObject(with: Data(buffer: refused.body)) as? [String: String])?["field"]
          == "seconds")
      let cleared = try await client.execute(
        uri: path, method: .put, headers: sameOrigin, body: json(["seconds": NSNull()]))
      #expect(try cleared.status == .ok && cleared.decoded(Target.self).seconds == nil)
      #expect(await hub.current()?.target == nil)
      let unknown = try await client.execute(
        uri: "/api/sharesynch/series/demo/sermons/nosuch/target", method: .put, headers: sameOrigin,
        body: json(["seconds": 60]))
      #expect(unknown.status == .notFound)
    }
  }

  @Test func theStagePageAndThePresentersPanelsAreServed() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try await app(try await hub()).test(.router) { client in
      let stage = try await client.execute(uri: "/sharesynch/stage", method: .get)
      #expect(stage.status == .ok)
      #expect(
        stage.text.contains("/static/sharesynch-stage.js") && stage.text.contains("/static/sharesynch-wakelock.js"))
      let presenter = try await client.execute(uri: "/sharesynch/present", method: .get).text
      for part in [
        "id=\"target-minutes\"", "/static/sharesynch-target.js", "id=\"connect-panel\"",
        "/static/sharesynch-connect.js",
      ] {
        #expect(presenter.contains(part), "\(part)")
      }
      for page in ["/sharesynch/display", "/sharesynch/remote"] {
        #expect(
          try await client.execute(uri: page, method: .get).text.contains("/static/sharesynch-wakelock.js"), "\(page)")
      }
    }
  }

  /// The target route's answer.
  struct Target: Decodable { let seconds: Int? }
}
