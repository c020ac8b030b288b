/// How many characters of someone's input an error message shows.
public let quotedInputLimit = 80

/// Input as an error message shows it: in double quotes, cut after `limit` characters (grapheme
/// clusters, so a letter and its accents stay together) with "…", and control characters, quotes
/// and backslashes written as escapes (`\n`, `\u{1B}`, `\"`), so a message never echoes a whole
/// file or request and cannot drive a terminal.
public func quoted(_ input: some StringProtocol, limit: Int = quotedInputLimit) -> String {
  "\"" + shortened(input, limit: limit, escaping: ["\"", "\\"]) + "\""
}

/// Input cut and escaped as `quoted` does, without the quotes (for a file name before `:line`).
/// A single character made of very many scalars is cut by scalars instead.
public func shortened(
  _ input: some StringProtocol, limit: Int = quotedInputLimit, escaping: Set<Unicode.Scalar> = []
) -> String {
  let head = input.prefix(limit)
  var scalars = Substring(head).unicodeScalars[...]
  var cut = head.endIndex < input.endIndex
  if scalars.count > 16 * limit {  // an emoji family is 7 scalars; only marks pile up further
    scalars = scalars.prefix(16 * limit)
    cut = true
  }
  var shown = ""
  for scalar in scalars {
    switch scalar {
    case "\n": shown += "\\n"
    case "\r": shown += "\\r"
    case "\t": shown += "\\t"
    case _ where escaping.contains(scalar): shown += "\\" + String(scalar)
    case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
      shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    default: shown.unicodeScalars.append(scalar)
    }
  }
  return shown + (cut ? "…" : "")
}
