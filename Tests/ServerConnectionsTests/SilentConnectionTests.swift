import Foundation
import Hummingbird
import HummingbirdWSClient
import HummingbirdWebSocket
import Logging
import NIOCore
import ServerConnections
import ServiceLifecycle
import Synchronization
import TestSupport
import Testing

/// A server with one route (`/healthz`) and an echoing WebSocket, built as the hub and `serve` build theirs.
struct EchoServer {
  let group: ServiceGroup
  let port: Int

  static func start(requestHeadLimit: TimeAmount) async throws -> (server: EchoServer, running: Task<Void, any Error>) {
    let router = Router()
    router.get("/healthz") { _, _ in "ok" }
    let (ports, listening) = AsyncStream.makeStream(of: Int.self)
    let app = Application(
      router: router,
      server: .http1WebSocketUpgradeClosingSilentConnections(requestHeadLimit: requestHeadLimit) { _, _, _ in
        .upgrade([:]) { inbound, outbound, _ in
          for try await message in inbound.messages(maxSize: 1024) {
            if case .text(let text) = message { try await outbound.write(.text(text)) }
          }
        }
      },
      configuration: .init(address: .hostname("127.0.0.1", port: 0)),
      onServerRunning: { listening.yield($0.localAddress?.port ?? 0) })
    let group = ServiceGroup(configuration: .init(services: [app], logger: Logger(label: "echo")))
    let running = Task { try await group.run() }
    var iterator = ports.makeAsyncIterator()
    let port = try #require(await iterator.next())
    return (EchoServer(group: group, port: port), running)
  }
}

@Suite(.timeLimit(.minutes(1))) struct SilentConnectionTests {
  /// Nothing sent, or half a request head: either way the connection is closed at the deadline.
  @Test(arguments: ["", "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n"])
  func aConnectionWithoutAWholeHeadIsClosedAtTheDeadline(sent: String) async throws {
    let (server, running) = try await EchoServer.start(requestHeadLimit: .milliseconds(300))
    defer { running.cancel() }
    let connection = try RawConnection(port: server.port)
    connection.send(sent)
    #expect(await connection.read(waiting: 10) == ("", true))
  }

  /// Bytes that are no HTTP at all, and fifty silent clients at once: none outlives the deadline.
  @Test func garbageAndManySilentClientsAreClosedAtTheDeadline() async throws {
    let (server, running) = try await EchoServer.start(requestHeadLimit: .milliseconds(300))
    defer { running.cancel() }
    let garbage = try RawConnection(port: server.port)
    garbage.send("\u{16}\u{03}\u{01}not http at all")
    let silent = try (0..<50).map { _ in try RawConnection(port: server.port) }
    #expect(await garbage.read(waiting: 10).closed)
    for connection in silent { #expect(await connection.read(waiting: 10) == ("", true)) }
  }

  @Test func aRequestInTimeKeepsItsConnectionPastTheDeadline() async throws {
    let (server, running) = try await EchoServer.start(requestHeadLimit: .milliseconds(300))
    defer { running.cancel() }
    let client = try RawConnection(port: server.port)
    for _ in 0..<2 {
      client.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
      let answer = await client.read(waiting: 10, until: "ok")
      #expect(answer.text.hasPrefix("HTTP/1.1 200") && answer.text.hasSuffix("ok") && !answer.closed)
      try await Task.sleep(for: .milliseconds(600))
    }
  }

  @Test func aWebSocketOutlivesTheDeadline() async throws {
    let (server, running) = try await EchoServer.start(requestHeadLimit: .milliseconds(300))
    defer { running.cancel() }
    let echoed = Mutex<String?>(nil)
    _ = try await WebSocketClient.connect(url: "ws://127.0.0.1:\(server.port)/", logger: Logger(label: "client")) {
      inbound, outbound, _ in
      try await Task.sleep(for: .milliseconds(600))
      try await outbound.write(.text("still here"))
      for try await case .text(let text) in inbound.messages(maxSize: 1024) {
        echoed.withLock { $0 = text }
        break
      }
    }
    #expect(echoed.withLock { $0 } == "still here")
  }

  enum Stop: CaseIterable { case graceful, cancelled }

  /// Stopping waits for no connection that has not sent a request: without the deadline's handler
  /// the server waits until the client gives up.
  @Test(arguments: Stop.allCases) func stoppingDoesNotWaitForASilentConnection(_ stop: Stop) async throws {
    let (server, running) = try await EchoServer.start(requestHeadLimit: .seconds(60))
    #expect(
      try await RawConnection.stopClosesSilentConnections(port: server.port) {
        switch stop {
        case .graceful: await server.group.triggerGracefulShutdown()
        case .cancelled: running.cancel()
        }
        _ = await running.result
      })
  }
}
