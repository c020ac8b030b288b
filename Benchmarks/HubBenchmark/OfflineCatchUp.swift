import BenchmarkSupport
import Foundation
import GRDB
import KeyIt
import SyncHub
import SyncLog

/// Goal: a device back after 30 days offline syncs and re-merges in ≤ 5 s. Four team members keyboard
/// Genesis 1–40 (ten chapters each, a tenth of their saves anywhere in 1–50), syncing with the hub
/// after every 25 saves, until it holds `teamSaves` of their changes; meanwhile the returning device
/// (a real store in a file) keyboards Genesis 41–50 offline, a tenth of its `ownSaves` in the
/// others' chapters. Each run copies that hub and that device afresh and times one `KeyItSync.sync`
/// over HTTP: it sends the device's saves, fetches the team's and replays every chapter they touch.
struct OfflineCatchUp {
  struct Result {
    var times: [Double] = []
    /// CPU time of the whole process (device and hub) during each sync, ms: what the load cannot stretch.
    var cpuTimes: [Double] = []
    var sent = 0
    var received = 0
    var conflicts = 0
    /// Tokens typed by anyone that are in no verse or conflict of the returning device after a run.
    var lost = 0
    /// Chapters whose tables differ from their log's replay after a run.
    var differing = 0
    /// Whether another device that syncs afterwards ends with the same verses and conflicts.
    var converged = false
  }

  let teamSaves: Int
  let ownSaves: Int
  let runs: Int
  let folder: URL

  /// The results for each of `applyEvery` (how many fetched changes `KeyItSync` applies at once).
  func run(applyEvery: [Int]) async throws -> [Result] {
    let hubPath = folder.appendingPathComponent("offline-hub.sqlite").path
    let devicePath = folder.appendingPathComponent("offline-device.sqlite").path
    let hub = try SQLiteHubStore(path: hubPath)
    let team = try (0..<4).map { _ in try KeyItStore.inMemory() }
    let uid = try await team[0].createBible(name: "Genesis team").uid
    let returning = try KeyItStore(path: devicePath)
    for store in team + [returning] { try await KeyItSync(store: store, hub: hub).sync(bibleUID: uid) }
    var typing = try TeamTyping(seed: 30)
    let teamIDs = try await bibleIDs(team, uid: uid)
    var member = 0
    for save in 0..<teamSaves {
      if save > 0, save % 25 == 0 {
        try await KeyItSync(store: team[member], hub: hub).sync(bibleUID: uid)
        member = (member + 1) % team.count
      }
      let chapter =
        Int.random(in: 0..<10, using: &typing.random) == 0
        ? Int.random(in: 1...50, using: &typing.random) : member * 10 + Int.random(in: 1...10, using: &typing.random)
      try await typing.save(
        team[member], bibleID: teamIDs[member], book: "GEN", chapter: chapter, verse: verse(in: chapter, &typing))
    }
    try await KeyItSync(store: team[member], hub: hub).sync(bibleUID: uid)
    let returningID = try await returning.bible(uid: uid)!.bibleID!
    for _ in 0..<ownSaves {
      let chapter =
        Int.random(in: 0..<10, using: &typing.random) == 0
        ? Int.random(in: 1...40, using: &typing.random) : Int.random(in: 41...50, using: &typing.random)
      try await typing.save(
        returning, bibleID: returningID, book: "GEN", chapter: chapter, verse: verse(in: chapter, &typing))
    }

    var results: [Result] = []
    for (variant, applyEvery) in applyEvery.enumerated() {
      var result = Result()
      for run in 0..<runs {
        let name = "\(variant)-\(run).sqlite"
        let hubCopy = try copy(hubPath, to: folder.appendingPathComponent("offline-hub-" + name).path)
        let deviceCopy = try copy(devicePath, to: folder.appendingPathComponent("offline-device-" + name).path)
        let device = try KeyItStore(path: deviceCopy)
        let hubStore = try SQLiteHubStore(path: hubCopy)
        let project = SyncChange.keyItProject(bibleUID: uid)
        let (time, cpu, report) = try await HubRun.serving(hubStore, project: project) { hub in
          let (start, cpuStart) = (ContinuousClock.now, processCPUMilliseconds())
          let report = try await KeyItSync(store: device, hub: hub.client, applyEvery: applyEvery).sync(bibleUID: uid)
          return (milliseconds(ContinuousClock.now - start), processCPUMilliseconds() - cpuStart, report)
        }
        result.times.append(time)
        result.cpuTimes.append(cpu)
        (result.sent, result.received) = (report.sent, report.received)
        result.lost = max(result.lost, try await lostTokens(device, bibleUID: uid, typed: typing.tokens).count)
        result.differing = max(result.differing, try await device.chaptersDifferingFromLog(bibleUID: uid).count)
        result.conflicts = try await device.conflicts(bibleID: try await device.bible(uid: uid)!.bibleID!).count
        if variant == 0 && run == 0 {
          // Another member syncs after the returning device: both show the same verses and conflicts.
          let member = try KeyItStore.inMemory()
          try await KeyItSync(store: member, hub: hubStore).sync(bibleUID: uid)
          result.converged = try await member.teamSnapshot(bibleUID: uid) == device.teamSnapshot(bibleUID: uid)
        }
      }
      results.append(result)
    }
    return results
  }

  private func bibleIDs(_ stores: [KeyItStore], uid: String) async throws -> [Int64] {
    var ids: [Int64] = []
    for store in stores { ids.append(try await store.bible(uid: uid)!.bibleID!) }
    return ids
  }

  /// A verse of Genesis `chapter`, earlier verses more often (keyboarders work through a chapter).
  private func verse(in chapter: Int, _ typing: inout TeamTyping) -> Int {
    let count = BookCatalog.standard.book(code: "GEN")!.chapters[chapter - 1].verseCount
    return min(Int.random(in: 1...count, using: &typing.random), Int.random(in: 1...count, using: &typing.random))
  }

  /// A consistent copy of a live SQLite database (its WAL included).
  private func copy(_ path: String, to copy: String) throws -> String {
    try DatabaseQueue(path: path).inDatabase { db in try db.execute(sql: "VACUUM INTO ?", arguments: [copy]) }
    return copy
  }
}
