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

/// The errors a hub answers with.
public enum HubError: Error, Equatable, Sendable {
  /// A project id that is empty, too long, or holds characters outside `A–Z a–z 0–9 : - _ .`.
  case badProject(String)
  /// A member name that is empty or too long.
  case badMember(String)
  /// A change in a batch that does not belong to the project it was sent to, or is malformed.
  case badChange(device: String, counter: Int64, reason: String)
}

/// Checks shared by every store, so none accepts what another refuses.
enum HubRules {
  static let maxProjectLength = 120
  static let maxMemberLength = 200
  /// A payload larger than this is refused: a verse's change is a few kilobytes at most.
  static let maxPayloadBytes = 1 << 20

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
      let reason: String? =
        change.project != project
        ? "belongs to project \(change.project)"
        : change.counter < 1
          ? "counter below 1"
          : change.device.isEmpty || change.device.count > 100
            ? "device id empty or too long"
            : change.payload.utf8.count > maxPayloadBytes ? "payload over \(maxPayloadBytes) bytes" : nil
      if let reason { throw HubError.badChange(device: change.device, counter: change.counter, reason: reason) }
    }
  }

  /// A new invitation token: 32 random bytes, base64url without padding.
  static func newToken() -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }

  /// What the store keeps of a token.
  static func digest(_ token: String) -> String {
    SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
  }
}
