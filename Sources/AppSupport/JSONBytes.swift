import Foundation

/// JSON written straight into bytes, for what is written too often for `JSONEncoder`, which builds
/// a tree of boxed values first. It writes the bytes `JSONEncoder` writes with `.sortedKeys` (and
/// `.iso8601` dates): the caller names an object's keys in that order, and tests compare the two.
public struct JSONBytes {
  /// What has been written.
  public var bytes: [UInt8] { storage }
  @usableFromInline var storage: [UInt8] = []
  /// Whether `/` is written `\/`, as `JSONEncoder` does unless told `.withoutEscapingSlashes`.
  @usableFromInline let escapingSlashes: Bool

  @inlinable public init(escapingSlashes: Bool, capacity: Int = 256) {
    self.escapingSlashes = escapingSlashes
    storage.reserveCapacity(capacity)
  }

  /// An object's keys, written in the order given (sorted by the caller).
  public struct Fields {
    @usableFromInline var count = 0

    @inlinable public init() {}

    @inlinable public mutating func key(_ name: StaticString, _ out: inout JSONBytes, value: (inout JSONBytes) -> Void)
    {
      out.storage.append(count == 0 ? UInt8(ascii: "{") : UInt8(ascii: ","))
      count += 1
      out.storage.append(UInt8(ascii: "\""))
      out.storage.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
      out.storage.append(UInt8(ascii: "\""))
      out.storage.append(UInt8(ascii: ":"))
      value(&out)
    }

    @inlinable public func close(_ out: inout JSONBytes) {
      if count == 0 { out.storage.append(UInt8(ascii: "{")) }
      out.storage.append(UInt8(ascii: "}"))
    }
  }

  @inlinable public mutating func array<Element>(_ elements: [Element], _ write: (inout JSONBytes, Element) -> Void) {
    storage.append(UInt8(ascii: "["))
    for (index, element) in elements.enumerated() {
      if index > 0 { storage.append(UInt8(ascii: ",")) }
      write(&self, element)
    }
    storage.append(UInt8(ascii: "]"))
  }

  /// An integer's decimal digits, written without making a `String` of them first (an import logs
  /// tens of thousands).
  @inlinable public mutating func int(_ value: some BinaryInteger) {
    guard let value = Int64(exactly: value) else { return storage.append(contentsOf: String(value).utf8) }
    if value < 0 { storage.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = digits.count
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      storage.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }

  @inlinable public mutating func bool(_ value: Bool) { storage.append(contentsOf: (value ? "true" : "false").utf8) }

  @inlinable public mutating func string(_ value: String) {
    storage.append(UInt8(ascii: "\""))
    unquoted(value)
    storage.append(UInt8(ascii: "\""))
  }

  /// A string's characters, escaped, without its quotes. Eight bytes are checked at a time while
  /// none of them needs escaping (a verse's text, logged before and after by every import and
  /// save, rarely has one).
  @inlinable mutating func unquoted(_ value: String) {
    var value = value
    value.withUTF8 { utf8 in
      guard let base = utf8.baseAddress else { return }
      var plain = 0  // the start of the run of bytes written as they are
      var index = 0
      while index < utf8.count {
        if index + 8 <= utf8.count,
          !Self.anyNeedsEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self), slashes: escapingSlashes)
        {
          index += 8
          continue
        }
        let byte = base[index]
        if Self.needsEscape(byte, slashes: escapingSlashes) {
          storage.append(contentsOf: UnsafeBufferPointer(start: base + plain, count: index - plain))
          escape(byte)
          plain = index + 1
        }
        index += 1
      }
      storage.append(contentsOf: UnsafeBufferPointer(start: base + plain, count: utf8.count - plain))
    }
  }

  /// A date as `JSONEncoder`'s `.iso8601` strategy writes it: UTC, to the second below; Foundation
  /// writes those outside the years 1583–9999.
  @inlinable public mutating func date(_ date: Date) {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    let (days, second) = seconds.quotientAndRemainderFlooring(by: 86_400)
    let (year, month, day) = Self.civil(days: days)
    // Foundation's calendar is Julian before October 1582, and a year past 9999 has more digits.
    guard (1583...9999).contains(year) else {
      storage.append(UInt8(ascii: "\""))
      storage.append(contentsOf: date.formatted(.iso8601).utf8)
      storage.append(UInt8(ascii: "\""))
      return
    }
    storage.append(UInt8(ascii: "\""))
    digits(year, 4)
    storage.append(UInt8(ascii: "-"))
    digits(month, 2)
    storage.append(UInt8(ascii: "-"))
    digits(day, 2)
    storage.append(UInt8(ascii: "T"))
    digits(second / 3600, 2)
    storage.append(UInt8(ascii: ":"))
    digits(second / 60 % 60, 2)
    storage.append(UInt8(ascii: ":"))
    digits(second % 60, 2)
    storage.append(contentsOf: "Z\"".utf8)
  }

  @inlinable mutating func digits(_ value: Int64, _ width: Int) {
    var divisor: Int64 = 1
    for _ in 1..<width { divisor *= 10 }
    while divisor > 0 {
      storage.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
      divisor /= 10
    }
  }

  /// The proleptic Gregorian year, month and day of a count of days since 1970-01-01 (Howard
  /// Hinnant's `civil_from_days`).
  @inlinable static func civil(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// Whether any of eight bytes may need escaping: false only when none does (SWAR: a byte below
  /// 0x20, or one equal to `"`, `\` or, with `slashes`, `/`, sets its high bit in the tests below).
  @inlinable static func anyNeedsEscape(_ word: UInt64, slashes: Bool) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    /// Whether some byte of `x` is below `bound` (at most 0x80).
    func below(_ x: UInt64, _ bound: UInt64) -> Bool { (x &- ones &* bound) & ~x & highs != 0 }
    return below(word, 0x20) || below(word ^ (ones &* 0x22), 1) || below(word ^ (ones &* 0x5C), 1)
      || (slashes && below(word ^ (ones &* 0x2F), 1))
  }

  @inlinable static func needsEscape(_ byte: UInt8, slashes: Bool) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || (slashes && byte == UInt8(ascii: "/"))
  }

  @usableFromInline mutating func escape(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): storage.append(contentsOf: "\\\"".utf8)
    case UInt8(ascii: "\\"): storage.append(contentsOf: "\\\\".utf8)
    case UInt8(ascii: "/"): storage.append(contentsOf: "\\/".utf8)
    case 0x08: storage.append(contentsOf: "\\b".utf8)
    case 0x0C: storage.append(contentsOf: "\\f".utf8)
    case 0x0A: storage.append(contentsOf: "\\n".utf8)
    case 0x0D: storage.append(contentsOf: "\\r".utf8)
    case 0x09: storage.append(contentsOf: "\\t".utf8)
    default:
      let hex = Array("0123456789abcdef".utf8)
      storage.append(contentsOf: "\\u00".utf8)
      storage.append(hex[Int(byte >> 4)])
      storage.append(hex[Int(byte & 0xF)])
    }
  }
}

extension Int64 {
  /// The quotient rounded down and the remainder with the divisor's sign.
  @inlinable func quotientAndRemainderFlooring(by divisor: Int64) -> (Int64, Int64) {
    let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
    return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
  }
}
