import Foundation
import Testing

@testable import SyncHub

/// A token is pasted after `--token` on a command line, so one beginning with "-" would be read as
/// an option (CI saw it: one token in 64 did). 4,000 draws would meet such a token with
/// probability 1 - (63/64)^4000, all but certain, if the rule were broken.
@Test func invitationTokensAreBase64URLAndNeverBeginWithADash() {
  let tokens = (0..<4000).map { _ in HubRules.newToken() }
  let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
  #expect(tokens.allSatisfy { !$0.hasPrefix("-") })
  #expect(tokens.allSatisfy { $0.count == 43 && $0.allSatisfy(alphabet.contains) })
  #expect(Set(tokens).count == tokens.count)
  #expect(tokens.contains { $0.contains("-") }, "a dash is still allowed after the first character")
}
