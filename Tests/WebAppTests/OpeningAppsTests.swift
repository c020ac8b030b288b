import Foundation
import Hummingbird
import HummingbirdTesting
import KeyIt
import KeyItTeam
import Logging
import ShareSynch
import ShareSynchServer
import Testing

@testable import WebApp

/// The server listens before its apps are open: a request is answered by the apps once they are
/// open; when they cannot be opened, the request fails and so does start-up.
@Suite struct OpeningAppsTests {
  struct CannotOpen: Error {}

  /// Apps whose only route, `/healthz`, notes that it answered.
  static func apps(noting log: Log) throws -> OpenedApps {
    let router = Router()
    router.get("/healthz") { _, _ in
      await log.note("answered")
      return "ok"
    }
    let store = try ShareSynchStore.inMemory(seriesRoot: FileManager.default.temporaryDirectory)
    return OpenedApps(
      responder: router.buildResponder(),
      shareSynch: ShareSynchServices(
        store: store, hub: PresentationHub(store: store), dataFolder: FileManager.default.temporaryDirectory),
      teamSync: TeamSyncService(hub: TeamHub(store: try KeyItStore.inMemory())))
  }

  actor Log {
    var lines: [String] = []
    func note(_ line: String) { lines.append(line) }
  }

  func listening(_ opening: Task<OpenedApps, any Error>) -> some ApplicationProtocol {
    WebServer.listening(settings: ServerSettings(host: "127.0.0.1", port: 0, token: nil), opening: opening).app
  }

  @Test func aRequestIsAnsweredByTheAppsOnceTheyAreOpen() async throws {
    let log = Log()
    let opening = Task {
      await log.note("opened")
      return try Self.apps(noting: log)
    }
    try await listening(opening).test(.router) { client in
      let response = try await client.execute(uri: "/healthz", method: .get)
      #expect(response.status == .ok)
      #expect(String(buffer: response.body) == "ok")
    }
    #expect(await log.lines == ["opened", "answered"])
  }

  @Test func appsThatCannotOpenFailTheRequestAndTheStartUp() async throws {
    let opening = Task<OpenedApps, any Error> { throw CannotOpen() }
    try await listening(opening).test(.router) { client in
      let response = try await client.execute(uri: "/healthz", method: .get)
      #expect(response.status == .internalServerError)
    }
    await #expect(throws: CannotOpen.self) {
      try await OpeningService(opening: opening).run()
    }
  }
}
