import Foundation
import TestSupport
import Testing

@testable import Phrasebook

/// Damaged Anki packages `scriptorium-fuzz` found (Tests/Fixtures/fuzz/apkg/): with ZIPFoundation
/// they trapped (`MemoryFile.readData`), read for ever, or trapped on a NULL field; each must now
/// end in a report or a clear error. A package read for ever would hang the test: the time limit
/// turns that into a failure (it is a hang guard, far above any speed, not a timing assertion).
@Suite struct AnkiFuzzRegressionTests {
  @Test(.timeLimit(.minutes(2))) func damagedPackagesEndInAReportOrAnError() async throws {
    let fixtures = fuzzFixtures("apkg")
    #expect(fixtures.count == 3)
    for fixture in fixtures {
      let store = try PhrasebookStore.inMemory()
      defer { try? FileManager.default.removeItem(at: store.mediaFolder) }
      _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh")
      do {
        _ = try await store.importPairs(fixture.data, format: .apkg)
      } catch {
        #expect(!"\(error)".isEmpty, "\(fixture.name)")
      }
    }
  }
}
