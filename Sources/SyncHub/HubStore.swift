import Crypto
import Foundation
import SyncLog

/// A team hub's storage: the change log of each project and who may read and write it. The SQLite and
/// PostgreSQL hubs implement it and pass the same test suite.
public protocol HubStore: ChangeLogStore {
  /// Records a new member of `project` and returns their invitation token, shown once: the store keeps
  /// only its SHA-256 digest.
  func invite(project: String, member: String) async throws -> String
  /// The member a token belongs to, nil when the token is unknown, revoked or for another project.
  func member(token: String, project: String) async throws -> String?
  /// Withdraws every token of `member` in `project`; returns how many there were.
  func revoke(project: String, member: String) async throws -> Int
}

/// The errors a hub answers with. `description` is the English (the hub's HTTP answers); the
/// command line words them in its language.
public enum HubError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A project id that is empty, too long, or holds characters outside `A–Z a–z 0–9 : - _ .`.
  case badProject(String)
  /// A member name that is empty or too long.
  case badMember(String)
  /// A change in a batch that does not belong to the project it was sent to, or is malformed.
  case badChange(device: String, counter: Int64, reason: ChangeProblem)

  /// What is wrong with a change.
  public enum ChangeProblem: Equatable, Sendable, CustomStringConvertible {
    /// It was sent to one project but belongs to this other one.
    case otherProject(String)
    /// Its counter is below 1.
    case counterBelowOne
    /// Its device id is empty or longer than `HubRules.maxDeviceLength`.
    case badDevice
    /// Its payload is larger than `HubRules.maxPayloadBytes`.
    case payloadTooLarge
    /// The clock stored with it cannot be read (the store is damaged).
    case unreadableClock(String)

    /// The problem in English.
    public var description: String {
      switch self {
      case .otherProject(let project): "belongs to project \(project)"
      case .counterBelowOne: "counter below 1"
      case .badDevice: "device id empty or too long"
      case .payloadTooLarge: "payload over \(HubRules.maxPayloadBytes) bytes"
      case .unreadableClock(let clock): "stored clock \(clock)"
      }
    }
  }

  /// The refusal in English, as the hub answers it over HTTP.
  public var description: String {
    switch self {
    case .badProject(let project): "not a project id: \(project)"
    case .badMember(let member): "not a member name: \(member)"
    case .badChange(let device, let counter, let reason): "change \(counter) of device \(device): \(reason)"
    }
  }
}

/// Checks shared by every store, so none accepts what another refuses.
public enum HubRules {
  /// The longest project id, in characters.
  public static let maxProjectLength = 120
  /// The longest member name, in characters.
  public static let maxMemberLength = 200
  /// The longest device id of a change, in characters.
  public static let maxDeviceLength = 100
  /// A payload larger than this is refused: a verse's change is a few kilobytes at most.
  public static let maxPayloadBytes = 1 << 20

  static func check(project: String) throws {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:-_.")
    guard !project.isEmpty, project.count <= maxProjectLength, project.allSatisfy(allowed.contains) else {
      throw HubError.badProject(project)
    }
  }

  static func check(member: String) throws {
    let trimmed = member.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, member.count <= maxMemberLength else { throw HubError.badMember(member) }
  }

  static func check(_ changes: [SyncChange], project: String) throws {
    for change in changes {
      let reason: HubError.ChangeProblem? =
        change.project != project
        ? .otherProject(change.project)
        : change.counter < 1
          ? .counterBelowOne
          : change.device.isEmpty || change.device.count > maxDeviceLength
            ? .badDevice
            : change.payload.utf8.count > maxPayloadBytes ? .payloadTooLarge : nil
      if let reason { throw HubError.badChange(device: change.device, counter: change.counter, reason: reason) }
    }
  }

  /// A new invitation token: 32 random bytes, base64url without padding, drawn again when it
  /// would begin with "-" (one in 64), which a command line would take for an option.
  static func newToken() -> String {
    var generator = SystemRandomNumberGenerator()
    while true {
      let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
      let token = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
        .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
      if !token.hasPrefix("-") { return token }
    }
  }

  /// What the store keeps of a token.
  static func digest(_ token: String) -> String {
    SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
  }
}
