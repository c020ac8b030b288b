import Foundation

/// Anki fields are HTML; a phrasebook stores plain text. These turn one into the other.
enum HTMLText {
  /// The file names of the `<img src="…">` tags in `html`.
  static func imageSources(_ html: String) -> [String] {
    html.matches(of: #/<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>/#.ignoresCase()).map {
      decodeEntities(String($0.output.1 ?? $0.output.2 ?? $0.output.3 ?? ""))
    }
  }

  /// The file names of Anki's `[sound:…]` tags in `html`.
  static func soundFiles(_ html: String) -> [String] {
    html.matches(of: #/\[sound:([^\]]+)\]/#).map { decodeEntities(String($0.output.1)) }
  }

  /// The text of `html`: line breaks and block ends become spaces, other tags and Anki's
  /// `[sound:…]` go, entities are decoded, runs of white space shrink to one.
  static func plainText(_ html: String) -> String {
    let silent = html.replacing(#/\[sound:[^\]]*\]/#, with: " ")
    let spaced = silent.replacing(#/<\s*(br|/p|/div|/li)\b[^>]*>/#.ignoresCase(), with: " ")
    let untagged = spaced.replacing(#/<[^>]*>/#, with: "")
    return decodeEntities(untagged).split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// Escapes text for an HTML field.
  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }

  private static let named: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
  ]

  private static func decodeEntities(_ text: String) -> String {
    text.replacing(#/&(#[0-9]+|#[xX][0-9a-fA-F]+|[a-zA-Z]+);/#) { match in
      let name = String(match.output.1)
      if name.hasPrefix("#x") || name.hasPrefix("#X") {
        return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
          ?? String(match.output.0)
      }
      if name.hasPrefix("#") {
        return UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) } ?? String(match.output.0)
      }
      return named[name.lowercased()] ?? String(match.output.0)
    }
  }
}
