/// How far a log reaches for each device: the highest counter it holds of that device's changes.
/// Because each device's counters have no gaps, heads say exactly which changes a log holds.
public struct SyncHeads: Codable, Sendable, Hashable {
  /// Highest counter held, by device id; a device not listed has none.
  public var counters: [String: Int64]

  public init(_ counters: [String: Int64] = [:]) { self.counters = counters }

  /// The highest counter of `device` held (0 for none).
  public subscript(device: String) -> Int64 { counters[device] ?? 0 }

  /// True when the log already holds `change`.
  public func holds(_ change: SyncChange) -> Bool { change.counter <= self[change.device] }

  /// True when `change` is the next one of its device, the only one a gap-free log may add.
  public func follows(_ change: SyncChange) -> Bool { change.counter == self[change.device] + 1 }

  /// Records that the log now holds `change` and every earlier change of its device.
  public mutating func record(_ change: SyncChange) {
    counters[change.device] = max(self[change.device], change.counter)
  }

  /// True when `other` holds a change this log lacks.
  public func isBehind(_ other: SyncHeads) -> Bool {
    other.counters.contains { device, counter in counter > self[device] }
  }
}

extension SyncHeads {
  /// `WITH Heads(device, head) AS (…)`: these heads as a table an SQL query joins a log against
  /// (a change is held when `counter <= head`); bind `sqlRows` first, in their order.
  public var sqlHeadsTable: String {
    let rows =
      counters.isEmpty
      ? "SELECT NULL, 0 WHERE 0" : "VALUES " + Array(repeating: "(?, ?)", count: counters.count).joined(separator: ", ")
    return "WITH Heads(device, head) AS (\(rows))"
  }

  /// The device and head of each row of `sqlHeadsTable`.
  public var sqlRows: [(device: String, head: Int64)] {
    counters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }
}

extension SyncHeads {
  /// SQLite's query for the heads of one log in `table` (columns `device`, `head`), the log being
  /// the rows whose `scope` column is the one argument. The table needs a unique index on
  /// (`scope`, `device`, `counter`): the query seeks from each device to the next and to its
  /// highest counter in it, a few seeks per device, where `GROUP BY device` reads every change
  /// logged (1.5 ms for a log of 20,000 on this machine, against 0.02 ms).
  public static func sqliteQuery(table: String, scope: String) -> String {
    """
    WITH RECURSIVE Devices(device) AS (
      SELECT MIN(device) FROM \(table) WHERE \(scope) = ?1
      UNION ALL
      SELECT (SELECT MIN(device) FROM \(table) WHERE \(scope) = ?1 AND device > Devices.device)
      FROM Devices WHERE Devices.device IS NOT NULL)
    SELECT device, (SELECT MAX(counter) FROM \(table) WHERE \(scope) = ?1 AND device = Devices.device) AS head
    FROM Devices WHERE device IS NOT NULL
    """
  }
}
