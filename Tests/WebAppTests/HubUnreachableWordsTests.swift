import KeyIt
import Localization
import Testing

@testable import WebApp

/// Why a team hub could not be reached: read from the network library's English once, in the
/// core, and worded in the user's language by the adapter.
@Suite struct HubUnreachableWordsTests {
  @Test func theNetworkLibrarysWordsGiveWhatAPersonCanActOn() {
    let said: [(String, HubUnreachable)] = [
      ("connection reset (error set): Connection refused (errno: 111)", .refused),
      ("connect(descriptor:addr:size:): No route to host (errno: 113)", .network(code: 113)),
      ("HTTPClientError.deadlineExceeded", .timedOut),
      ("NIOCore.ChannelError.connectTimeout(2 seconds)", .timedOut),
      ("something new", .network(code: nil)),
    ]
    for (words, expected) in said {
      #expect(HubUnreachable(networkError: words) == expected, "\(words)")
    }
  }

  @Test func everyReasonIsWordedInEveryLanguage() {
    let reasons: [HubUnreachable] = [
      .noAnswer, .notAHub, .refused, .timedOut, .network(code: 113), .network(code: nil),
    ]
    let english = Translations.bundled.localizer("en")
    for language in Translations.shipped.map(\.tag) {
      let localizer = Translations.bundled.localizer(language)
      let sentences = reasons.map { interfaceWords(for: KeyItError.hubUnreachable($0), localizer: localizer) ?? "" }
      #expect(Set(sentences).count == reasons.count, "\(language): \(sentences)")
      #expect(!sentences.contains { $0.contains("keyit.team.reason.") || $0.contains("{") }, "\(language)")
      if language != "en" {
        for reason in reasons {
          let mine = interfaceWords(for: KeyItError.hubUnreachable(reason), localizer: localizer) ?? ""
          #expect(!mine.contains(reason.description), "\(language): \(mine)")
        }
      }
    }
    #expect(
      interfaceWords(for: KeyItError.hubUnreachable(.refused), localizer: english)
        == "The hub cannot be reached (its computer refuses the connection: is the hub running?); your work is kept and syncs later."
    )
  }
}
