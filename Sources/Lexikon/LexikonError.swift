import AppSupport

/// Everything that can go wrong in Lexikon, with where.
public enum LexikonError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A dictionary file cannot be read.
  case unreadable(file: String)
  /// A `.index` line is not `headword TAB offset TAB length`.
  case badIndexLine(file: String, line: Int)
  /// A `.dict.dz` file is not dictzip, or a chunk does not inflate.
  case badDictzip(file: String, reason: String)
  /// A StarDict `.ifo` or `.idx` file is not what StarDict writes.
  case badStarDict(file: String, reason: String)
  /// A dictionary file offered for `DATA/dictionaries` is refused (its name, size or content).
  case refusedDictionaryFile(name: String, reason: String)
  /// An entry points outside its `.dict` text.
  case entryOutOfRange(file: String, headword: String)
  /// The DICT server cannot be reached (refused, unknown host, connection lost).
  case unreachable(server: String, reason: String)
  /// The DICT server did not answer within the timeout.
  case timedOut(server: String, seconds: Double)
  /// The DICT server answered something that is not RFC 2229.
  case malformedResponse(server: String, reason: String)
  /// The DICT server refused a request with a 5xx status.
  case serverRefused(server: String, code: Int, message: String)
  /// No installed dictionary has this name or direction.
  case unknownDictionary(String, known: [String])
  /// A word that cannot be looked up (empty, or with a line break).
  case badWord(String)
  /// A cached word that is not in the cache.
  case notCached(word: String, direction: String)
  /// `--dict-server` is not `host:port`.
  case badServerAddress(String)

  /// True when the source cannot be reached right now (the cache may still answer).
  public var isUnreachable: Bool {
    switch self {
    case .unreachable, .timedOut: true
    default: false
    }
  }

  /// A sentence a user can act on.
  public var description: String {
    switch self {
    case .unreadable(let file): "cannot read the dictionary file \(file)"
    case .badIndexLine(let file, let line): "\(file):\(line): not a dictd index line (headword, offset, length)"
    case .badDictzip(let file, let reason): "\(file): not a readable dictzip file: \(reason)"
    case .badStarDict(let file, let reason): "\(file): not a readable StarDict dictionary: \(reason)"
    case .refusedDictionaryFile(let name, let reason): "\(quoted(name)) is not added: \(reason)"
    case .entryOutOfRange(let file, let headword): "\(file): the entry for \(quoted(headword)) lies outside the file"
    case .unreachable(let server, let reason):
      "the dictionary server \(server) is unreachable (\(reason)); cached words still work"
    case .timedOut(let server, let seconds):
      "the dictionary server \(server) did not answer within \(String(format: "%g", seconds)) s; cached words still work"
    case .malformedResponse(let server, let reason):
      "the dictionary server \(server) sent a bad answer: \(shortened(reason))"
    case .serverRefused(let server, let code, let message):
      "the dictionary server \(server) said \(code) \(shortened(message))"
    case .unknownDictionary(let name, let known):
      "no dictionary \(quoted(name)) is installed"
        + (known.isEmpty ? "" : " (installed: \(known.joined(separator: ", ")))")
    case .badWord(let word): "\(quoted(word)) cannot be looked up: give one word or phrase on one line"
    case .notCached(let word, let direction): "\(quoted(word)) is not in the \(shortened(direction)) cache"
    case .badServerAddress(let text): "\(quoted(text)) is not a server address: write host:port, e.g. 127.0.0.1:2628"
    }
  }
}
