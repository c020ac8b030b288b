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
      var start = 0
      while start < bytes.count {
        let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
        let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if !Self.isAlwaysNFC(line) {
          let text = String(decoding: line, as: UTF8.self)
          guard text.unicodeScalars.elementsEqual(text.precomposedStringWithCanonicalMapping.unicodeScalars) else {
            return false
          }
        }
        start = end + 1
      }
      return true
    }
  }

  /// Whether UTF-8 holds only scalars below U+0300 (bytes below 0xCC: ASCII, continuation
  /// bytes and the leads of U+0080–U+02FF) or in U+2010–U+206F (E2 80 90 … E2 81 AF).
  private static func isAlwaysNFC(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0xCC {
        index += 1
      } else if byte == 0xE2, index + 2 < bytes.count,
        (bytes[index + 1] == 0x80 && bytes[index + 2] >= 0x90) || (bytes[index + 1] == 0x81 && bytes[index + 2] <= 0xAF)
      {
        index += 3
      } else {
        return false
      }
    }
    return true
  }
}
