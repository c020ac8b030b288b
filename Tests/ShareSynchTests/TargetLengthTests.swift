import Foundation
import GRDB
import Testing

@testable import ShareSynch

/// A sermon's target length: stored with its state in the current variation, checked, cleared,
/// carried into a new variation, and added to databases made before it existed.
@Suite struct TargetLengthTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("target-\(UUID().uuidString)")

  @Test func theTargetIsStoredCheckedClearedAndCopiedToANewVariation() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try ShareSynchStore.inMemory(seriesRoot: folder)
    try await store.installDemoIfEmpty()
    let before = try await store.sermonState(series: "demo", sermon: "welcome")
    #expect(before.targetSeconds == nil)
    let set = try await store.setTarget(seconds: 25 * 60, series: "demo", sermon: "welcome")
    #expect(set.targetSeconds == 1500 && set.appeal == before.appeal, "the appeal is left as it was")
    #expect(try await store.sermonState(series: "demo", sermon: "welcome").targetSeconds == 1500)

    for refused in [0, -5, 36_001] {
      await #expect(throws: ShareSynchError.badTargetLength(seconds: refused, allowed: 1...36_000)) {
        try await store.setTarget(seconds: refused, series: "demo", sermon: "welcome")
      }
    }
    await #expect(throws: ShareSynchError.unknownSermon("nosuch")) {
      try await store.setTarget(seconds: 60, series: "demo", sermon: "nosuch")
    }
    #expect(try await store.sermonState(series: "demo", sermon: "welcome").targetSeconds == 1500, "refused: unchanged")

    _ = try await store.createVariation(series: "demo", name: "Short", from: nil)
    #expect(try await store.sermonState(series: "demo", sermon: "welcome").targetSeconds == 1500, "copied")
    #expect(try await store.setTarget(seconds: nil, series: "demo", sermon: "welcome").targetSeconds == nil)
    #expect(try await store.sermonState(series: "demo", sermon: "welcome").targetSeconds == nil, "cleared")
  }

  /// A database of the build before target lengths opens with every sermon state kept and no target.
  @Test func aDatabaseFromBeforeTargetsKeepsItsSermonStates() async throws {
    let queue = try DatabaseQueue()
    try ShareSynchMigrations.migrator.migrate(queue, upTo: "v3: settings")
    try await queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO Series (id, name, slideLanguage, noteLanguage, currentVariationID, installedAt)
          VALUES ('old', 'Old', 'en', 'en', 1, '2025-01-01 00:00:00');
          INSERT INTO Variations (id, seriesID, name, isOriginal) VALUES (1, 'old', 'Original', 1);
          INSERT INTO SermonStates (variationID, sermonID, appealType, appealSong, lastSlideID)
          VALUES (1, 'one', 'instrumental', 'hymn', 7);
          """)
    }
    let store = try ShareSynchStore(writer: queue, seriesRoot: folder)
    let kept = try await store.writer.read { db in try SermonState.fetchAll(db) }
    #expect(
      kept == [
        SermonState(
          variationID: 1, sermonID: "one", appealType: .instrumental, appealSong: "hymn", lastSlideID: 7,
          targetSeconds: nil)
      ])
  }
}
