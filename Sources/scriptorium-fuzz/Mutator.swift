/// SplitMix64: a small, fast generator whose whole state is one number, so every iteration of a
/// run can start from `(seed, iteration)` alone and a run resumes exactly after a crash.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64, iteration: UInt64) {
    state = seed ^ (iteration &* 0x9E37_79B9_7F4A_7C15)
    _ = next()
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (0 when `bound` is 0).
  mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
}

/// Deterministic byte mutations in the style of AFL's havoc stage: bit flips, interesting bytes and
/// integers, range deletion, duplication and insertion, format tokens, splices with another seed,
/// and truncation. Inputs never grow past `maxLength`.
struct Mutator {
  let seeds: [[UInt8]]
  let tokens: [[UInt8]]
  let maxLength: Int

  private static let interestingBytes: [UInt8] = [0, 1, 0x7F, 0x80, 0xFF, 0x0A, 0x0D, 0x22, 0x5C, 0x3C, 0x3E, 0x2C]
  private static let interestingNumbers: [String] = [
    "0", "-1", "1", "65535", "65536", "2147483647", "2147483648", "4294967296", "9223372036854775807",
    "9223372036854775808", "-9223372036854775808", "99999999999999999999999", "1e308", "NaN", "01", "+3",
  ]
  private static let interestingWidths: [UInt64] = [
    0, 1, 0x7F, 0x80, 0xFF, 0x7FFF, 0x8000, 0xFFFF, 0x7FFF_FFFF, 0xFFFF_FFFF,
  ]

  /// The input for one iteration: a seed with 1 to 16 stacked mutations.
  func input(_ random: inout SplitMix64) -> [UInt8] {
    var bytes = seeds[random.below(seeds.count)]
    let rounds = 1 << random.below(5)
    for _ in 0..<random.below(rounds) + 1 { mutate(&bytes, &random) }
    if bytes.count > maxLength { bytes.removeLast(bytes.count - maxLength) }
    return bytes
  }

  private func mutate(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
    let count = bytes.count
    switch random.below(14) {
    case 0 where count > 0:  // flip one bit
      bytes[random.below(count)] ^= 1 << UInt8(random.below(8))
    case 1 where count > 0:  // an interesting or random byte
      bytes[random.below(count)] =
        random.below(2) == 0
        ? Self.interestingBytes[random.below(Self.interestingBytes.count)] : UInt8(truncatingIfNeeded: random.next())
    case 2 where count > 0:  // delete a range
      let start = random.below(count)
      bytes.removeSubrange(start..<min(count, start + 1 + random.below(random.below(2) == 0 ? 8 : max(1, count / 4))))
    case 3 where count > 0:  // duplicate a range somewhere
      let start = random.below(count)
      let chunk = bytes[start..<min(count, start + 1 + random.below(64))]
      bytes.insert(contentsOf: chunk, at: random.below(count + 1))
    case 4:  // insert random bytes
      let inserted = (0..<1 + random.below(8)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      bytes.insert(contentsOf: inserted, at: random.below(count + 1))
    case 5...6 where !tokens.isEmpty:  // insert a format token
      bytes.insert(contentsOf: tokens[random.below(tokens.count)], at: random.below(count + 1))
    case 7 where !tokens.isEmpty && count > 0:  // overwrite with a format token
      let token = tokens[random.below(tokens.count)]
      let start = random.below(count)
      bytes.replaceSubrange(start..<min(count, start + token.count), with: token)
    case 8 where seeds.count > 1 || count > 0:  // splice: this one's head, another's tail
      let other = seeds[random.below(seeds.count)]
      let head = random.below(count + 1)
      bytes = Array(bytes[..<head]) + other[random.below(other.count + 1)...]
    case 9 where count > 0:  // truncate
      bytes.removeLast(count - random.below(count))
    case 10:  // replace a run of digits (or insert) with an interesting number
      let number = Array(Self.interestingNumbers[random.below(Self.interestingNumbers.count)].utf8)
      let digits = bytes.indices.filter { (0x30...0x39).contains(bytes[$0]) }
      guard let start = digits.isEmpty ? nil : digits[random.below(digits.count)] else {
        bytes.insert(contentsOf: number, at: random.below(count + 1))
        return
      }
      var end = start
      while end < count, (0x30...0x39).contains(bytes[end]) { end += 1 }
      bytes.replaceSubrange(start..<end, with: number)
    case 11 where count >= 4:  // a little-endian 16- or 32-bit field set to an edge value or nudged
      let width = random.below(2) == 0 ? 2 : 4
      let start = random.below(count - width + 1)
      var value: UInt64 = 0
      for index in 0..<width { value |= UInt64(bytes[start + index]) << (8 * UInt64(index)) }
      value =
        random.below(2) == 0
        ? Self.interestingWidths[random.below(Self.interestingWidths.count)]
        : value &+ UInt64(bitPattern: Int64(random.below(33) - 16))
      for index in 0..<width { bytes[start + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
    case 12 where count > 0:  // repeat a range many times (long lines, deep nesting)
      let start = random.below(count)
      let chunk = Array(bytes[start..<min(count, start + 1 + random.below(16))])
      let times = 1 + random.below(min(512, maxLength / max(1, chunk.count) + 1))
      bytes.insert(contentsOf: Array([[UInt8]](repeating: chunk, count: times).joined()), at: start)
    default:  // swap two bytes
      guard count > 1 else { return }
      bytes.swapAt(random.below(count), random.below(count))
    }
  }
}
