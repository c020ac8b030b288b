import Foundation
import Testing

@testable import ShareSynch

/// ShareSynch's stored choices: checked and saved together, cleared with an empty text.
@Suite struct SettingsTests {
  @Test func settingsAreCheckedSavedTogetherAndCleared() async throws {
    let store = try ShareSynchStore.inMemory(seriesRoot: FileManager.default.temporaryDirectory)
    #expect(
      try await store.settings()
        == ShareSynchSettings(catalogURL: nil, activation: nil, advance: .buttons, endOfSermon: .black))
    let saved = try await store.updateSettings(
      catalogURL: " https://example.org/catalog.json ", activation: "SSA1.a.b", advance: .sides, endOfSermon: .wrap)
    #expect(
      saved
        == ShareSynchSettings(
          catalogURL: "https://example.org/catalog.json", activation: "SSA1.a.b", advance: .sides, endOfSermon: .wrap))
    await #expect(throws: ShareSynchError.badCatalogAddress("file:///etc/passwd")) {
      try await store.updateSettings(catalogURL: "file:///etc/passwd", advance: .swipe)
    }
    #expect(try await store.settings().advance == .sides, "a refused change changes nothing")
    let cleared = try await store.updateSettings(catalogURL: "", activation: "")
    #expect(cleared == ShareSynchSettings(catalogURL: nil, activation: nil, advance: .sides, endOfSermon: .wrap))
  }
}
