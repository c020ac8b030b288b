import CICU

extension String {
  /// The text without surrounding whitespace and line breaks (pure Swift: no bridging to NSString).
  public var trimmed: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }

  /// The text in Unicode Normalization Form C, by ICU (Unicode's reference normalizer). Text
  /// already in NFC (`isNFC`) is returned as it is.
  ///
  /// Neither of the two normalizers in Swift's own libraries composes every text right on Linux:
  /// Foundation's `precomposedStringWithCanonicalMapping` leaves a Hangul syllable and a final
  /// consonant apart (U+AC00 U+11A8, which NFC makes U+AC01), and the standard library's puts the
  /// two halves of Tibetan U+0F73 after the marks before it, not in their canonical order.
  public var nfc: String { isNFC ? self : Self.composedByICU(self) }

  /// `text` in NFC by ICU's normalizer.
  private static func composedByICU(_ text: String) -> String {
    let units = Array(text.utf16)
    var result = [UInt16](repeating: 0, count: units.count + 16)
    var length = Int(scriptorium_nfc(units, Int32(units.count), &result, Int32(result.count)))
    if length > result.count {  // NFC can be longer: U+0F73 is two scalars
      result = [UInt16](repeating: 0, count: length)
      length = Int(scriptorium_nfc(units, Int32(units.count), &result, Int32(result.count)))
    }
    // ICU fails only without memory for its tables; the standard library's is nearly always right.
    guard length >= 0 else { return String(decoding: text._nfcCodeUnits, as: UTF8.self) }
    return String(decoding: result[..<length], as: UTF16.self)
  }

  /// Whether the text is already in NFC. Line by line (a line break composes with nothing), so
  /// that only the lines holding scalars the byte check does not cover are checked scalar by
  /// scalar: a Psalms file with a Hebrew letter in 22 headings is not checked whole.
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
        guard Self.checkedNFC(line) else { return false }
        start = lineEnd + 1
      }
    }
  }

  /// Whether `text` is in NFC, by the standard library's check: Unicode's quick check first (each
  /// scalar's NFC_Quick_Check and the order of combining marks), the full one only where that
  /// cannot tell. Hebrew or Devanagari text is checked in a fifth to a seventh of the time that
  /// composing it through Foundation (NSString, UTF-16) took to compare.
  private static func checkedNFC(_ text: String) -> Bool {
    var span = text.utf8Span
    return span.checkForNFC(quickCheck: true) || span.checkForNFC(quickCheck: false)
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
