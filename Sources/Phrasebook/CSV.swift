import Foundation

/// RFC 4180 CSV: comma-separated fields, double quotes around fields that hold commas, quotes or
/// line breaks, a doubled quote for a quote inside. Accepts CRLF or LF line ends.
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
    func endRecord() {
      fields.append(field)
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
        fields.append(field)
        field = ""
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
      field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
        ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
    }.joined(separator: ",")
  }
}
