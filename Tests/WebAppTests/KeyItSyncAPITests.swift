import Foundation
import Hummingbird
import HummingbirdTesting
import KeyIt
import SyncLog
import Testing

@testable import WebApp

@Suite struct KeyItSyncAPITests {
  @Test func statusConflictsAndResolvingThemOverTheAPI() async throws {
    let (app, store) = try await makeApp()
    let bible = try #require(try await store.currentBible())
    let hub = InMemoryChangeLog()
    let other = try KeyItStore.inMemory()
    try await KeyItSync(store: store, hub: hub).sync(bibleUID: bible.uid)
    try await KeyItSync(store: other, hub: hub).sync(bibleUID: bible.uid)
    let verse = try #require(try await store.chapter(bibleID: nil, code: "RUT", chapter: 1).items.first)
    let otherVerse = try #require(try await other.chapter(bibleID: nil, code: "RUT", chapter: 1).items.first)
    _ = try await store.setText(bibleID: nil, itemID: verse.itemID!, text: "In the days when the judges ruled")
    _ = try await other.setText(bibleID: nil, itemID: otherVerse.itemID!, text: "Long ago, in the time of the judges")
    try await KeyItSync(store: other, hub: hub).sync(bibleUID: bible.uid)
    try await app.test(.router) { client in
      let status = try await client.execute(uri: "/api/keyit/bibles/1/sync", method: .get) {
        try $0.decoded(SyncStatus.self)
      }
      #expect(status.unsent == 1 && status.openConflicts == 0 && status.project == "keyit:\(bible.uid)")
      try await KeyItSync(store: store, hub: hub).sync(bibleUID: bible.uid)
      let conflicts = try await client.execute(uri: "/api/keyit/bibles/1/conflicts", method: .get) {
        try $0.decoded([ChapterConflict].self)
      }
      #expect(conflicts.count == 1 && conflicts.first?.book == "RUT")
      let conflict = try #require(conflicts.first?.conflict)
      let left = try await client.execute(
        uri: "/api/keyit/bibles/1/conflicts/resolve", method: .post, headers: sameOrigin,
        body: json(["conflict": conflict.id, "choice": "edited", "text": "In the days of the judges"])
      ) { try $0.decoded([ChapterConflict].self) }
      #expect(left.isEmpty)
      try await client.execute(
        uri: "/api/keyit/bibles/1/conflicts/resolve", method: .post, headers: sameOrigin,
        body: json(["conflict": conflict.id, "choice": "keepCurrent"])
      ) { response in
        #expect(response.status == .notFound)
      }
      let all = try await client.execute(uri: "/api/keyit/bibles/1/conflicts?all=1", method: .get) {
        try $0.decoded([ChapterConflict].self)
      }
      #expect(all.first?.conflict.resolution == .edited)
    }
    #expect(
      try await store.chapter(bibleID: nil, code: "RUT", chapter: 1).items.first?.itemText
        == "In the days of the judges")
  }
}
