import Foundation
import Gzip
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import SyncHub
import SyncLog
import Synchronization
import Testing

@testable import SyncHubServer

/// How one push reached the hub.
private struct Push: Equatable, Sendable {
  var coding: String?
  var bytes: Int
}

/// The pushes a watched hub saw, and whether it plays an older version now.
private final class PushLog: Sendable {
  let pushes = Mutex<[Push]>([])
  let older = Atomic<Bool>(false)
}

/// The hub's routes behind a watcher that notes how each push arrived, and that can be turned into
/// a hub of an older version: one that refuses a gzipped body with 415 and never says it takes gzip.
private struct WatchedHub<Inner: HTTPResponder<BasicRequestContext>>: HTTPResponder {
  let inner: Inner
  let log: PushLog

  func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
    let coding = request.headers[.contentEncoding]
    if request.uri.path.hasSuffix("/push") {
      let bytes = request.headers[.contentLength].flatMap { Int($0) } ?? -1
      log.pushes.withLock { $0.append(Push(coding: coding, bytes: bytes)) }
    }
    guard log.older.load(ordering: .relaxed) else { return try await inner.respond(to: request, context: context) }
    if coding != nil { return Response(status: .unsupportedMediaType) }
    var response = try await inner.respond(to: request, context: context)
    response.headers[.acceptEncoding] = nil
    return response
  }
}

/// A live hub on a free port whose pushes are watched; `body` gets its address.
private func withWatchedHub(_ store: any HubStore, _ body: @Sendable (URL, PushLog) async throws -> Void)
  async throws
{
  let log = PushLog()
  let watched = WatchedHub(
    inner: HubServer.router(store: store, broadcaster: HubBroadcaster()).buildResponder(), log: log)
  let app = Application(responder: watched, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
  try await app.test(.live) { client in try await body(URL(string: "http://127.0.0.1:\(client.port!)")!, log) }
}

/// Typed verses, each a different line of text, as a keyboarder's day of work.
private func verses(_ device: String, _ counters: ClosedRange<Int64>) -> [SyncChange] {
  counters.map { change(device, $0, payload: #"{"verse":\#($0),"text":"Long taim bipo tru, namba \#($0) ✓"}"#) }
}

@Suite struct HubGzipTests {
  /// A device on a slow link sends its pushes gzipped once the hub has said it takes them, and the
  /// hub stores exactly what was sent.
  @Test func pushesGoGzippedOnceTheHubSaysItTakesThem() async throws {
    try await withStore(.sqlite) { store in
      let token = try await store.invite(project: "keyit:team", member: "Mary")
      try await withWatchedHub(store) { base, log in
        let hub = HubClient(base: base, token: token)
        // The first push, with heads the device already knew, goes before the hub has answered.
        _ = try await hub.add(verses("a", 1...1000), project: "keyit:team", heads: SyncHeads())
        _ = try await hub.add(verses("a", 1001...2000), project: "keyit:team")
        _ = try await hub.add(verses("a", 2001...2001), project: "keyit:team")
        let seen = log.pushes.withLock { $0 }
        #expect(seen.map(\.coding) == [nil, "gzip", nil], "plain before the hub spoke, then gzip, a small one plain")
        #expect(seen[1].bytes * 8 < seen[0].bytes, "1,000 verses gzip to under an eighth: \(seen.map(\.bytes))")
        let stored = try await store.changes(project: "keyit:team", after: SyncHeads(), limit: 5000)
        #expect(stored == verses("a", 1...2001))
      }
    }
  }

  /// A hub put back to a version that does not take gzip gets the push again, plain, and every
  /// push after it plain.
  @Test func aHubThatStoppedTakingGzipGetsThePushPlain() async throws {
    try await withStore(.sqlite) { store in
      let token = try await store.invite(project: "keyit:team", member: "Mary")
      try await withWatchedHub(store) { base, log in
        let hub = HubClient(base: base, token: token)
        _ = try await hub.heads(project: "keyit:team")
        log.older.store(true, ordering: .relaxed)
        #expect(try await hub.add(verses("a", 1...1000), project: "keyit:team", heads: SyncHeads()).added.count == 1000)
        #expect(try await hub.add(verses("a", 1001...2000), project: "keyit:team").added.count == 1000)
        #expect(log.pushes.withLock { $0 }.map(\.coding) == ["gzip", nil, nil])
      }
    }
  }

  /// A zip bomb, a damaged stream and a coding the hub does not take all change nothing.
  @Test func aBombADamagedStreamAndAnotherCodingStoreNothing() async throws {
    try await withStore(.sqlite) { store in
      let token = try await store.invite(project: "keyit:team", member: "Mary")
      try await HubServer.application(store: store, configuration: .init()).test(.router) { client in
        let path = "/hub/v1/projects/keyit:team/push"
        var headers: HTTPFields = [.authorization: "Bearer \(token)", .contentEncoding: "gzip"]
        let json = try JSONEncoder().encode(ChangeBatch(changes: verses("a", 1...3)))
        let good = try #require(Gzip.compress([UInt8](json), level: 6))
        // 40 MiB of spaces after the JSON: valid, but past the push's 32 MiB once inflated.
        let bomb = try #require(
          Gzip.compress([UInt8](json) + [UInt8](repeating: 0x20, count: 40 << 20), level: 9))
        try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(bytes: bomb)) {
          #expect($0.status == .contentTooLarge)
        }
        try await client.execute(
          uri: path, method: .post, headers: headers, body: ByteBuffer(bytes: good.dropLast(4))
        ) { #expect($0.status == .badRequest) }
        headers[.contentEncoding] = "br"
        try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(bytes: good)) {
          #expect($0.status == .unsupportedMediaType)
          #expect($0.headers[.acceptEncoding] == "gzip")
        }
        #expect(try await store.heads(project: "keyit:team") == SyncHeads())
        headers[.contentEncoding] = "gzip"
        try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(bytes: good)) {
          #expect($0.status == .ok)
        }
        #expect(try await store.heads(project: "keyit:team") == SyncHeads(["a": 3]))
      }
    }
  }
}
