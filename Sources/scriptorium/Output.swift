import Foundation

/// Prints a command's result: JSON for scripts (`--json`), else the human text.
func printOutput<Value: Encodable>(_ value: Value, json: Bool, human: () -> String) throws {
  if json {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
  } else {
    let text = human()
    if !text.isEmpty { print(text) }
  }
}
