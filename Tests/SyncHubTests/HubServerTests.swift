import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import Logging
import SyncHub
import SyncLog
import Synchronization
import Testing

@testable import SyncHubServer

private func hubApp(_ store: any HubStore) -> some ApplicationProtocol {
  HubServer.application(store: store, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
}

/// A change of a verse that someone filled with one dash held down: 200,000 of them.
private let heldKey = #"{"text":""# + String(repeating: "—", count: 200_000) + #"","verse":1}"#

@Suite struct HubServerTests {
  @Test(arguments: StoreKind.allCases) func aMembersDeviceSyncsThroughTheClientAndStrangersAreRefused(kind: StoreKind)
    async throws
  {
    try await withStore(kind) { store in
      let token = try await store.invite(project: "keyit:team", member: "Mary")
      try await hubApp(store).test(.live) { client in
        let base = URL(string: "http://127.0.0.1:\(client.port!)")!
        let hub = HubClient(base: base, token: token)
        // More than one push's worth, so the client splits the upload.
        let changes = (1...1500).map { change("a", Int64($0)) }
        let outcome = try await hub.add(changes + [change("b", 2)], project: "keyit:team")
        #expect(outcome.added.count == 1500)
        #expect(outcome.refusedForGap == 1)
        #expect(try await hub.add(changes, project: "keyit:team").added.isEmpty, "a second upload adds nothing")
        #expect(try await hub.heads(project: "keyit:team") == SyncHeads(["a": 1500]))
        let pulled = try await hub.changes(project: "keyit:team", after: SyncHeads(["a": 1400]), limit: 5000)
        #expect(pulled == Array(changes[1400...]), "a pull stops at the hub's batch limit or the end")
        // A change that gzips to far less than a 25th of itself is inflated all the same (the
        // shared HTTP client's limit is 25 times): else no device could pull past it.
        let held = [change("c", 1, payload: heldKey)]
        #expect(try await hub.add(held, project: "keyit:team").added.count == 1)
        #expect(try await hub.changes(project: "keyit:team", after: SyncHeads(["a": 1500]), limit: 5000) == held)

        for (badToken, project) in [("wrong", "keyit:team"), (token, "keyit:other")] {
          let stranger = HubClient(base: base, token: badToken)
          await #expect(throws: HubClientError.self) { try await stranger.heads(project: project) }
          await #expect(throws: HubClientError.self) { try await stranger.add([change("c", 1)], project: project) }
        }
        #expect(try await store.heads(project: "keyit:other") == SyncHeads())
      }
    }
  }

  @Test func aBrokenBodyGetsA400AndAnOversizedOneA413() async throws {
    try await withStore(.sqlite) { store in
      let token = try await store.invite(project: "keyit:team", member: "Mary")
      try await hubApp(store).test(.router) { client in
        let auth: HTTPFields = [.authorization: "Bearer \(token)"]
        try await client.execute(
          uri: "/hub/v1/projects/keyit:team/push", method: .post, headers: auth,
          body: ByteBuffer(string: "{\"changes\": [")
        ) { #expect($0.status == .badRequest) }
        let big = ByteBuffer(
          string: "{\"after\": {\"counters\": {\"" + String(repeating: "x", count: 70_000) + "\": 1}}}")
        try await client.execute(uri: "/hub/v1/projects/keyit:team/pull", method: .post, headers: auth, body: big) {
          #expect($0.status == .contentTooLarge)
        }
        try await client.execute(uri: "/hub/v1/projects/keyit:team/heads", method: .get) {
          #expect($0.status == .unauthorized)
        }
        _ = try await store.add([change("c", 1, payload: heldKey)], project: "keyit:team")
        let pull = ByteBuffer(string: "{\"after\": {\"counters\": {}}}")
        var gzip = auth
        gzip[.acceptEncoding] = "gzip"
        let path = "/hub/v1/projects/keyit:team/pull"
        let plain = try await client.execute(uri: path, method: .post, headers: auth, body: pull) { $0 }
        let packed = try await client.execute(uri: path, method: .post, headers: gzip, body: pull) { $0 }
        #expect(plain.headers[.contentEncoding] == nil && packed.headers[.contentEncoding] == "gzip")
        #expect(packed.body.readableBytes * 25 < plain.body.readableBytes, "more than the shared client's 25 times")
      }
    }
  }

  @Test func theLiveSocketDeliversAnotherDevicesPushAndRefusesStrangers() async throws {
    try await withStore(.sqlite) { store in
      let token = try await store.invite(project: "keyit:team", member: "Mary")
      let broadcaster = HubBroadcaster()
      let app = HubServer.application(
        store: store, broadcaster: broadcaster, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
      try await app.test(.live) { client in
        let port = client.port!
        let hub = HubClient(base: URL(string: "http://127.0.0.1:\(port)")!, token: token)
        let received = try await withThrowingTaskGroup(of: [SyncChange].self) { group in
          group.addTask {
            let delivered = Mutex<[SyncChange]>([])
            _ = try await WebSocketClient.connect(
              url: "ws://127.0.0.1:\(port)/hub/v1/projects/keyit:team/live?token=\(token)", logger: Logger(label: "ws")
            ) { inbound, outbound, _ in
              var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
              guard case .text(let text) = try await messages.next() else { return }
              let batch = try JSONDecoder().decode(ChangeBatch.self, from: Data(text.utf8))
              delivered.withLock { $0 = batch.changes }
              try await outbound.close(.normalClosure, reason: nil)
            }
            return delivered.withLock { $0 }
          }
          while await broadcaster.count == 0 { try await Task.sleep(for: .milliseconds(10)) }
          _ = try await hub.add([change("b", 1), change("b", 2)], project: "keyit:team")
          return try await group.next()!
        }
        #expect(received == [change("b", 1), change("b", 2)])
        await #expect(throws: (any Error).self) {
          try await WebSocketClient.connect(
            url: "ws://127.0.0.1:\(port)/hub/v1/projects/keyit:team/live?token=nope", logger: Logger(label: "ws")
          ) { _, _, _ in }
        }
      }
    }
  }
}

/// A device that stops reading never holds up a push: its socket keeps the newest batches only
/// (it pulls what it missed when it sees the gap), and the other sockets get everything.
@Test func aStalledSocketKeepsOnlyTheNewestBatchesAndBlocksNoPush() async throws {
  let broadcaster = HubBroadcaster()
  let stalled = await broadcaster.listen(project: "keyit:team")
  for counter in 1...200 {
    await broadcaster.publish(ChangeBatch(changes: [change("a", Int64(counter))]), project: "keyit:team")
  }
  await broadcaster.stopListening(project: "keyit:team", id: stalled.id)
  var kept: [Int64] = []
  for await batch in stalled.batches { kept += batch.changes.map(\.counter) }
  #expect(kept == Array(Int64(200 - HubBroadcaster.bufferedBatches + 1)...200))
  #expect(await broadcaster.count == 0)
}
