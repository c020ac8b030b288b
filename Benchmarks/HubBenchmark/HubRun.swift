import Foundation
import Hummingbird
import Logging
import SyncHub
import SyncHubServer
import TestSupport

/// A hub on a free loopback port, as `scriptorium hub serve` runs it, for the length of `body`.
struct HubRun: Sendable {
  /// The member's view of the hub over HTTP.
  let client: HubClient
  /// The member's invitation token (the live socket takes it in its address).
  let token: String
  let port: Int
  /// Who listens on the live socket.
  let broadcaster: HubBroadcaster

  /// The live socket's address for `project`.
  func liveURL(project: String) -> String {
    "ws://127.0.0.1:\(port)\(HubPaths.live(project))?token=\(token)"
  }

  /// Serves `store` while `body` runs, with one member invited to `project`.
  static func serving<T: Sendable>(
    _ store: any HubStore, project: String, _ body: @Sendable (HubRun) async throws -> T
  ) async throws -> T {
    let token = try await store.invite(project: project, member: "bench")
    let port = try DictdServer.freePort()
    let broadcaster = HubBroadcaster()
    var logger = Logger(label: "hub-benchmark")
    logger.logLevel = .warning
    let app = HubServer.application(
      store: store, broadcaster: broadcaster, configuration: .init(address: .hostname("127.0.0.1", port: port)),
      logger: logger)
    let run = HubRun(
      client: HubClient(base: URL(string: "http://127.0.0.1:\(port)")!, token: token), token: token, port: port,
      broadcaster: broadcaster)
    return try await withThrowingTaskGroup(of: T?.self) { group in
      group.addTask {
        try await app.runService()
        return nil
      }
      while (try? await run.client.heads(project: project)) == nil { try await Task.sleep(for: .milliseconds(20)) }
      let result = try await body(run)
      group.cancelAll()
      return result
    }
  }
}
