import AppSupport

/// One structural USFM marker with the text that follows it up to the next structural marker
/// (character markup and notes stay inside that text, untouched).
struct USFMUnit: Equatable {
  /// The marker name without the backslash, e.g. `v`, `q1`, `s1`.
  let marker: String
  /// The marker without its level digits (`q1` → `q`).
  let base: String
  /// UTF-8 offset of the backslash in the source, turned into line and column only for messages.
  let offset: Int
  /// The following text with its whitespace collapsed to single spaces and trimmed.
  var text: String

  /// The unit as one USFM line, `\marker text`.
  var line: String { text.isEmpty ? "\\\(marker)" : "\\\(marker) \(text)" }
}

/// Markers that start or end a paragraph-level or structural unit; every other marker is
/// character markup or a note and stays in the text.
private let structuralBases: Set<String> = [
  "id", "usfm", "ide", "h", "toc", "toca", "sts", "rem",
  "mt", "mte", "imt", "imte", "is", "ims", "ip", "ipi", "im", "imi", "ipq", "imq", "ipr", "ipc", "iq", "ib",
  "ili", "iot", "io", "iex", "ie",
  "c", "cl", "cd", "cp", "d", "s", "ms", "mr", "sr", "sp", "sd", "qa", "r", "v",
  "p", "m", "po", "pr", "cls", "pmo", "pm", "pmc", "pmr", "pi", "mi", "nb", "pc", "ph", "q", "qr", "qc",
  "qm", "qd", "lh", "li", "lf", "lim", "b",
]

/// `structuralBases` as `baseKey`s: a marker's base is looked up from its bytes, without a string
/// made for every marker of the file.
private let structuralBaseKeys = Set(structuralBases.map { baseKey($0.utf8) })

/// The bytes of a marker's base packed into one number (a base longer than 8 bytes is none of
/// `structuralBases`, and gets 0). Marker bytes are never 0, so no two bases share a number.
private func baseKey(_ bytes: some Collection<UInt8>) -> UInt64 {
  bytes.count > 8 ? 0 : bytes.reduce(0) { $0 << 8 | UInt64($1) }
}

private let backslash = UInt8(ascii: "\\")

/// Splits USFM into structural units, working on UTF-8 bytes (markers are ASCII; text bytes are
/// copied untouched). Text before the first marker is returned separately so the caller can reject it.
/// `isNFC` says the bytes are already in NFC: then so is every unit's text (a run of a text in NFC
/// is in NFC, and ASCII whitespace composes with nothing), and it is not composed again.
func tokenizeUSFM(_ bytes: [UInt8], isNFC: Bool = false) -> (leading: String, units: [USFMUnit]) {
  let units = USFMUnits(bytes, isNFC: isNFC)
  return (units.leading, Array(IteratorSequence(units)))
}

/// The structural units of USFM bytes one at a time, as `tokenizeUSFM` splits them: each is made
/// only when asked for, so a long book's first chapter can be read (and written) before its last
/// is split.
struct USFMUnits: IteratorProtocol {
  private let bytes: [UInt8]
  private let isNFC: Bool
  /// The text before the first marker.
  private(set) var leading = ""
  /// The next unit's marker, found; its text runs from `textStart` to the marker after it.
  private var found: (marker: String, base: String, offset: Int, textStart: Int)?

  init(_ bytes: [UInt8], isNFC: Bool = false) {
    self.bytes = bytes
    self.isNFC = isNFC
    found = marker(from: 0)
    leading = text(0..<(found?.offset ?? bytes.count))
  }

  mutating func next() -> USFMUnit? {
    guard let unit = found else { return nil }
    found = marker(from: unit.textStart)
    return USFMUnit(
      marker: unit.marker, base: unit.base, offset: unit.offset,
      text: text(unit.textStart..<(found?.offset ?? bytes.count)))
  }

  /// The first structural marker at or after `start`, and where its text starts.
  private func marker(from start: Int) -> (marker: String, base: String, offset: Int, textStart: Int)? {
    bytes.withUnsafeBufferPointer { bytes in Self.marker(in: bytes, from: start) }
  }

  private static func marker(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (
    marker: String, base: String, offset: Int, textStart: Int
  )? {
    var index = start
    while index < bytes.count {
      guard bytes[index] == backslash else {
        index += 1
        continue
      }
      var end = index + 1
      while end < bytes.count, isMarkerByte(bytes[end]) { end += 1 }
      var baseEnd = index + 1
      while baseEnd < end, !isDigit(bytes[baseEnd]) { baseEnd += 1 }
      let isEndMarker = end < bytes.count && bytes[end] == UInt8(ascii: "*")
      if !isEndMarker, end > index + 1,
        structuralBaseKeys.contains(baseKey(UnsafeBufferPointer(rebasing: bytes[(index + 1)..<baseEnd])))
      {
        let base = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<baseEnd]), as: UTF8.self)
        let marker =
          baseEnd == end
          ? base : String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self)
        return (marker, base, index, end)
      }
      index = end
    }
    return nil
  }

  private func text(_ range: Range<Int>) -> String { collapseWhitespace(bytes[range], isNFC: isNFC) }
}

/// The 1-based line and column (in characters) of a UTF-8 offset, for error messages.
func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
  let before = bytes[..<min(offset, bytes.count)]
  let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
  let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
  return (line, String(decoding: bytes[lineStart..<before.endIndex], as: UTF8.self).count + 1)
}

private func isMarkerByte(_ byte: UInt8) -> Bool {
  (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || isDigit(byte) || byte == 0x2D || byte == 0x5F
}

private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

/// ASCII whitespace runs become one space; the ends are trimmed; the text is made NFC unless it is.
/// Written straight into the string's storage: never longer than the slice.
private func collapseWhitespace(_ slice: ArraySlice<UInt8>, isNFC: Bool) -> String {
  let text = String(unsafeUninitializedCapacity: slice.count) { out in
    slice.withUnsafeBufferPointer { bytes in
      var count = 0
      var pendingSpace = false
      for byte in bytes {
        if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
          pendingSpace = count > 0
        } else {
          if pendingSpace {
            out[count] = 0x20
            count += 1
            pendingSpace = false
          }
          out[count] = byte
          count += 1
        }
      }
      return count
    }
  }
  return isNFC ? text : text.nfc
}
