import Foundation

/// Any JSON value, for reading import files whose fields may hold the wrong kinds of value
/// (reported per row instead of failing the whole file).
enum JSONValue: Encodable, Equatable {
  case null
  case bool(Bool)
  /// A number, kept as the text it would print as.
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// The value `JSONSerialization` parsed (much faster than decoding with trial and error). The
  /// object is tried before the number: a failed cast of a dictionary to `NSNumber` tries to bridge
  /// it, which made this conversion 3.5 times the parse itself for a file of 100,000 pairs.
  init(_ object: Any) {
    switch object {
    case let text as String: self = .string(text)
    case let object as [String: Any]: self = .object(object.mapValues(JSONValue.init))
    case let array as [Any]: self = .array(array.map(JSONValue.init))
    case let number as NSNumber:
      // JSON true and false come back as NSNumbers of type "c" (char).
      self = String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number.stringValue)
    default: self = .null
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let bool): try container.encode(bool)
    case .number(let text): try container.encode(Double(text) ?? 0)
    case .string(let string): try container.encode(string)
    case .array(let array): try container.encode(array)
    case .object(let object): try container.encode(object)
    }
  }
}
