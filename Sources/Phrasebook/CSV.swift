import Foundation

/// RFC 4180 CSV: comma-separated fields, double quotes around fields that hold commas, quotes or
/// line breaks, a doubled quote for a quote inside. Accepts CRLF or LF line ends.
///
/// A field a spreadsheet would run as a formula (one starting with `=`, `+`, `-`, `@`, a tab or a
/// carriage return) is written quoted with a `'` in front, as OWASP recommends ("CSV Injection");
/// so that this reads back exactly, a field that starts with apostrophes before one of those gets
/// one more, and reading drops one leading `'` from a quoted field of that shape.
enum CSV {
  /// A field opened a quote and never closed it.
  struct UnclosedQuote: Error, Equatable {
    /// The line (from 1) where the field starts.
    let line: Int
  }

  /// The records of `text`, each with the line it starts on; blank lines are skipped.
  static func parse(_ text: String) throws -> [(line: Int, fields: [String])] {
    var records: [(line: Int, fields: [String])] = []
    var fields: [String] = []
    var field = ""
    var quoted = false
    var fieldWasQuoted = false
    var line = 1
    var recordLine = 1
    var quoteLine = 1
    var characters = text.makeIterator()
    var pending = characters.next()
    func endField() {
      fields.append(fieldWasQuoted ? unescapedFormula(field) : field)
      field = ""
    }
    func endRecord() {
      endField()
      if fields != [""] || fieldWasQuoted { records.append((recordLine, fields)) }
      fields = []
      field = ""
      fieldWasQuoted = false
    }
    while let character = pending {
      pending = characters.next()
      if quoted {
        if character == "\"" {
          if pending == "\"" {
            field.append("\"")
            pending = characters.next()
          } else {
            quoted = false
          }
        } else {
          if character == "\n" || character == "\r\n" { line += 1 }
          field.append(character)
        }
        continue
      }
      switch character {
      case "\"" where field.isEmpty:
        quoted = true
        fieldWasQuoted = true
        quoteLine = line
      case ",":
        endField()
        fieldWasQuoted = false
      case "\n", "\r\n", "\r":
        endRecord()
        line += 1
        recordLine = line
      default: field.append(character)
      }
    }
    if quoted { throw UnclosedQuote(line: quoteLine) }
    if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRecord() }
    return records
  }

  /// One record as a CSV line (without the line end).
  static func line(_ fields: [String]) -> String {
    fields.map { field in
      let formula = startsFormula(field)
      let field = formula ? "'" + field : field
      return formula || field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
        ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
    }.joined(separator: ",")
  }

  /// The characters that make a spreadsheet read a cell as a formula when it starts with one.
  private static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

  /// True when `field`, after any leading apostrophes, starts with a formula character.
  private static func startsFormula(_ field: String) -> Bool {
    field.unicodeScalars.first { $0 != "'" }.map { formulaStarts.contains($0) } ?? false
  }

  /// A quoted field read back: one leading `'` dropped where `line` added one.
  private static func unescapedFormula(_ field: String) -> String {
    field.hasPrefix("'") && startsFormula(field) ? String(field.dropFirst()) : field
  }
}
