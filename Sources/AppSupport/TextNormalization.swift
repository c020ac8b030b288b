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
    let alreadyNFC = unicodeScalars.allSatisfy { $0.value < 0x300 || (0x2010...0x206F).contains($0.value) }
    return alreadyNFC ? self : precomposedStringWithCanonicalMapping
  }
}
