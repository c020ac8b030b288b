import Foundation

/// Text ids that collaborating devices make without asking anyone: UUIDv7 (time-ordered, so ids
/// made later sort later) for Bibles and inserted items, and ids derived from the Bible's for the
/// rows every device creates alike (a chapter, its verses), so two devices that open the same
/// chapter offline agree on its ids.
public enum TextID {
  private static let generator = Generator()

  /// A new UUIDv7, later than every one this process made before (RFC 9562, method 1 counter).
  public static func make() -> String { generator.next() }

  /// A chapter's id: `<bible id>/<book code>.<chapter>`.
  public static func chapter(bible: String, book: String, chapter: Int) -> String { "\(bible)/\(book).\(chapter)" }

  /// The id of a chapter's verse item as the chapter is created (and as unbridging restores it).
  public static func verse(chapter: String, verse: Int) -> String { "\(chapter)/v\(verse)" }

  /// The id of the empty psalm title a titled psalm is created with.
  public static func ascription(chapter: String) -> String { "\(chapter)/a" }

  private final class Generator: @unchecked Sendable {
    private let lock = NSLock()
    private var lastMillis: UInt64 = 0
    private var sequence: UInt16 = 0
    /// Random words from the system, drawn 64 at a time: one system call for dozens of ids, not one
    /// each (an import of Psalms makes thousands).
    private var random: [UInt64] = []

    func next() -> String {
      var millis = UInt64(Date().timeIntervalSince1970 * 1000)
      lock.lock()
      if millis <= lastMillis {
        millis = lastMillis
        sequence &+= 1
        if sequence > 0xFFF {
          millis += 1
          sequence = 0
        }
      } else {
        sequence = UInt16(truncatingIfNeeded: takeRandom()) & 0x1FF
      }
      lastMillis = millis
      let counter = sequence
      let random = takeRandom()
      lock.unlock()
      var bytes = [UInt8](repeating: 0, count: 16)
      for index in 0..<6 { bytes[index] = UInt8(truncatingIfNeeded: millis >> (8 * (5 - index))) }
      bytes[6] = 0x70 | UInt8(counter >> 8)
      bytes[7] = UInt8(truncatingIfNeeded: counter)
      for index in 8..<16 { bytes[index] = UInt8(truncatingIfNeeded: random >> (8 * (index - 8))) }
      bytes[8] = 0x80 | (bytes[8] & 0x3F)
      let digits = Array("0123456789abcdef".utf8)
      var text: [UInt8] = []
      text.reserveCapacity(36)
      for (index, byte) in bytes.enumerated() {
        if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
        text.append(digits[Int(byte >> 4)])
        text.append(digits[Int(byte & 0xF)])
      }
      return String(decoding: text, as: UTF8.self)
    }

    /// The next random word (under the lock), refilling the words from the system when none is
    /// left (glibc's `arc4random_buf`: `getrandom` underneath, and it cannot fail).
    private func takeRandom() -> UInt64 {
      if random.isEmpty {
        random = [UInt64](repeating: 0, count: 64)
        random.withUnsafeMutableBytes { arc4random_buf($0.baseAddress!, $0.count) }
      }
      return random.removeLast()
    }
  }
}
