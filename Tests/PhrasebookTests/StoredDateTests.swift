import Foundation
import GRDB
import Testing

@testable import Phrasebook

/// The one kept date is only a shortcut: every date, in any order and from any thread, is stored
/// exactly as GRDB would store it.
@Test func aStoredDateIsWhatGRDBWritesWhicheverDateCameBefore() async {
  let dates = (0..<200).map { Date(timeIntervalSince1970: 1_700_000_000 + Double($0 % 7) * 86_400.123) }
  await withTaskGroup(of: Bool.self) { group in
    for _ in 0..<8 {
      group.addTask {
        dates.shuffled().allSatisfy { StoredDate.value($0) == $0.databaseValue }
      }
    }
    for await matched in group { #expect(matched) }
  }
}
