import Foundation
import TestSupport
import Testing

@testable import Lexikon

/// Lookups through the service: cache first, fresh on request, offline with a clear message.
@Suite struct LexikonServiceTests {
  @Test func aLookupIsCachedAndAnsweredFromTheCacheUntilRefreshed() async throws {
    let service = LexikonService(store: try .inMemory(), source: DictdFolderSource())
    let first = try await service.lookup(" Hund ", direction: "swe-eng")
    #expect(!first.fromCache && first.word == "hund" && first.entries.first?.senses.first?.text == "dog")
    let again = try await service.lookup("hund", direction: "swe-eng")
    #expect(again.fromCache && again.lookupCount == 2 && again.entries == first.entries)
    let fresh = try await service.lookup("hund", direction: "swe-eng", fresh: true)
    #expect(!fresh.fromCache && fresh.lookupCount == 3)
    let water = try await service.lookup("water", direction: LexikonService.direction(from: "en", to: "cy"))
    #expect(water.direction == "eng-cym" && water.entries.count == 4)
    #expect(water.entries.first?.pronunciation == "wˈɔːtə")
  }

  /// Words as Welsh sentences have them ("ei gath", "fy nghath", "ei chath", "fy mhen", "ei thad",
  /// "bara a menyn" after "a", "yn yr ardd", "ei fam", "o ddŵr") find the word they come from,
  /// and say which mutation was undone.
  @Test(arguments: [
    ("gath", "cath", "soft mutation"), ("nghath", "cath", "nasal mutation"), ("chath", "cath", "aspirate mutation"),
    ("mhen", "pen", "nasal mutation"), ("thad", "tad", "aspirate mutation"), ("fara", "bara", "soft mutation"),
    ("ardd", "gardd", "soft mutation"), ("fam", "mam", "soft mutation"), ("ddŵr", "dŵr", "soft mutation"),
  ])
  func mutatedWelshWordsFindTheirRadical(_ typed: String, _ radical: String, _ how: String) async throws {
    let service = LexikonService(store: try .inMemory(), source: DictdFolderSource())
    let found = try await service.lookup(typed, direction: "cym-eng")
    #expect(found.word == radical && !found.entries.isEmpty, "\(typed): \(found.word), \(found.suggestions)")
    #expect(found.foundAs == WordForm(asked: typed, how: how))
    let again = try await service.lookup(typed, direction: "cym-eng")
    #expect(again.fromCache && again.word == radical, "the radical is cached")
  }

  @Test func onlyWelshDirectionsUndoMutations() async throws {
    let service = LexikonService(store: try .inMemory(), source: DictdFolderSource())
    let swedish = try await service.lookup("gund", direction: "swe-eng")
    #expect(swedish.entries.isEmpty && swedish.foundAs == nil)
    let welsh = try await service.lookup("cath", direction: "cym-eng")
    #expect(welsh.foundAs == nil, "a radical found as typed says nothing")
  }

  @Test func aMissingWordGivesSuggestionsAndIsNotCached() async throws {
    let service = LexikonService(store: try .inMemory(), source: DictdFolderSource())
    let missing = try await service.lookup("hun", direction: "swe-eng")
    #expect(missing.entries.isEmpty && missing.suggestions.contains("hund"))
    #expect(try await service.store.cached("hun", direction: "swe-eng") == nil)
    await #expect(throws: LexikonError.badWord("")) { try await service.lookup("  ", direction: "swe-eng") }
    await #expect(throws: LexikonError.self) { try await service.lookup("hund", direction: "xxx-yyy") }
  }

  @Test func offlineCachedWordsStillWorkAndOthersSayTheServerIsUnreachable() async throws {
    let store = try LexikonStore.inMemory()
    let server = try DictdServer()
    let online = LexikonService(
      store: store, source: DictServerSource(client: DictClient(host: "127.0.0.1", port: server.port)))
    let fetched = try await online.lookup("hund", direction: "swe-eng")
    #expect(!fetched.fromCache && fetched.entries.first?.senses.first?.text == "dog")
    server.stop()
    let offline = LexikonService(
      store: store, source: DictServerSource(client: DictClient(host: "127.0.0.1", port: server.port)))
    #expect(try await offline.lookup("hund", direction: "swe-eng").fromCache)
    let searched = try await offline.lookup("hund", direction: "swe-eng", fresh: true)
    #expect(searched.fromCache && searched.problem?.contains("unreachable") == true, "a search offline shows the cache")
    do {
      _ = try await offline.lookup("katt", direction: "swe-eng")
      Issue.record("an uncached word while offline must be an error")
    } catch let error as LexikonError {
      #expect(error.description.contains("unreachable"))
    }
    let listed = try await offline.dictionaries()
    #expect(
      listed.dictionaries.isEmpty && listed.cached == ["swe-eng": 1] && listed.problem?.contains("unreachable") == true)
  }
}
