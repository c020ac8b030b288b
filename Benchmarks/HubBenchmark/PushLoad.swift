import BenchmarkSupport
import Foundation
import Logging
import PostgresNIO
import SyncHub
import SyncLog
import TestSupport

/// Goal: PostgreSQL hub p99 ≤ 2× SQLite hub p99 with 20 devices pushing at once. Each device pushes
/// `pushes` single-change batches over HTTP one after another (after one untimed push that opens
/// its connections), all devices at once, and every push's round trip (one request, as `KeyItSync`
/// sends it) is timed. The SQLite store is a WAL file with `synchronous = FULL`; the
/// PostgreSQL server is made for the run with initdb, fsync on, as a team server would run.
struct PushLoad {
  let devices: Int
  let pushes: Int
  let folder: URL

  func sqlite() async throws -> [Double] {
    try await pushTimes(try SQLiteHubStore(path: folder.appendingPathComponent("push-hub.sqlite").path))
  }

  func postgres() async throws -> [Double] {
    let server = try PostgresServer(fsync: true)
    defer { server.stop() }
    let client = PostgresClient(
      configuration: .init(
        unixSocketPath: server.socketPath, username: server.user, password: nil, database: server.database),
      backgroundLogger: Logger(label: "pg"))
    return try await withThrowingTaskGroup(of: [Double].self) { group in
      group.addTask {
        await client.run()
        return []
      }
      let store = PostgresHubStore(client: client)
      try await store.prepare()
      let times = try await pushTimes(store)
      group.cancelAll()
      return times
    }
  }

  private func pushTimes(_ store: any HubStore) async throws -> [Double] {
    let project = "keyit:bench"
    let (devices, pushes) = (devices, pushes)
    return try await HubRun.serving(store, project: project) { hub in
      try await withThrowingTaskGroup(of: [Double].self) { group in
        for device in 0..<devices {
          group.addTask {
            var times: [Double] = []
            var clock = HybridLogicalClock(device: "device-\(device)")
            // Push 1 is not timed: it opens the device's connection to the hub and, for PostgreSQL,
            // the hub's pooled connection to the server, which a hub serving its team keeps open.
            for counter in 1...(pushes + 1) {
              let change = SyncChange(
                project: project, device: "device-\(device)", counter: Int64(counter),
                clock: clock.tick(wallMillis: Int64(Date().timeIntervalSince1970 * 1000)), author: "bench",
                payload:
                  #"{"kind":"text","item":"0190f0a4-1111-7000-8000-000000000001","text":"Long time ago God made"}"#
              )
              let start = ContinuousClock.now
              // As KeyItSync pushes: the device knows what the hub held of it before this push.
              _ = try await hub.client.add(
                [change], project: project, heads: SyncHeads(["device-\(device)": Int64(counter - 1)]))
              if counter > 1 { times.append(milliseconds(ContinuousClock.now - start)) }
            }
            return times
          }
        }
        return try await group.reduce(into: []) { $0 += $1 }
      }
    }
  }
}
