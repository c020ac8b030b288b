import Foundation
import Hummingbird
import Logging
import ShareSynch
import ShareSynchServer
import TestSupport
import Testing

@testable import WebApp

/// `serve` stops (Ctrl-C) without waiting for connections that never sent a request: a browser's
/// speculative connection, or a hostile client on the LAN.
@Suite(.timeLimit(.minutes(1))) struct StoppingTests {
  @Test func theServerStopsWithoutWaitingForConnectionsThatSentNothing() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stopping-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let port = try DictdServer.freePort()
    let app = WebServer.application(
      router: Router(), presentations: PresentationHub(store: try ShareSynchStore.inMemory(seriesRoot: folder)),
      token: nil, configuration: .init(address: .hostname("127.0.0.1", port: port)), logger: Logger(label: "test"))
    let running = Task { try await app.runService(gracefulShutdownSignals: []) }
    while (try? RawConnection(port: port)) == nil { try await Task.sleep(for: .milliseconds(20)) }
    #expect(
      try await RawConnection.stopClosesSilentConnections(port: port) {
        running.cancel()
        _ = await running.result
      })
  }
}
