/// Why a team hub could not be reached; the adapters word it.
public enum HubUnreachable: Sendable, Equatable, CustomStringConvertible {
  /// The hub did not answer (the team command's quick check).
  case noAnswer
  /// Something answered, but not with the hub's protocol.
  case notAHub
  /// The hub's computer refused the connection: nothing listens there.
  case refused
  /// No answer within the time limit.
  case timedOut
  /// The network failed; `code` is the system's error number when the library gives it.
  case network(code: Int?)

  /// Reads what the network library said (its description, in English) for the one thing a
  /// person can act on: refused, timed out, or the error number.
  public init(networkError words: String) {
    let code = words.firstMatch(of: /errno: (\d+)/).flatMap { Int($0.1) }
    let lowered = words.lowercased()
    if code == 111 || lowered.contains("connection refused") {
      self = .refused
    } else if lowered.contains("timeout") || lowered.contains("timed out") || lowered.contains("deadline") {
      self = .timedOut
    } else {
      self = .network(code: code)
    }
  }

  /// In English (for logs and tests).
  public var description: String {
    switch self {
    case .noAnswer: "no answer"
    case .notAHub: "the answer is not a hub's"
    case .refused: "its computer refuses the connection: is the hub running?"
    case .timedOut: "no answer in time"
    case .network(let code?): "network error \(code)"
    case .network(nil): "the network failed"
    }
  }
}
