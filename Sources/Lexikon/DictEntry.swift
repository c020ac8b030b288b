import AppSupport
import Foundation

/// One dictionary entry, parsed where the FreeDict format gives the parts
/// (`headword /pronunciation/ <part of speech>` on the first line, then one sense per line,
/// numbered `1.` when there are several), with the raw text always kept.
public struct DictEntry: Codable, Sendable, Equatable {
  /// The word the entry is for.
  public let headword: String
  /// The IPA pronunciation between slashes, when given.
  public let pronunciation: String?
  /// The part of speech and grammar (`n, s, m`), when given.
  public let partOfSpeech: String?
  /// The meanings, in order.
  public let senses: [Sense]
  /// The definition as the dictionary gave it (trailing line breaks aside).
  public let raw: String

  /// One meaning: its translations, and its own part of speech when the line names one.
  public struct Sense: Codable, Sendable, Equatable {
    /// The sense number (`1.`), when the entry numbers its senses.
    public let number: Int?
    /// The line's text without number and part of speech.
    public let text: String
    /// A part of speech given on the line (`<n, s, m>`).
    public let partOfSpeech: String?
    /// The comma-separated translations in `text`.
    public let translations: [String]
  }

  /// Parses a definition body; text that is not FreeDict-shaped becomes senses line by line.
  public init(raw: String) {
    // Without trailing line breaks, which dictd's files have and its protocol drops.
    var end = raw.endIndex
    while end > raw.startIndex, raw[raw.index(before: end)].isNewline { end = raw.index(before: end) }
    self.raw = String(raw[..<end])
    var lines = raw.split(whereSeparator: \.isNewline).map { String($0).trimmed }.filter { !$0.isEmpty }
    let first = lines.isEmpty ? "" : lines.removeFirst()
    let (rest, partOfSpeech) = Self.trailingAngle(first)
    var headword = rest
    var pronunciation: String?
    if rest.hasSuffix("/"), let open = rest.range(of: " /"), open.upperBound < rest.endIndex {  // not "word /"
      pronunciation = String(rest[open.upperBound..<rest.index(before: rest.endIndex)])
      headword = String(rest[..<open.lowerBound]).trimmed
    }
    self.headword = headword
    self.pronunciation = pronunciation
    self.partOfSpeech = partOfSpeech
    senses = lines.map(Self.sense)
  }

  private static func sense(_ line: String) -> Sense {
    var text = Substring(line)
    var number: Int?
    let digits = text.prefix(while: \.isASCII).prefix(while: \.isNumber)
    if !digits.isEmpty, text.dropFirst(digits.count).hasPrefix(". ") {
      number = Int(digits)
      text = text.dropFirst(digits.count + 2)
    }
    let (body, partOfSpeech) = trailingAngle(String(text).trimmed)
    let translations = body.split(separator: ",").map { String($0).trimmed }.filter { !$0.isEmpty }
    return Sense(number: number, text: body, partOfSpeech: partOfSpeech, translations: translations)
  }

  /// Splits off a trailing `<…>` (FreeDict's part of speech).
  private static func trailingAngle(_ line: String) -> (String, String?) {
    guard line.hasSuffix(">"), let open = line.range(of: " <", options: .backwards) else { return (line, nil) }
    let inside = line[open.upperBound..<line.index(before: line.endIndex)]
    return (String(line[..<open.lowerBound]).trimmed, String(inside))
  }
}
