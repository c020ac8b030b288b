/// The first control character in `text` that stored text may not hold: U+0000 (SQLite ends text
/// there, so everything after it would be lost) and every other C0 control except tab, line feed
/// and carriage return, plus DEL (U+007F). Nil when there is none. These never belong in words or
/// verse text, and some terminals and spreadsheets act on them.
public func forbiddenControlCharacter(in text: some StringProtocol) -> Unicode.Scalar? {
  text.unicodeScalars.first { scalar in
    (scalar.value < 0x20 && !["\t", "\n", "\r"].contains(scalar)) || scalar.value == 0x7F
  }
}

/// How a message names a control character: `U+0000 (NUL)`.
public func controlCharacterName(_ scalar: Unicode.Scalar) -> String {
  let hex = String(scalar.value, radix: 16, uppercase: true)
  let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  return scalar.value == 0 ? code + " (NUL)" : code
}
