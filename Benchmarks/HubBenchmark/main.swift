// Key It for teams through the hub (issue 23's measured goals), each part on a real hub server on
// loopback: a save reaching the other devices live, a device back after 30 days offline, and the
// PostgreSQL hub against the SQLite hub under 20 devices pushing; and, on the devices alone, a
// change reaching a chapter with a long log. Prints markdown rows for docs/benchmarks.md.
// `HUB_PARTS=live,offline,push,replay` picks parts; `SAVES`, `TEAM_SAVES`, `OWN_SAVES`, `RUNS`,
// `PUSHES`, `LOGGED` and `REPLAY_RUNS` change the sizes. Run from the repository root: `make bench`.
import BenchmarkSupport
import Foundation

let environment = ProcessInfo.processInfo.environment
func setting(_ name: String, _ fallback: Int) -> Int { Int(environment[name] ?? "") ?? fallback }
let parts = Set((environment["HUB_PARTS"] ?? "live,offline,push,replay").split(separator: ",").map(String.init))
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

/// The machine's 1-minute load average.
func load() -> String {
  (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "?"
}
func ratio(_ value: Double, _ goal: Double) -> String {
  String(format: "%.2f× %@", value / goal, value <= goal ? "✓" : "✗")
}

print("Hub benchmark (release build), load average \(load()) at the start")
print("| work | p50 | p99 | goal | ratio to goal | checks |")
print("|---|---|---|---|---|---|")
if parts.contains("live") {
  let live = try await LivePropagation(devices: 5, saves: setting("SAVES", 205), folder: folder).run()
  let (p50, p99) = (percentile(live.times, 0.5), percentile(live.times, 0.99))
  print(
    "| a save on one device in another's store, 5 devices online, \(live.saves) saves × 4 receivers "
      + "| \(ms(p50)) | \(ms(p99)) | p50 ≤ 50 ms, p99 ≤ 250 ms | p50 \(ratio(p50, 50)), p99 \(ratio(p99, 250)) "
      + "| \(live.times.count) arrived, \(live.missing) missing, \(live.lost) tokens lost |")
  printGoal(
    "Hub: a save shown on 4 other devices, 5 online (p50 / p99)", ours: "\(ms(p50)) / \(ms(p99))",
    peer: "50 ms / 250 ms", ratio: String(format: "%.2f× / %.2f×", p50 / 50, p99 / 250),
    goal: "p50 ≤ 50 ms, p99 ≤ 250 ms",
    met: p50 <= 50 && p99 <= 250 && live.missing == 0 && live.lost == 0)
}
if parts.contains("offline") {
  let (team, own) = (setting("TEAM_SAVES", 5000), setting("OWN_SAVES", 500))
  // KeyItSync's default against applying each request's 200 changes on their own (as before).
  let variants = [2000, 200]
  let results = try await OfflineCatchUp(teamSaves: team, ownSaves: own, runs: setting("RUNS", 5), folder: folder)
    .run(applyEvery: variants)
  for (applyEvery, offline) in zip(variants, results) {
    let (p50, worst) = (percentile(offline.times, 0.5), offline.times.max() ?? .nan)
    // Only the default is held to the goal; the other is the way before, shown for comparison.
    let goal =
      applyEvery == variants[0]
      ? "| ≤ 5 s | \(ratio(p50, 5000)) "
      : "| none: the way before, for comparison | \(String(format: "%.2f×", p50 / 5000)) of 5 s "
    print(
      "| back after 30 days offline: sync (send \(offline.sent), receive \(offline.received)) and re-merge, "
        + "applying \(applyEvery) at a time; median and slowest of \(offline.times.count) | \(ms(p50)) | \(ms(worst)) (slowest) "
        + goal
        + "| CPU \(ms(percentile(offline.cpuTimes, 0.5))) (median); \(offline.conflicts) conflicts, \(offline.lost) tokens lost, "
        + "\(offline.differing) chapters off their log\(offline.converged ? ", converged with another device" : "") |")
    if applyEvery == variants[0] {
      printGoal(
        "Hub: back after 30 days offline, sync and re-merge (median / slowest)", ours: "\(ms(p50)) / \(ms(worst))",
        peer: "5 s", ratio: String(format: "%.2f×", worst / 5000), goal: "≤ 5 s",
        met: worst <= 5000 && offline.lost == 0 && offline.differing == 0)
    }
  }
}
if parts.contains("push") {
  let load = PushLoad(devices: 20, pushes: setting("PUSHES", 100), folder: folder)
  let sqlite = try await load.sqlite()
  let postgres = try await load.postgres()
  let bound = 2 * percentile(sqlite, 0.99)
  print(
    "| SQLite hub: 20 devices pushing at once, one change per push (\(sqlite.count)) "
      + "| \(ms(percentile(sqlite, 0.5))) | \(ms(percentile(sqlite, 0.99))) | (the peer) | | |")
  print(
    "| PostgreSQL hub, the same (\(postgres.count)) | \(ms(percentile(postgres, 0.5))) "
      + "| \(ms(percentile(postgres, 0.99))) | p99 ≤ 2× SQLite's | \(ratio(percentile(postgres, 0.99), bound)) | |")
  printGoal(
    "Hub: PostgreSQL store, 20 devices pushing at once (p99)", ours: ms(percentile(postgres, 0.99)),
    peer: "SQLite store \(ms(percentile(sqlite, 0.99)))",
    ratio: String(format: "%.2f×", percentile(postgres, 0.99) / percentile(sqlite, 0.99)), goal: "≤ 2×",
    met: percentile(postgres, 0.99) <= bound)
}
if parts.contains("replay") {
  let logged = setting("LOGGED", 5000)
  let replay = try await LongLogReplay(logged: logged, runs: setting("REPLAY_RUNS", 100), folder: folder).run()
  let (long, short, whole) = (
    percentile(replay.long, 0.5), percentile(replay.short, 0.5), percentile(replay.wholeLog, 0.5)
  )
  let checks =
    "\(replay.differing) chapters off their log, \(replay.agree ? "" : "not ")the same as with the whole log replayed"
  print(
    "| a change from another device applied to Psalm 119, its log holding \(logged) changes, \(replay.long.count) changes "
      + "| \(ms(long)) | \(ms(percentile(replay.long, 0.99))) | ≤ 2× the same to a chapter with a short log "
      + "| \(String(format: "%.2f×", long / short)) | \(checks) |")
  print(
    "| … the same to Psalm 119 of another Bible, its log short | \(ms(short)) | \(ms(percentile(replay.short, 0.99))) "
      + "| (the peer) | | |")
  print(
    "| … to Psalm 119 on a device that replays the whole log (as before) | \(ms(whole)) "
      + "| \(ms(percentile(replay.wholeLog, 0.99))) | | \(String(format: "%.1f×", whole / long)) the kept replay | |")
  printGoal(
    "Key It: a change from another device applied to a chapter whose log holds \(logged) changes (p50)", ours: ms(long),
    peer: "the same chapter with a short log \(ms(short)); replaying the whole log, as before, \(ms(whole))",
    ratio: String(format: "%.2f×", long / short), goal: "≤ 2× (flat as the log grows)",
    met: long <= 2 * short && replay.differing == 0 && replay.agree)
}
print("load average \(load()) at the end")
