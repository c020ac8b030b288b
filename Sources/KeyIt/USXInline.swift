import Foundation

/// An XML element being built: the USX body's paragraphs, books and chapters, and the character
/// styles and notes inside a paragraph's text.
struct USXElement {
  let tag: String
  var attributes: [(name: String, value: String)]
  /// Escaped XML: text and finished child elements.
  var content: [String] = []

  /// The element's `style`, if it has one.
  var style: String? { attributes.first { $0.name == "style" }?.value }

  /// The element as XML; an empty one is self-closing.
  var xml: String {
    let start = "<\(tag)" + attributes.map { " \($0.name)=\"\(escapeXML($0.value, quotes: true))\"" }.joined()
    return content.isEmpty ? start + "/>" : start + ">" + content.joined() + "</\(tag)>"
  }
}

/// Text escaped for XML (`&`, `<`, `>`, and `"` in attributes). Other characters are written as
/// they are, so NFC text stays NFC.
func escapeXML(_ text: String, quotes: Bool = false) -> String {
  var out = ""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "&": out += "&amp;"
    case "<": out += "&lt;"
    case ">": out += "&gt;"
    case "\"" where quotes: out += "&quot;"
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out
}

/// Notes: footnotes, endnotes, cross references.
private let noteStyles: Set<String> = ["f", "fe", "ef", "x", "ex"]

/// The styles that divide a note's text: each ends where the next one starts (or at the note's end)
/// unless nested with `\+`; other character styles in a note nest inside them.
private let noteTextStyles: Set<String> = [
  "fr", "ft", "fk", "fq", "fqa", "fl", "fw", "fp", "xo", "xk", "xq", "xt", "xta", "xop",
]

/// The attribute a bare value after `|` sets (`\w grace|grace\w*`), per USFM 3.
private let defaultAttributes = ["w": "lemma", "rb": "gloss", "xt": "link-href"]

/// Converts a paragraph's text with USFM character markup (`\wj …\wj*`, nested `\+nd …\+nd*`,
/// `|` attributes), notes (`\f + \fr 1:1 \ft …\f*`, `\x …\x*`) and milestones (`\qt-s |who="…"\*`)
/// into USX `<char>`, `<note>` and `<ms>` elements, escaping all text. Markup that is not closed
/// ends with the text; an end marker with nothing open to end is kept as text, so nothing is lost.
func usxInline(_ text: String) -> [String] {
  var reader = InlineReader(Array(text.unicodeScalars))
  return reader.read()
}

private struct InlineReader {
  let text: [Unicode.Scalar]
  var index = 0
  /// The open elements; the first holds the paragraph's content.
  var open = [USXElement(tag: "", attributes: [])]
  var pending = String.UnicodeScalarView()

  init(_ text: [Unicode.Scalar]) { self.text = text }

  mutating func read() -> [String] {
    while index < text.count {
      if text[index] == "\\", let marker = marker(at: index) {
        index = marker.end
        handle(marker)
      } else if text[index] == "|", open.count > 1, let attributes = attributes(at: index) {
        open[open.count - 1].attributes += attributes
      } else {
        pending.append(text[index])
        index += 1
      }
    }
    close(downTo: 1)
    return open[0].content
  }

  private mutating func handle(_ marker: (name: String, nested: Bool, isEnd: Bool, end: Int)) {
    if marker.isEnd {
      guard let target = open.lastIndex(where: { $0.style == marker.name }), target > 0 else {
        pending.append(contentsOf: "\\\(marker.nested ? "+" : "")\(marker.name)*".unicodeScalars)
        return
      }
      close(downTo: target)
    } else if marker.name.hasSuffix("-s") || marker.name.hasSuffix("-e") {
      milestone(marker.name)
    } else if noteStyles.contains(marker.name) {
      let caller = String(String.UnicodeScalarView(text[index...].prefix { $0 != " " && $0 != "\\" }))
      index += caller.unicodeScalars.count
      if index < text.count, text[index] == " " { index += 1 }
      push(USXElement(tag: "note", attributes: [("caller", caller), ("style", marker.name)]))
    } else {
      if !marker.nested, noteTextStyles.contains(marker.name), let note = open.lastIndex(where: { $0.tag == "note" }) {
        close(downTo: note + 1)
      }
      push(USXElement(tag: "char", attributes: [("style", marker.name)]))
    }
  }

  /// `\name`, `\+name` or `\name*` at `start`; one space after a start marker belongs to it.
  private func marker(at start: Int) -> (name: String, nested: Bool, isEnd: Bool, end: Int)? {
    var end = start + 1
    let nested = end < text.count && text[end] == "+"
    if nested { end += 1 }
    let nameStart = end
    while end < text.count, isMarkerScalar(text[end]) { end += 1 }
    guard end > nameStart else { return nil }
    let name = String(String.UnicodeScalarView(text[nameStart..<end]))
    if end < text.count, text[end] == "*" { return (name, nested, true, end + 1) }
    if end < text.count, text[end] == " " { end += 1 }
    return (name, nested, false, end)
  }

  /// `|key="value" …` (or a bare value for the open style's default attribute) up to the end
  /// marker of the open element; nil when the text is not attributes, so it stays text.
  private mutating func attributes(at bar: Int) -> [(name: String, value: String)]? {
    guard let backslash = text[bar...].firstIndex(of: "\\"), let style = open.last?.style,
      let marker = marker(at: backslash), marker.isEnd, marker.name == style
    else { return nil }
    let source = String(String.UnicodeScalarView(text[(bar + 1)..<backslash]))
    guard let attributes = parseAttributes(source, style: style) else { return nil }
    index = backslash
    return attributes
  }

  /// `\qt-s |who="Jesus"\*` → `<ms style="qt-s" who="Jesus"/>`.
  private mutating func milestone(_ style: String) {
    var element = USXElement(tag: "ms", attributes: [("style", style)])
    // Attributes run from `|` to the `\*` that ends the milestone, which may follow at once.
    if let close = text[index...].firstIndex(of: "\\"), close + 1 < text.count, text[close + 1] == "*",
      close == index || text[index] == "|",
      let attributes = parseAttributes(String(String.UnicodeScalarView(text[index..<close].dropFirst())), style: style)
    {
      element.attributes += attributes
      index = close + 2
    }
    flushText()
    open[open.count - 1].content.append(element.xml)
  }

  private mutating func push(_ element: USXElement) {
    flushText()
    open.append(element)
  }

  /// Ends the open elements from the innermost down to `depth`, each into its parent.
  private mutating func close(downTo depth: Int) {
    flushText()
    while open.count > depth {
      let element = open.removeLast()
      open[open.count - 1].content.append(element.xml)
    }
  }

  private mutating func flushText() {
    guard !pending.isEmpty else { return }
    open[open.count - 1].content.append(escapeXML(String(pending)))
    pending = String.UnicodeScalarView()
  }
}

/// Marker names are ASCII letters, digits, `-` and `_`.
private func isMarkerScalar(_ scalar: Unicode.Scalar) -> Bool {
  scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
}

/// `key="value" …` pairs, or one bare value for the style's default attribute; nil when neither.
private func parseAttributes(_ source: String, style: String) -> [(name: String, value: String)]? {
  let trimmed = source.trimmingCharacters(in: .whitespaces)
  if trimmed.isEmpty { return [] }
  guard trimmed.contains("=\"") else {
    return defaultAttributes[style].map { [($0, trimmed)] }
  }
  var pairs: [(name: String, value: String)] = []
  var rest = Substring(trimmed)
  while !rest.isEmpty {
    guard let equals = rest.firstIndex(of: "="), rest[rest.index(after: equals)...].first == "\"" else { return nil }
    let valueStart = rest.index(equals, offsetBy: 2)
    guard let quote = rest[valueStart...].firstIndex(of: "\"") else { return nil }
    let name = rest[..<equals].trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { return nil }
    pairs.append((name, String(rest[valueStart..<quote])))
    rest = rest[rest.index(after: quote)...].drop { $0 == " " }
  }
  return pairs
}
