import Foundation
import TestSupport
import Testing

@testable import Phrasebook

/// Damaged Anki packages `scriptorium-fuzz` found (Tests/Fixtures/fuzz/apkg/): with ZIPFoundation
/// they trapped (`MemoryFile.readData`), read for ever, or trapped on a NULL field; each must now
/// end, promptly, in a report or a clear error.
@Suite struct AnkiFuzzRegressionTests {
  @Test func damagedPackagesEndInAReportOrAnError() async throws {
    let fixtures = fuzzFixtures("apkg")
    #expect(fixtures.count == 3)
    for fixture in fixtures {
      let store = try PhrasebookStore.inMemory()
      defer { try? FileManager.default.removeItem(at: store.mediaFolder) }
      _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh")
      let start = ContinuousClock.now
      do {
        _ = try await store.importPairs(fixture.data, format: .apkg)
      } catch {
        #expect(!"\(error)".isEmpty, "\(fixture.name)")
      }
      #expect(ContinuousClock.now - start < .seconds(10), "\(fixture.name) took too long")
    }
  }
}
