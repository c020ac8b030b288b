import Foundation
import GRDB
import Synchronization

/// A date as GRDB stores it (text, through a `DateFormatter`), the last one kept: an import gives
/// every pair the same time, and formatting it twice per pair was 5 % of importing 100,000.
enum StoredDate {
  private static let last = Mutex<(date: Date, value: DatabaseValue)?>(nil)

  /// `date.databaseValue`, formatted again only when it differs from the last date asked for.
  static func value(_ date: Date) -> DatabaseValue {
    last.withLock { last in
      if let last, last.date == date { return last.value }
      let value = date.databaseValue
      last = (date, value)
      return value
    }
  }
}
