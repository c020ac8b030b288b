import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KeyIt
import NIOCore
import SyncLog
import Testing

@testable import WebApp

@Suite struct KeyItTeamPagesTests {
  let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .origin: "http://localhost"]

  /// Two devices that typed different words over the same words of Ruth 1:1 and synced: the
  /// store under test holds one open conflict.
  func conflicted() async throws -> (some ApplicationProtocol, KeyItStore) {
    let (app, store) = try await makeApp()
    let bible = try #require(try await store.currentBible())
    let hub = InMemoryChangeLog()
    let other = try KeyItStore.inMemory()
    try await KeyItSync(store: store, hub: hub).sync(bibleUID: bible.uid)
    try await KeyItSync(store: other, hub: hub).sync(bibleUID: bible.uid)
    let verse = try #require(try await store.chapter(bibleID: nil, code: "RUT", chapter: 1).items.first)
    _ = try await store.setText(bibleID: nil, itemID: verse.itemID!, text: "In the days the judges ruled")
    try await KeyItSync(store: store, hub: hub).sync(bibleUID: bible.uid)
    try await KeyItSync(store: other, hub: hub).sync(bibleUID: bible.uid)
    let otherVerse = try #require(try await other.chapter(bibleID: nil, code: "RUT", chapter: 1).items.first)
    _ = try await store.setText(bibleID: nil, itemID: verse.itemID!, text: "In the days when the judges ruled")
    _ = try await other.setText(
      bibleID: nil, itemID: otherVerse.itemID!, text: "In the days <b>of</b> the judges ruled")
    try await KeyItSync(store: other, hub: hub).sync(bibleUID: bible.uid)
    try await KeyItSync(store: store, hub: hub).sync(bibleUID: bible.uid)
    return (app, store)
  }

  @Test func theConflictViewMarksTheWordsAndEscapesThemAndItsButtonsResolve() async throws {
    let (app, store) = try await conflicted()
    try await app.test(.router) { client in
      let chapters = try await client.execute(uri: "/keyit/bibles/1/books/RUT", method: .get) {
        String(buffer: $0.body)
      }
      #expect(chapters.contains("conflict-badge") && chapters.contains("conflicts?book=RUT"))
      let edit = try await client.execute(uri: "/keyit/bibles/1/books/RUT/1", method: .get) { String(buffer: $0.body) }
      #expect(edit.contains("id=\"chapter-conflicts\""))
      let page = try await client.execute(uri: "/keyit/bibles/1/conflicts?book=RUT", method: .get) {
        String(buffer: $0.body)
      }
      #expect(page.contains(#/<mark>\s*when\s*</mark>/#))
      #expect(page.contains(#/<mark>\s*&lt;b&gt;of&lt;/b&gt;\s*</mark>/#))
      #expect(!page.contains("<b>of</b>"))
      #expect(page.contains("class=\"side mine\" dir=\"auto\""))
      let id = try #require(try await store.conflicts(bibleID: 1).first?.conflict.id)
      let encoded = id.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
      try await client.execute(
        uri: "/keyit/bibles/1/conflicts/resolve", method: .post, headers: form,
        body: ByteBuffer(string: "conflict=\(encoded)&choice=keepIncoming&book=RUT")
      ) { response in
        #expect(response.status == .seeOther)
        #expect(response.headers[.location] == "/keyit/bibles/1/conflicts?book=RUT")
      }
      #expect(try await store.conflicts(bibleID: 1).isEmpty)
      let after = try await client.execute(uri: "/keyit/bibles/1/conflicts?book=RUT", method: .get) {
        String(buffer: $0.body)
      }
      #expect(after.contains("id=\"no-conflicts\"") && after.contains("value=\"undo\""))
    }
    #expect(
      try await store.chapter(bibleID: nil, code: "RUT", chapter: 1).items.first?.itemText
        == "In the days <b>of</b> the judges ruled")
  }

  @Test func aBibleOutsideATeamHasNoStatusAndAJoinFormThatRefusesABadAddress() async throws {
    let (app, store) = try await makeApp()
    let bible = try #require(try await store.currentBible())
    try await app.test(.router) { client in
      let status = try await client.execute(uri: "/api/keyit/bibles/1/team", method: .get) {
        try $0.decoded(TeamStatusJSON.self)
      }
      #expect(!status.joined && status.status == nil && status.summary == nil)
      let setup = try await client.execute(uri: "/keyit/setup", method: .get) { String(buffer: $0.body) }
      #expect(setup.contains(bible.uid) && setup.contains("id=\"join-form\""))
      try await client.execute(
        uri: "/keyit/team/join", method: .post, headers: form,
        body: ByteBuffer(string: "hub=ftp%3A%2F%2Fhub.example&token=abc&bibleUID=\(bible.uid)")
      ) { response in
        #expect(response.status == .unprocessableContent)
        #expect(String(buffer: response.body).contains("is not a hub address"))
      }
      try await client.execute(uri: "/keyit/bibles/1/team/leave", method: .post, headers: form) { response in
        #expect(response.status == .notFound)
      }
    }
    #expect(try await store.teamMemberships().isEmpty)
  }

  /// A change on the hub that no device running Key It makes is refused, and the status line (here
  /// in Tok Pisin too) counts it; the sync goes on.
  @Test func aRefusedChangeIsCountedInTheStatusLine() async throws {
    let (app, store) = try await makeApp()
    let bible = try #require(try await store.currentBible())
    let hub = InMemoryChangeLog()
    try await store.joinTeam(
      bibleUID: bible.uid, hubAddress: URL(string: "http://127.0.0.1:7700")!, token: "t", through: hub)
    let project = SyncChange.keyItProject(bibleUID: bible.uid)
    let forged = SyncChange(
      project: project, device: "forger", counter: 1,
      clock: HybridTimestamp(wallMillis: 4_000_000_000_000, logical: 0, device: "forger"), author: "?",
      payload: #"{"book":"RUT","chapter":99,"items":[],"kind":"edit"}"#)
    _ = try await hub.add([forged], project: project, heads: try await hub.heads(project: project))
    #expect(try await KeyItSync(store: store, hub: hub).sync(bibleUID: bible.uid).received == 1)
    try await app.test(.router) { client in
      let status = try await client.execute(uri: "/api/keyit/bibles/1/team", method: .get) {
        try $0.decoded(TeamStatusJSON.self)
      }
      #expect(status.status?.refusedChanges == 1)
      #expect(status.summary?.hasSuffix(" · Changes refused as malformed: 1") == true)
      let tokPisin = try await client.execute(
        uri: "/api/keyit/bibles/1/team", method: .get, headers: [.acceptLanguage: "tpi"]
      ) { try $0.decoded(TeamStatusJSON.self) }
      #expect(tokPisin.summary?.hasSuffix(": 1") == true && tokPisin.summary != status.summary)
    }
  }
}
