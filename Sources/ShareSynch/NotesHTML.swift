/// Speaker notes as rich text limited to the seed's formats — bold, italic, underline,
/// strikethrough and bulleted lists, in paragraphs and lines — stored as HTML of exactly that
/// subset. Anything else (scripts, styles, attributes, links, images, unknown tags) is stripped,
/// so stored notes can be rendered as they are.
public enum NotesHTML {
  /// The tags kept, with the name each is stored under.
  private static let kept: [String: String] = [
    "b": "b", "strong": "b", "i": "i", "em": "i", "u": "u", "s": "s", "strike": "s", "del": "s",
    "ul": "ul", "ol": "ul", "li": "li", "p": "p", "div": "p", "br": "br",
  ]
  /// Elements whose content is dropped with them.
  private static let dropped: Set<String> = [
    "script", "style", "iframe", "object", "embed", "template", "noscript", "svg", "math", "head", "title", "textarea",
    "select",
  ]

  /// The subset of `html` that notes keep: allowed tags without attributes, properly nested and
  /// closed; all text escaped.
  public static func sanitize(_ html: String) -> String {
    var output = ""
    var open: [String] = []
    var skipping: String?
    for token in HTMLTokens(html) {
      switch token {
      case .text(let text):
        if skipping == nil { output += escape(text) }
      case .start(let name, let selfClosing):
        if skipping != nil { continue }
        if dropped.contains(name) {
          if !selfClosing { skipping = name }
          continue
        }
        guard let tag = kept[name] else { continue }
        if tag == "br" {
          output += "<br>"
          continue
        }
        if tag == "li", !open.contains("ul") {  // a list item outside a list gets one
          closeForBlock(&open, &output)
          output += "<ul>"
          open.append("ul")
        }
        if tag == "p" || tag == "ul" { closeForBlock(&open, &output) }
        if tag == "li", let index = open.lastIndex(of: "li"), !open[(index + 1)...].contains("ul") {
          close(through: index, &open, &output)
        }
        if selfClosing { continue }
        output += "<\(tag)>"
        open.append(tag)
      case .end(let name):
        if let skipped = skipping {
          if skipped == name { skipping = nil }
          continue
        }
        guard let tag = kept[name], tag != "br", let index = open.lastIndex(of: tag) else { continue }
        close(through: index, &open, &output)
      }
    }
    close(through: 0, &open, &output)
    return output
  }

  /// Before a block tag (`p`, `ul`): closes open inline formatting, then an open paragraph (a
  /// paragraph ends where another one or a list begins).
  private static func closeForBlock(_ open: inout [String], _ output: inout String) {
    while let last = open.last, !["ul", "li", "p"].contains(last) {
      output += "</\(last)>"
      open.removeLast()
    }
    if open.last == "p" { close(through: open.count - 1, &open, &output) }
  }

  /// Closes the open tags down to `index`; a paragraph closed with nothing in it is left out.
  private static func close(through index: Int, _ open: inout [String], _ output: inout String) {
    while open.count > index {
      let tag = open.removeLast()
      if tag == "p", output.hasSuffix("<p>") {
        output.removeLast(3)
      } else {
        output += "</\(tag)>"
      }
    }
  }

  /// The notes' text without tags (entities decoded), lines and list items on their own lines:
  /// what appeal markers and the PDF's plain fallback read.
  public static func plainText(_ html: String) -> String {
    var text = ""
    for token in HTMLTokens(html) {
      switch token {
      case .text(let chunk): text += chunk
      case .start(let name, _) where ["br", "p", "li", "div"].contains(name):
        if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
      default: break
      }
    }
    return text
  }

  /// `text` with `&`, `<`, `>` and `"` as entities.
  public static func escape(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
