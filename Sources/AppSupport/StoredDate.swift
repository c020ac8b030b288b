import Foundation
import GRDB

/// A date as GRDB stores it: text, "yyyy-MM-dd HH:mm:ss.SSS" in UTC.
public enum StoredDate {
  private static let formatted = LastComputed<Date, DatabaseValue>()

  /// `date.databaseValue`, formatted again only when it differs from the last date asked for: an
  /// import gives every pair the same time, and formatting it twice per pair was 5 % of importing
  /// 100,000.
  public static func value(_ date: Date) -> DatabaseValue { formatted.value(for: date) { $0.databaseValue } }

  /// The date in column `index` of `row`, the same `Date` GRDB reads there. Text of GRDB's own
  /// shape is read by arithmetic; GRDB goes through `DateComponents` and a `Calendar`, which was
  /// a tenth of a Phrasebook search page's 50 pairs. Anything else (another shape, a number) is
  /// left to GRDB.
  public static func date(_ row: Row, atIndex index: Int) -> Date { date(in: row[index]) ?? row[index] }

  /// `date(_:atIndex:)` of the column with this name.
  public static func date(_ row: Row, named column: String) -> Date { date(in: row[column]) ?? row[column] }

  /// The date of a text of GRDB's shape; nil for any other value.
  private static func date(in value: DatabaseValue) -> Date? {
    guard case .string(let text) = value.storage else { return nil }
    return date(stored: text)
  }

  /// The date of text in GRDB's shape, with a year from 1600 (the calendar GRDB asks is Julian
  /// before 1582) and every field in its range; nil for anything else.
  static func date(stored text: String) -> Date? {
    var text = text
    return text.withUTF8 { bytes -> Date? in
      guard bytes.count == 23, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
        bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
        bytes[19] == UInt8(ascii: ".")
      else { return nil }
      /// The decimal number in `bytes[start..<end]`, or -1 when one of them is not a digit.
      func number(_ start: Int, _ end: Int) -> Int {
        var value = 0
        for byte in bytes[start..<end] {
          guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return -1 }
          value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
      }
      let (year, month, day) = (number(0, 4), number(5, 7), number(8, 10))
      let (hour, minute, second, millisecond) = (number(11, 13), number(14, 16), number(17, 19), number(20, 23))
      guard year >= 1600, (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour),
        (0...59).contains(minute), (0...59).contains(second), millisecond >= 0
      else { return nil }
      // Summed in the order Foundation's Gregorian calendar sums them, so the last bit agrees too.
      let dayStart = Double((daysSince1970(year: year, month: month, day: day) - daysFrom1970To2001) * 86_400)
      let time = Double(hour * 3600 + minute * 60 + second) + Double(millisecond * 1_000_000) / 1e9
      return Date(timeIntervalSinceReferenceDate: dayStart + time)
    }
  }

  /// Days from 1970-01-01 to 2001-01-01, the reference date of `Date`.
  private static let daysFrom1970To2001 = 11_323

  /// Days from 1970-01-01 to this day of the proleptic Gregorian calendar (a day past the month's
  /// end runs on into the next, as `Calendar` lets it).
  static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let year = month <= 2 ? year - 1 : year
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
