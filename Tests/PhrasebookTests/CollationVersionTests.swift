import AppSupport
import Foundation
import GRDB
import Testing

@testable import Phrasebook

/// Sort keys are ICU's, from Debian's library; when the ICU version changes they are rebuilt.
@Suite struct CollationVersionTests {
  @Test func theRunningICUVersionIsRecordedAndAChangeRebuildsTheKeys() async throws {
    let queue = try DatabaseQueue()
    let store = try PhrasebookStore(writer: queue, mediaFolder: FileManager.default.temporaryDirectory)
    _ = try await store.createPhrasebook(name: "Svenska", languages: "sv:Swedish,en:English")
    for (one, two) in [("ö", "island"), ("zon", "zone"), ("å", "river")] {
      _ = try await store.save(PairInput(wordOne: one, wordTwo: two))
    }
    #expect(LanguageCollation.icuVersion.split(separator: ".").count >= 2, "\(LanguageCollation.icuVersion)")
    let recorded = try await queue.read { db in try String.fetchOne(db, sql: "SELECT version FROM CollationVersion") }
    #expect(recorded == LanguageCollation.icuVersion)
    // Another ICU made these keys: here, keys that put every word in reverse.
    try await queue.write { db in
      try db.execute(sql: "UPDATE WordPairs SET sortKey = CAST(-id AS BLOB)")
      try db.execute(sql: "UPDATE CollationVersion SET version = '1.0'")
    }
    let reopened = try PhrasebookStore(writer: queue, mediaFolder: FileManager.default.temporaryDirectory)
    let words = try await reopened.pairs().map(\.pair.wordOne)
    #expect(words == ["zon", "å", "ö"], "Swedish order again: å and ö after z")
    let now = try await queue.read { db in try String.fetchOne(db, sql: "SELECT version FROM CollationVersion") }
    #expect(now == LanguageCollation.icuVersion)
  }
}
