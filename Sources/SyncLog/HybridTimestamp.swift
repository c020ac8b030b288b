/// A hybrid logical clock reading (Kulkarni et al.): wall-clock milliseconds, a counter for events in
/// the same millisecond or behind a faster clock, and the device as the last tie-break, so every
/// device orders any two changes the same way even when their clocks disagree by an hour.
public struct HybridTimestamp: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  /// Milliseconds since 1970 (the largest wall time seen, not necessarily this device's).
  public var wallMillis: Int64
  /// Events at the same `wallMillis`, counted.
  public var logical: Int64
  /// The device that made the reading.
  public var device: String

  public init(wallMillis: Int64, logical: Int64, device: String) {
    self.wallMillis = wallMillis
    self.logical = logical
    self.device = device
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.wallMillis, lhs.logical, lhs.device) < (rhs.wallMillis, rhs.logical, rhs.device)
  }

  /// `wall.logical.device`, with fixed-width numbers so the text sorts as the timestamps do.
  public var description: String {
    let wall = String(wallMillis)
    let count = String(logical)
    return String(repeating: "0", count: max(0, 15 - wall.count)) + wall + "."
      + String(repeating: "0", count: max(0, 6 - count.count)) + count + "." + device
  }

  /// Reads `description` back; nil for anything else.
  public init?(_ text: String) {
    let parts = text.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, let wall = Int64(parts[0]), let count = Int64(parts[1]), wall >= 0, count >= 0,
      !parts[2].isEmpty
    else { return nil }
    self.init(wallMillis: wall, logical: count, device: String(parts[2]))
  }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let reading = HybridTimestamp(text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "not a clock reading: \(text)"))
    }
    self = reading
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

/// One device's hybrid logical clock: every reading is later than every reading it made or saw,
/// whatever its own wall clock says, and never refuses a reading from a clock that runs ahead.
public struct HybridLogicalClock: Sendable {
  /// The device whose clock this is.
  public let device: String
  /// The latest reading made or seen.
  public private(set) var last: HybridTimestamp

  public init(device: String, last: HybridTimestamp? = nil) {
    self.device = device
    self.last = last ?? HybridTimestamp(wallMillis: 0, logical: 0, device: device)
  }

  /// A reading for a new local event at wall time `wallMillis`.
  public mutating func tick(wallMillis: Int64) -> HybridTimestamp {
    if wallMillis > last.wallMillis {
      last = HybridTimestamp(wallMillis: wallMillis, logical: 0, device: device)
    } else {
      last = HybridTimestamp(wallMillis: last.wallMillis, logical: last.logical + 1, device: device)
    }
    return last
  }

  /// Takes in a reading from another device, so the next tick comes after it.
  public mutating func observe(_ reading: HybridTimestamp, wallMillis: Int64) {
    let wall = max(wallMillis, last.wallMillis, reading.wallMillis)
    var logical: Int64 = 0
    if wall == last.wallMillis { logical = max(logical, last.logical) }
    if wall == reading.wallMillis { logical = max(logical, reading.logical) }
    last = HybridTimestamp(wallMillis: wall, logical: logical, device: device)
  }
}
