// The team hub under load, SQLite store against PostgreSQL store in the same run (issue 23's goal:
// PostgreSQL p99 ≤ 2× SQLite): 20 devices each push 100 single-change batches over HTTP, all at
// once, and every push's round trip is timed. A PostgreSQL server is made for the run with initdb
// (fsync on, as a team server would run), the SQLite store is a WAL file with synchronous = FULL.
import BenchmarkSupport
import Foundation
import Hummingbird
import Logging
import PostgresNIO
import SyncHub
import SyncHubServer
import SyncLog
import TestSupport

let devices = 20
let pushesPerDevice = 100

func pushTimes(_ store: any HubStore) async throws -> [Double] {
  let token = try await store.invite(project: "keyit:bench", member: "bench")
  let port = Int.random(in: 30000..<60000)
  let app = HubServer.application(store: store, configuration: .init(address: .hostname("127.0.0.1", port: port)))
  return try await withThrowingTaskGroup(of: [Double].self) { group in
    group.addTask {
      try await app.runService()
      return []
    }
    let hub = HubClient(base: URL(string: "http://127.0.0.1:\(port)")!, token: token)
    while (try? await hub.heads(project: "keyit:bench")) == nil { try await Task.sleep(for: .milliseconds(20)) }
    var devicesGroup = [Task<[Double], any Error>]()
    for device in 0..<devices {
      devicesGroup.append(
        Task {
          var times: [Double] = []
          var clock = HybridLogicalClock(device: "device-\(device)")
          for counter in 1...pushesPerDevice {
            let change = SyncChange(
              project: "keyit:bench", device: "device-\(device)", counter: Int64(counter),
              clock: clock.tick(wallMillis: Int64(Date().timeIntervalSince1970 * 1000)), author: "bench",
              payload: #"{"kind":"text","item":"0190f0a4-1111-7000-8000-000000000001","text":"Long time ago God made"}"#
            )
            let start = ContinuousClock.now
            _ = try await hub.add([change], project: "keyit:bench")
            times.append(milliseconds(ContinuousClock.now - start))
          }
          return times
        })
    }
    var all: [Double] = []
    for task in devicesGroup { all += try await task.value }
    group.cancelAll()
    return all
  }
}

func report(_ name: String, _ times: [Double]) {
  print(
    String(
      format: "%@  p50 %.2f ms  p99 %.2f ms  (n=%d)", name.padding(toLength: 30, withPad: " ", startingAt: 0),
      percentile(times, 0.5), percentile(times, 0.99), times.count))
}

print("Hub: \(devices) devices each pushing \(pushesPerDevice) changes at once over HTTP (one change per push)")
let sqlitePath = NSTemporaryDirectory() + "hub-bench-\(UUID().uuidString).sqlite"
let sqlite = try await pushTimes(try SQLiteHubStore(path: sqlitePath))
for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: sqlitePath + suffix) }

let server = try PostgresServer(fsync: true)
let client = PostgresClient(
  configuration: .init(
    unixSocketPath: server.socketPath, username: server.user, password: nil, database: server.database),
  backgroundLogger: Logger(label: "pg"))
let postgres = try await withThrowingTaskGroup(of: [Double].self) { group in
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
server.stop()
report("SQLite hub (peer)", sqlite)
report("PostgreSQL hub", postgres)
let ratio = percentile(postgres, 0.99) / percentile(sqlite, 0.99)
print(String(format: "ratio PostgreSQL/SQLite p99 %.2f×   goal ≤ 2×  %@", ratio, ratio <= 2 ? "met" : "MISSED"))
