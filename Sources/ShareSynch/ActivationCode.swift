import Crypto
import Foundation

/// What an activation code unlocks: the series a user may download (seed A.3.2).
public struct Activation: Codable, Sendable, Equatable {
  /// Who it was issued to, as the publisher wrote it.
  public let user: String
  /// The series ids it unlocks.
  public let series: [String]

  /// An activation for `user` unlocking `series`.
  public init(user: String, series: [String]) {
    self.user = user
    self.series = series
  }
}

/// Activation codes: `SSA1.<payload>.<signature>`, both base64url, the payload the activation as
/// JSON and the signature Ed25519 over the payload's bytes by the publisher's key. Checked offline
/// against the publisher's public key; anything else is refused.
public enum ActivationCode {
  private static let prefix = "SSA1"

  /// A code for `activation`, signed with the publisher's private key.
  public static func make(_ activation: Activation, signedWith key: Curve25519.Signing.PrivateKey) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let payload = try encoder.encode(activation)
    let signature = try key.signature(for: payload)
    return [prefix, base64URL(payload), base64URL(signature)].joined(separator: ".")
  }

  /// The activation a code carries, when the publisher's key signed it.
  public static func verify(_ code: String, publicKey: Curve25519.Signing.PublicKey) throws -> Activation {
    let parts = code.trimmingCharacters(in: .whitespacesAndNewlines).split(
      separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0] == prefix, let payload = data(base64URL: parts[1]),
      let signature = data(base64URL: parts[2])
    else { throw ShareSynchError.badActivationCode(.notACode) }
    guard publicKey.isValidSignature(signature, for: payload) else {
      throw ShareSynchError.badActivationCode(.notFromPublisher)
    }
    guard let activation = try? JSONDecoder().decode(Activation.self, from: payload) else {
      throw ShareSynchError.badActivationCode(.unreadable)
    }
    return activation
  }

  static func base64URL(_ data: some DataProtocol) -> String {
    Data(data).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  static func data(base64URL text: Substring) -> Data? {
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while base64.count % 4 != 0 { base64 += "=" }
    return Data(base64Encoded: base64)
  }
}
