/// A forgiving HTML tokenizer for notes: start tags (name only; attributes are read past and
/// forgotten), end tags, and text with character references decoded. Comments, doctypes and
/// processing instructions are skipped; a `<` that starts no tag is text.
struct HTMLTokens: Sequence, IteratorProtocol {
  enum Token: Equatable {
    case text(String)
    case start(String, selfClosing: Bool)
    case end(String)
  }

  private let scalars: [Unicode.Scalar]
  private var position = 0

  init(_ html: String) { scalars = Array(html.unicodeScalars) }

  mutating func next() -> Token? {
    guard position < scalars.count else { return nil }
    if scalars[position] == "<", let tag = readTag() { return tag }
    var text = String.UnicodeScalarView()
    repeat {
      text.append(scalars[position])
      position += 1
    } while position < scalars.count && !(scalars[position] == "<" && looksLikeTag(at: position))
    return .text(Self.decode(String(text)))
  }

  private func looksLikeTag(at index: Int) -> Bool {
    guard index + 1 < scalars.count else { return false }
    let next = scalars[index + 1]
    return next.properties.isAlphabetic || next == "/" || next == "!" || next == "?"
  }

  /// Reads a tag at `position` (a `<`); nil when it is not one (the `<` is then text).
  private mutating func readTag() -> Token? {
    guard looksLikeTag(at: position) else { return nil }
    var index = position + 1
    if scalars[index] == "!" || scalars[index] == "?" {  // comment, doctype, processing instruction
      let isComment = index + 2 < scalars.count && scalars[index + 1] == "-" && scalars[index + 2] == "-"
      if isComment {
        index += 3
        while index + 2 < scalars.count,
          !(scalars[index] == "-" && scalars[index + 1] == "-" && scalars[index + 2] == ">")
        {
          index += 1
        }
        position = Swift.min(scalars.count, index + 3)
      } else {
        while index < scalars.count, scalars[index] != ">" { index += 1 }
        position = Swift.min(scalars.count, index + 1)
      }
      return .text("")
    }
    let closing = scalars[index] == "/"
    if closing { index += 1 }
    var name = ""
    while index < scalars.count, scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index]) {
      name.unicodeScalars.append(scalars[index])
      index += 1
    }
    guard !name.isEmpty else { return nil }
    // Attributes: skip to the closing `>`, honouring quotes (a `>` inside a quoted value is not the end).
    var quote: Unicode.Scalar?
    var selfClosing = false
    while index < scalars.count {
      let scalar = scalars[index]
      if let open = quote {
        if scalar == open { quote = nil }
      } else if scalar == "\"" || scalar == "'" {
        quote = scalar
      } else if scalar == ">" {
        break
      }
      selfClosing = scalar == "/" && quote == nil
      index += 1
    }
    position = Swift.min(scalars.count, index + 1)
    let lowered = name.lowercased()
    return closing ? .end(lowered) : .start(lowered, selfClosing: selfClosing)
  }

  private static let named: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
  ]

  /// Text with `&name;`, `&#N;` and `&#xN;` decoded (unknown references stay as written).
  static func decode(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var result = ""
    var rest = Substring(text)
    while let ampersand = rest.firstIndex(of: "&") {
      result += rest[..<ampersand]
      let after = rest[rest.index(after: ampersand)...]
      if let semicolon = after.prefix(12).firstIndex(of: ";") {
        let reference = after[..<semicolon]
        var decoded: String?
        if reference.hasPrefix("#x") || reference.hasPrefix("#X") {
          decoded = UInt32(reference.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
        } else if reference.hasPrefix("#") {
          decoded = UInt32(reference.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
        } else {
          decoded = named[String(reference)]
        }
        if let decoded {
          result += decoded
          rest = after[after.index(after: semicolon)...]
          continue
        }
      }
      result += "&"
      rest = after
    }
    return result + rest
  }
}
