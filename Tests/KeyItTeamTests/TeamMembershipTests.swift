import Foundation
import KeyIt
import KeyItTeam
import TestSupport
import Testing

@Suite struct TeamMembershipTests {
  @Test func aHubAddressMustBeHTTPOrHTTPSWithAHost() throws {
    #expect(try KeyItStore.hubAddress(" http://192.168.1.20:7700 ").absoluteString == "http://192.168.1.20:7700")
    #expect(try KeyItStore.hubAddress("https://hub.example/team").host == "hub.example")
    for bad in [
      "", "hub.example:7700", "ftp://hub.example", "file:///etc/passwd", "javascript:alert(1)", "http://",
      "http://u:p@hub.example", "http://hub.example/?x=1",
    ] {
      #expect(throws: KeyItError.badHubAddress(bad)) { try KeyItStore.hubAddress(bad) }
    }
  }

  @Test func aTokenIsTrimmedAndMayHoldNoSpaces() throws {
    #expect(try KeyItStore.memberToken("  abc-DEF_123\n") == "abc-DEF_123")
    for bad in ["", "   ", "ab cd", "ab\u{7}cd", "jeton·é"] {
      #expect(throws: KeyItError.badToken) { try KeyItStore.memberToken(bad) }
    }
  }

  @Test func joiningAnUnreachableHubKeepsNothingAndSaysWhy() async throws {
    let store = try KeyItStore.inMemory()
    let bible = try await store.createBible(name: "Tok Pisin")
    let port = try DictdServer.freePort()
    await #expect(throws: KeyItError.self) {
      try await TeamHub(store: store, timeout: .seconds(2)).join(
        bibleUID: bible.uid, hub: "http://127.0.0.1:\(port)", token: "secret-token")
    }
    do {
      try await TeamHub(store: store, timeout: .seconds(2)).join(
        bibleUID: bible.uid, hub: "http://127.0.0.1:\(port)", token: "secret-token")
    } catch let error as KeyItError {
      guard case .hubUnreachable = error else { Issue.record("\(error)"); return }
    }
    #expect(try await store.teamMemberships().isEmpty)
    #expect(try await store.teamStatus(bibleID: bible.bibleID) == nil)
    await #expect(throws: KeyItError.notInTeam(bibleUID: bible.uid)) { try await store.leaveTeam(bibleUID: bible.uid) }
  }
}
