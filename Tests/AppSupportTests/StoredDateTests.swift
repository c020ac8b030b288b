import Foundation
import GRDB
import Testing

@testable import AppSupport

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

/// Reading a stored date by arithmetic gives the very `Date` GRDB's own reading gives, to the last
/// bit, for every day of every month (days past a month's end too) from 1600 to 9999, at any
/// millisecond; text of any other shape is left to GRDB.
@Test func aStoredDateReadsAsTheDateGRDBReads() throws {
  var random = SystemRandomNumberGenerator()
  func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
  var texts: [String] = []
  for _ in 0..<50_000 {
    let year =
      Bool.random(using: &random)
      ? Int.random(in: 1995...2030, using: &random) : Int.random(in: 1600...9999, using: &random)
    let millisecond = Int.random(in: 0...999, using: &random)
    texts.append(
      "\(year)-\(two(Int.random(in: 1...12, using: &random)))-\(two(Int.random(in: 1...31, using: &random))) "
        + "\(two(Int.random(in: 0...23, using: &random))):\(two(Int.random(in: 0...59, using: &random))):"
        + "\(two(Int.random(in: 0...59, using: &random))).\(millisecond < 10 ? "00" : millisecond < 100 ? "0" : "")\(millisecond)"
    )
  }
  texts += ["2000-02-29 23:59:59.999", "2001-01-01 00:00:00.000", "1600-01-01 00:00:00.001", "9999-12-31 23:59:59.999"]
  for text in texts {
    let expected = try #require(Date.fromDatabaseValue(text.databaseValue), "\(text)")
    let read = try #require(StoredDate.date(stored: text), "\(text)")
    guard read.timeIntervalSinceReferenceDate.bitPattern == expected.timeIntervalSinceReferenceDate.bitPattern else {
      Issue.record(
        "\(text): \(read.timeIntervalSinceReferenceDate) against GRDB's \(expected.timeIntervalSinceReferenceDate)")
      return
    }
  }
  for other in [
    "2024-03-05", "2024-03-05 10:20", "2024-03-05T10:20:30.123", "2024-03-05 10:20:30", "2024-03-05 10:20:30.1234",
    "1582-10-04 12:00:00.000", "2024-13-05 10:20:30.123", "2024-03-05 24:00:00.000", "2024-03-05 10:60:30.123",
    "2024-03-05 10:20:60.123", "2024-03-0x 10:20:30.123", "２０２４-03-05 10:20:30.123",
  ] {
    #expect(StoredDate.date(stored: other) == nil, "\(other)")
  }
}

/// A row's date column is read as GRDB reads it whether it holds GRDB's text, another shape SQLite
/// understands, or a number of seconds since 1970.
@Test func aStoredDateColumnOfAnyShapeReadsAsGRDBReadsIt() throws {
  let rows = try DatabaseQueue().read { db in
    try Row.fetchAll(
      db,
      sql: "SELECT '2024-03-05 10:20:30.123' AS at UNION ALL SELECT '2024-03-05' UNION ALL "
        + "SELECT '1500-06-07 08:09:10.111' UNION ALL SELECT 1700000000.5")
  }
  for row in rows {
    #expect(StoredDate.date(row, atIndex: 0) == (row[0] as Date))
    #expect(StoredDate.date(row, named: "at") == (row["at"] as Date))
  }
}
