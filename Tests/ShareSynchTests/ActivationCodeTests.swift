import Crypto
import Foundation
import Testing

@testable import ShareSynch

/// Activation codes signed by the publisher, checked offline.
@Suite struct ActivationCodeTests {
  @Test func aSignedCodeUnlocksItsSeriesAndAnythingElseIsRefused() throws {
    let publisher = Curve25519.Signing.PrivateKey()
    let activation = Activation(user: "pastor@example.org", series: ["grace", "hope"])
    let code = try ActivationCode.make(activation, signedWith: publisher)
    #expect(code.hasPrefix("SSA1.") && !code.contains("=") && !code.contains("/"))
    #expect(try ActivationCode.verify(" \(code)\n", publicKey: publisher.publicKey) == activation)

    let stranger = Curve25519.Signing.PrivateKey()
    #expect(throws: ShareSynchError.badActivationCode(.notFromPublisher)) {
      try ActivationCode.verify(code, publicKey: stranger.publicKey)
    }
    let forged = try ActivationCode.make(Activation(user: "x", series: ["all"]), signedWith: stranger)
    let parts = code.split(separator: ".")
    let spliced = [parts[0], forged.split(separator: ".")[1], parts[2]].joined(separator: ".")
    #expect(throws: ShareSynchError.self) { try ActivationCode.verify(spliced, publicKey: publisher.publicKey) }
    var typo = Array(code)
    typo[12] = typo[12] == "A" ? "B" : "A"
    #expect(throws: ShareSynchError.self) { try ActivationCode.verify(String(typo), publicKey: publisher.publicKey) }
    #expect(throws: ShareSynchError.badActivationCode(.notACode)) {
      try ActivationCode.verify("hello", publicKey: publisher.publicKey)
    }
  }
}
