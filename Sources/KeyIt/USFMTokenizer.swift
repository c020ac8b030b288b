/// One structural USFM marker with the text that follows it up to the next structural marker
/// (character markup and notes stay inside that text, untouched).
struct USFMUnit: Equatable {
  /// The marker name without the backslash, e.g. `v`, `q1`, `s1`.
  let marker: String
  /// 1-based line of the backslash.
  let line: Int
  /// 1-based column (in characters) of the backslash.
  let column: Int
  /// The following text with its whitespace collapsed to single spaces and trimmed.
  var text: String

  /// The marker without its level digits (`q1` → `q`).
  var base: String { String(marker.prefix { !$0.isNumber }) }
}

/// Markers that start or end a paragraph-level or structural unit; every other marker is
/// character markup or a note and stays in the text.
private let structuralBases: Set<String> = [
  "id", "usfm", "ide", "h", "toc", "toca", "sts", "rem",
  "mt", "mte", "imt", "imte", "is", "ip", "ipi", "im", "imi", "ipq", "imq", "ipr", "ipc", "iq", "ib",
  "ili", "iot", "io", "iex", "ie",
  "c", "cl", "cd", "d", "s", "ms", "mr", "sr", "sp", "sd", "qa", "r", "v",
  "p", "m", "po", "pr", "cls", "pmo", "pm", "pmc", "pmr", "pi", "mi", "nb", "pc", "ph", "q", "qr", "qc",
  "qm", "qd", "lh", "li", "lf", "lim", "b",
]

/// Splits USFM text into structural units. Text before the first marker is returned separately
/// so the caller can reject it.
func tokenizeUSFM(_ text: String) -> (leading: String, units: [USFMUnit]) {
  var units: [USFMUnit] = []
  var leading = ""
  var buffer = ""
  var line = 1
  var column = 1
  var index = text.startIndex
  func flush() {
    let collapsed = buffer.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    if units.isEmpty { leading = collapsed } else { units[units.count - 1].text = collapsed }
    buffer = ""
  }
  while index < text.endIndex {
    let character = text[index]
    if character == "\\" {
      var end = text.index(after: index)
      while end < text.endIndex, text[end].isLetter || text[end].isNumber || text[end] == "-" || text[end] == "_" {
        end = text.index(after: end)
      }
      let name = String(text[text.index(after: index)..<end])
      let isEndMarker = end < text.endIndex && text[end] == "*"
      let base = String(name.prefix { !$0.isNumber })
      if !isEndMarker, !name.isEmpty, structuralBases.contains(base) {
        flush()
        units.append(USFMUnit(marker: name, line: line, column: column, text: ""))
        column += text.distance(from: index, to: end)
        index = end
        continue
      }
    }
    if character.isNewline {
      line += 1
      column = 1
    } else {
      column += 1
    }
    buffer.append(character)
    index = text.index(after: index)
  }
  flush()
  return (leading, units)
}
