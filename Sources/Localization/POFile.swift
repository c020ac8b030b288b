import Foundation

/// One message of a catalog: its text, or its plural forms in the order of the language's plural
/// categories (`msgstr[0]`, `msgstr[1]`, …).
public struct Message: Sendable, Equatable {
  public let forms: [String]
  public let isPlural: Bool

  public init(forms: [String], isPlural: Bool) {
    self.forms = forms
    self.isPlural = isPlural
  }
}

/// A GNU gettext `.po` file that cannot be read, with its line.
public struct POFileError: Error, Equatable, CustomStringConvertible {
  public let file: String
  public let line: Int
  public let problem: String
  public var description: String { "\(file):\(line): \(problem)" }
}

/// The entries of a GNU gettext `.po` file: `msgid` (a stable message id here), `msgstr` or
/// `msgid_plural` with `msgstr[n]`, strings continued on following lines, `#` comments, and the
/// header (the entry whose `msgid` is empty) as its `Name: value` lines.
public struct POFile: Sendable {
  public let headers: [String: String]
  public let messages: [String: Message]

  public init(text: String, file: String) throws {
    var headers: [String: String] = [:]
    var messages: [String: Message] = [:]
    var id: String?
    var plural = false
    var forms: [Int: String] = [:]
    /// Where the string on a continuation line goes.
    var target: (field: String, index: Int)?
    var entryLine = 0

    func fail(_ line: Int, _ problem: String) -> POFileError { POFileError(file: file, line: line, problem: problem) }

    func finish() throws {
      guard let entryID = id else { return }
      let strings = (0..<forms.count).map { forms[$0] }
      guard strings.allSatisfy({ $0 != nil }), !strings.isEmpty else {
        throw fail(entryLine, "msgid \"\(entryID)\" has no msgstr (or its msgstr[n] are not numbered from 0)")
      }
      if entryID.isEmpty {
        for line in strings[0]!.split(separator: "\n") {
          guard let colon = line.firstIndex(of: ":") else { continue }
          headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
      } else {
        guard messages[entryID] == nil else { throw fail(entryLine, "msgid \"\(entryID)\" appears twice") }
        messages[entryID] = Message(forms: strings.map { $0! }, isPlural: plural)
      }
      id = nil
      plural = false
      forms = [:]
      target = nil
    }

    // Read as UTF-8 bytes: every character the syntax uses is ASCII, and reading Characters (and
    // trimming through Foundation) made parsing the catalogs most of a command's start-up time.
    let lines = Array(text.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    for (offset, rawLine) in lines.enumerated() {
      let number = offset + 1
      let line = Self.trimmed(rawLine)
      if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
      if line.first == UInt8(ascii: "\"") {
        guard let target else { throw fail(number, "a string outside an entry") }
        let piece = try Self.unquote(line, line: number, fail: fail)
        switch target.field {
        case "msgid": id! += piece
        case "msgstr": forms[target.index, default: ""] += piece
        default: break
        }
        continue
      }
      guard let space = line.firstIndex(of: UInt8(ascii: " ")) else {
        throw fail(number, "expected a keyword and a string")
      }
      let keyword = String(decoding: line[..<space], as: UTF8.self)
      let value = try Self.unquote(line[(space + 1)...], line: number, fail: fail)
      switch keyword {
      case "msgctxt":
        throw fail(number, "msgctxt is not used: ids are unique")
      case "msgid":
        try finish()
        id = value
        entryLine = number
        target = ("msgid", 0)
      case "msgid_plural":
        guard id != nil else { throw fail(number, "msgid_plural before msgid") }
        plural = true
        target = ("msgid_plural", 0)
      case "msgstr":
        guard id != nil else { throw fail(number, "msgstr before msgid") }
        forms[0] = value
        target = ("msgstr", 0)
      default:
        guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
          let index = Int(keyword.dropFirst(7).dropLast()), index >= 0
        else { throw fail(number, "unknown keyword \(keyword)") }
        guard id != nil else { throw fail(number, "msgstr before msgid") }
        forms[index] = value
        target = ("msgstr", index)
      }
    }
    try finish()
    self.headers = headers
    self.messages = messages
  }

  /// A line without the spaces, tabs and carriage return around it.
  private static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
    guard let first = line.firstIndex(where: { !blank($0) }), let last = line.lastIndex(where: { !blank($0) }) else {
      return line[line.startIndex..<line.startIndex]
    }
    return line[first...last]
  }

  /// The text of a `"…"` string with its C escapes resolved.
  private static func unquote(_ quoted: ArraySlice<UInt8>, line: Int, fail: (Int, String) -> POFileError) throws
    -> String
  {
    let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
    guard quoted.count >= 2, quoted.first == quote, quoted.last == quote else {
      throw fail(line, "expected a string in double quotes")
    }
    var result: [UInt8] = []
    result.reserveCapacity(quoted.count)
    var escaped = false
    let inner = quoted.dropFirst().dropLast()
    for index in inner.indices {
      let byte = inner[index]
      if escaped {
        switch byte {
        case UInt8(ascii: "n"): result.append(UInt8(ascii: "\n"))
        case UInt8(ascii: "t"): result.append(UInt8(ascii: "\t"))
        case quote, backslash: result.append(byte)
        default:
          throw fail(line, "unknown escape \\\(String(decoding: inner[index...], as: UTF8.self).first!)")
        }
        escaped = false
      } else if byte == backslash {
        escaped = true
      } else if byte == quote {
        throw fail(line, "a double quote inside a string must be written \\\"")
      } else {
        result.append(byte)
      }
    }
    return String(decoding: result, as: UTF8.self)
  }
}
