import TestSupport
import Testing

@testable import Phrasebook

@Suite struct AnswerCheckTests {
  func check(
    _ typed: String, _ answer: String, _ language: String, lemmas: @escaping (String) -> [String] = { _ in [] }
  )
    -> AnswerCheck
  {
    gradeAnswer(typed, against: [answer], language: language, lemmas: lemmas)
  }

  @Test func eachVerdictProposesItsRating() {
    let cases: [(String, String, String, AnswerVerdict, Rating)] = [
      ("dŵr", "dŵr", "cy", .exact, .good),
      ("  bore   da ", "bore da", "cy", .exact, .good),
      ("Dŵr", "dŵr", "cy", .accents, .good),
      ("dwr", "dŵr", "cy", .accents, .hard),
      ("cafe", "café", "fr", .accents, .hard),
      ("hast", "häst", "sv", .typo, .hard),  // ä is a letter of its own in Swedish
      ("llaath", "llaeth", "cy", .typo, .hard),
      ("llath", "llaeth", "cy", .typo, .hard),
      ("llaetth", "llaeth", "cy", .typo, .hard),
      ("llaeht", "llaeth", "cy", .typo, .hard),
      ("gath", "cath", "cy", .mutation, .hard),
      ("nghath", "cath", "cy", .mutation, .hard),
      ("chath", "cath", "cy", .mutation, .hard),
      ("fara", "bara", "cy", .mutation, .hard),
      ("cath", "gath", "cy", .mutation, .hard),
      ("bore dda", "bore da", "cy", .mutation, .hard),
      ("ci", "cu", "cy", .wrong, .again),  // too short for a typo
      ("llefrith", "llaeth", "cy", .wrong, .again),
      ("", "llaeth", "cy", .wrong, .again),
      ("gath", "cath", "en", .typo, .hard),  // mutations are Welsh only
    ]
    for (typed, answer, language, verdict, rating) in cases {
      let result = check(typed, answer, language)
      #expect(result.verdict == verdict && result.rating == rating, "\(typed) for \(answer) in \(language): \(result)")
    }
  }

  @Test func detailsSayWhatDiffered() {
    #expect(check("nghath", "cath", "cy").detail == .mutation(.nasal))
    #expect(check("llath", "llaeth", "cy").detail == .letterMissing)
    #expect(check("llaetth", "llaeth", "cy").detail == .letterTooMany)
    #expect(check("llaeht", "llaeth", "cy").detail == .lettersSwapped)
    #expect(check("llaath", "llaeth", "cy").detail == .letterWrong)
    #expect(check("dwr", "dŵr", "cy").detail == .accents)
  }

  @Test func theStemsHookFindsAnotherFormOfTheRightWord() {
    let stems = ["hundar": ["hund"], "hunden": ["hund"], "gick": ["gå"]]
    let lemmas = { (word: String) in stems[word] ?? [] }
    #expect(check("hundar", "hund", "sv", lemmas: lemmas).verdict == .inflection)
    #expect(check("hundar", "hunden", "sv", lemmas: lemmas).verdict == .inflection, "both share a stem")
    #expect(check("gick", "gå", "sv", lemmas: lemmas).detail == .otherForm(of: "gå"))
    #expect(check("hundar", "hund", "sv").verdict == .wrong, "without stems it is not a form")
  }

  @Test func theBestOfSeveralRightAnswersCounts() {
    let result = gradeAnswer("llefrith", against: ["llaeth", "llefrith"], language: "cy")
    #expect(result.verdict == .exact && result.expected == "llefrith")
    #expect(gradeAnswer("x", against: [], language: "cy").verdict == .wrong)
  }

  /// Properties over random words: an answer is exact against itself, any one edit of an answer of
  /// four letters or more is never wrong, and the distance is symmetric and zero only for equals.
  @Test func oneEditIsNeverWrongAndTheDistanceIsAMetric() {
    var random = SeededGenerator(seed: 20)
    let letters = Array("abcdefghilmnoprstuwyŵâ")
    for _ in 0..<500 {
      let word = String((0..<Int.random(in: 4...9, using: &random)).map { _ in letters.randomElement(using: &random)! })
      #expect(check(word, word, "cy").verdict == .exact)
      var edited = Array(word)
      let at = Int.random(in: 0..<edited.count - 1, using: &random)
      switch Int.random(in: 0..<4, using: &random) {
      case 0: edited.remove(at: at)
      case 1: edited.insert(letters.randomElement(using: &random)!, at: at)
      case 2: edited[at] = letters.randomElement(using: &random)!
      default: edited.swapAt(at, at + 1)
      }
      let typed = String(edited)
      #expect(check(typed, word, "cy").verdict != .wrong, "\(typed) for \(word)")
      let distance = damerauDistance(Array(typed), Array(word))
      #expect(distance == damerauDistance(Array(word), Array(typed)))
      #expect((distance == 0) == (typed == word) && distance <= 1)
    }
    #expect(damerauDistance(Array("ca"), Array("abc")) == 3, "optimal string alignment, not full Damerau")
    #expect(damerauDistance(Array("kitten"), Array("sitting")) == 3)
  }
}
