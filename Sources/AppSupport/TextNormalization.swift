import Foundation

extension String {
  /// The text without surrounding whitespace and line breaks (pure Swift: no bridging to NSString).
  public var trimmed: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }

  /// The text in Unicode Normalization Form C. Text made only of scalars that are always NFC
  /// (below U+0300, or general punctuation U+2010–U+206F) is returned as it is, without the
  /// costly round trip through Foundation.
  public var nfc: String {
    let alreadyNFC =
      utf8.withContiguousStorageIfAvailable(Self.isAlwaysNFC)
      ?? unicodeScalars.allSatisfy { $0.value < 0x300 || (0x2010...0x206F).contains($0.value) }
    return alreadyNFC ? self : precomposedStringWithCanonicalMapping
  }

  /// Whether the text is already in NFC. Line by line (a line break composes with nothing), so
  /// that only the lines holding scalars the quick check does not cover go through Foundation: a
  /// Psalms file with a Hebrew letter in 22 headings no longer sends all its 250 KB.
  public var isNFC: Bool {
    var text = self
    return text.withUTF8 { bytes in
      var start = 0  // the start of a line
      while true {
        let stop = Self.endOfAlwaysNFC(bytes, from: start)
        guard stop < bytes.count else { return true }
        let lineStart = bytes[start..<stop].lastIndex(of: 0x0A).map { $0 + 1 } ?? start
        let lineEnd = bytes[stop...].firstIndex(of: 0x0A) ?? bytes.count
        let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), as: UTF8.self)
        guard line.unicodeScalars.elementsEqual(line.precomposedStringWithCanonicalMapping.unicodeScalars) else {
          return false
        }
        start = lineEnd + 1
      }
    }
  }

  /// Whether UTF-8 holds only scalars the quick check covers (see `endOfAlwaysNFC`).
  private static func isAlwaysNFC(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    endOfAlwaysNFC(bytes, from: 0) == bytes.count
  }

  /// Where, from `start` on, UTF-8 first holds a scalar that is not always NFC (`bytes.count` when
  /// none does): every scalar below U+0300 (bytes below 0xCC: ASCII, continuation bytes and the
  /// leads of U+0080–U+02FF) or in U+2010–U+206F (E2 80 90 … E2 81 AF) is. Eight bytes of ASCII
  /// are passed at a time.
  private static func endOfAlwaysNFC(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    while index < bytes.count {
      if index + 8 <= bytes.count,
        UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        index += 8
        continue
      }
      let byte = bytes[index]
      if byte < 0xCC {
        index += 1
      } else if byte == 0xE2, index + 2 < bytes.count,
        (bytes[index + 1] == 0x80 && bytes[index + 2] >= 0x90) || (bytes[index + 1] == 0x81 && bytes[index + 2] <= 0xAF)
      {
        index += 3
      } else {
        return index
      }
    }
    return bytes.count
  }
}
