import AppSupport
import Testing

/// Undoing Welsh mutations, with words as real sentences have them.
@Suite struct WelshMutationTests {
  func radicals(_ word: String) -> [String] { WelshMutation.radicals(of: word).map(\.radical) }

  @Test(arguments: [
    // "ei gath" (his cat), "fy nghath" (my cat), "ei chath" (her cat): cath.
    ("gath", "cath", WelshMutation.soft), ("nghath", "cath", .nasal), ("chath", "cath", .aspirate),
    ("ben", "pen", .soft), ("mhen", "pen", .nasal), ("phen", "pen", .aspirate),
    ("nhad", "tad", .nasal), ("dad", "tad", .soft), ("thad", "tad", .aspirate),
    ("fara", "bara", .soft), ("mara", "bara", .nasal), ("fam", "mam", .soft),
    ("ddŵr", "dŵr", .soft), ("nŵr", "dŵr", .nasal), ("lyfr", "llyfr", .soft), ("law", "llaw", .soft),
    ("ardd", "gardd", .soft), ("ngardd", "gardd", .nasal), ("wely", "gwely", .soft),
    ("hafon", "afon", .hProthesis), ("hysgol", "ysgol", .hProthesis),
  ])
  func eachMutatedWordLeadsBackToItsRadical(_ word: String, _ radical: String, _ mutation: WelshMutation) {
    let found = WelshMutation.radicals(of: word)
    #expect(found.contains { $0.radical == radical && $0.mutation == mutation }, "\(word): \(found)")
  }

  @Test func digraphsAreNeverSplitAndTheWordItselfIsNotACandidate() {
    #expect(!radicals("llaw").contains("lllaw") && !radicals("ffordd").contains { $0.hasPrefix("bf") })
    #expect(!radicals("ddŵr").contains("tdŵr"), "dd is one letter: only dd → d")
    #expect(!radicals("cath").contains("cath"))
    #expect(radicals("Gath").first == "cath", "case aside")
    #expect(radicals("x").isEmpty && radicals("").isEmpty)
  }
}
