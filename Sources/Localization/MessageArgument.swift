import Foundation

/// A value put into a message's `{name}` placeholder: numbers, sizes and dates are written in the
/// interface language's locale.
public enum MessageArgument: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
  case text(String)
  case number(Int)
  /// A file size in bytes.
  case bytes(Int64)
  case date(Date)

  public init(stringLiteral value: String) { self = .text(value) }
  public init(integerLiteral value: Int) { self = .number(value) }

  func formatted(_ locale: Locale) -> String {
    switch self {
    case .text(let text): text
    case .number(let number): number.formatted(.number.locale(locale))
    case .bytes(let bytes): bytes.formatted(.byteCount(style: .file).locale(locale))
    case .date(let date): date.formatted(.dateTime.locale(locale))
    }
  }
}

/// The `{name}` placeholders of a message text, in order of appearance.
public func placeholders(_ text: String) -> [String] {
  var names: [String] = []
  var rest = text[...]
  while let open = rest.firstIndex(of: "{") {
    let after = rest[rest.index(after: open)...]
    guard let close = after.firstIndex(of: "}") else { break }
    let name = after[..<close]
    if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { names.append(String(name)) }
    rest = after[after.index(after: close)...]
  }
  return names
}

/// A message text with each `{name}` replaced by its argument (unknown names stay as written).
func fill(_ text: String, _ arguments: [String: MessageArgument], locale: Locale) -> String {
  guard text.utf8.contains(UInt8(ascii: "{")) else { return text }  // not Foundation's substring search
  var result = ""
  var rest = text[...]
  while let open = rest.firstIndex(of: "{") {
    result += rest[..<open]
    let after = rest[rest.index(after: open)...]
    if let close = after.firstIndex(of: "}"), let value = arguments[String(after[..<close])] {
      result += value.formatted(locale)
      rest = after[after.index(after: close)...]
    } else {
      result += "{"
      rest = after
    }
  }
  return result + rest
}
