import Foundation
import KeyIt
import SyncLog

/// Key It's team sync: a change from the hub whose payload is the input, applied to a Bible that
/// holds Ruth (`applyRemote`), as a forged or damaged change would reach a device. Its oracle:
/// the chapters' tables stay what replaying their logs gives (`chaptersDifferingFromLog`, every 5
/// applied). A change that replays for ever (a bridge to verse 2⁶²) is a hang the supervisor saves.
let keyItChangeTarget = FuzzTarget(
  "keyit-change", "Key It team change from the hub (applyRemote into a Bible holding Ruth; oracle: tables = log)",
  maxLength: 16 << 10,
  tokens: jsonTokens + [
    "\"kind\":\"edit\"", "\"kind\":\"resolve\"", "\"kind\":\"settings\"", "\"kind\":\"bible\"", "\"book\":\"RUT\"",
    "\"book\":\"PSA\"", "\"chapter\":1", "\"chapter\":0", "\"chapter\":151", "\"items\":", "\"uid\":\"/v1\"",
    "\"uid\":\"/v2\"", "\"before\":", "\"after\":", "\"verse\":", "\"verse\":176", "\"verse\":177", "\"order\":",
    "\"type\":\"Verse\"", "\"type\":\"Para\"", "\"type\":\"Heading\"", "\"startsBridge\":true", "\"bridgeEnd\":",
    "\"bridgeEnd\":9223372036854775807", "\"intSeq\":", "\"marker\":\"q1\"", "\"text\":", "\"steps\":[[\"a\",\"b\"]]",
    "\"resolution\":{\"choice\":\"keepIncoming\",\"conflict\":\"x\"}", "\"bible\":", "-1", "1.0", "\\u00e9",
  ],
  seeds: { places in
    let (store, bible) = try await storeWithRuth(try ruth(places))
    let verses = try await store.chapter(bibleID: bible.bibleID, code: "RUT", chapter: 2).items
      .filter { $0.itemType == .verse }
    for (index, verse) in verses.prefix(3).enumerated() {
      _ = try await store.setText(bibleID: bible.bibleID, itemID: verse.itemID!, text: "Typed \(index) “ŵ” \\ /")
    }
    _ = try await store.perform(.insertHeadingBefore, bibleID: bible.bibleID, itemID: verses[6].itemID!)
    // A bridge, in a chapter nobody has typed in yet (a verse with text does not bridge).
    let philemon = try await store.chapter(bibleID: bible.bibleID, code: "PHM", chapter: 1).items
    let first = philemon.first { $0.itemType == .verse }!
    _ = try await store.perform(.bridgeNext, bibleID: bible.bibleID, itemID: first.itemID!)
    // The import's chapters are long; the saves and the bridge are what a hub mostly carries.
    let changes = try await store.changes(bibleUID: bible.uid, after: SyncHeads(), limit: 100)
    return changes.suffix(6).map { Array($0.payload.utf8) } + changes.prefix(2).map { Array($0.payload.utf8) }
  },
  runner: { scratch in
    let ruthText = try ruth(scratch.places)
    var (store, bible) = try await storeWithRuth(ruthText)
    // The hub's device's changes applied so far: the next must be the one after, or it waits for a gap.
    var applied: Int64 = 0
    var inputs: Int64 = 0
    return { bytes in
      inputs += 1
      if applied == 300, let fresh = try? await storeWithRuth(ruthText) {  // keep the log short
        (store, bible, applied) = (fresh.0, fresh.1, 0)
      }
      let uid = bible.uid
      let change = SyncChange(
        project: SyncChange.keyItProject(bibleUID: uid), device: "fuzz-hub-device", counter: applied + 1,
        clock: HybridTimestamp(wallMillis: 1_900_000_000_000 + inputs, logical: 0, device: "fuzz-hub-device"),
        author: "fuzz", payload: String(decoding: bytes, as: UTF8.self))
      guard (try? await store.applyRemote([change], bibleUID: uid)) == 1 else { return }
      applied += 1
      guard applied % 5 == 0 else { return }
      if let differing = try? await store.chaptersDifferingFromLog(bibleUID: uid), !differing.isEmpty {
        oracleFailure("tables differ from their log in \(differing)")
      }
    }
  })

/// WEB Ruth, from the repository's fixtures.
private func ruth(_ places: SeedPlaces) throws -> String {
  try String(
    contentsOf: places.repository.appendingPathComponent("Tests/Fixtures/usfm/09-RUTeng-web.usfm"), encoding: .utf8)
}

/// A store in memory with a Bible holding `ruth`, and the Bible.
private func storeWithRuth(_ ruth: String) async throws -> (KeyItStore, Bible) {
  let store = try KeyItStore.inMemory()
  let bible = try await store.createBible(name: "Fuzz")
  _ = try await store.importUSFM([("ruth.usfm", ruth)], bibleID: bible.bibleID)
  return (store, bible)
}
