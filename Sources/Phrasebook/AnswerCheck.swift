import AppSupport

/// The stems (lemmas) of a word in a language (BCP 47), for finding inflected forms: Hunspell's,
/// plugged in by whoever runs the store; `noStems` until then.
public typealias Stems = @Sendable (_ word: String, _ language: String) -> [String]

/// No stems at all: only the word itself is tried.
public let noStems: Stems = { _, _ in [] }

/// How close a typed answer came, best first. A mutation or another form says more than a typo
/// (`gath` for `cath` is also one letter wrong), so they come first.
public enum AnswerVerdict: String, Codable, Sendable, CaseIterable {
  /// Letter for letter (spaces around and Unicode form aside).
  case exact
  /// The same letters but for accents or letter case, as the language's alphabet sees it: in
  /// Welsh `dwr` for `dŵr`, but not in Swedish `hast` for `häst` (`ä` is a letter of its own).
  case accents
  /// The right word, mutated (Welsh `gath` for `cath`) or mutated where it should not be.
  case mutation
  /// Another form of the right word (a stem the lemmas function gives).
  case inflection
  /// One edit away: a letter wrong, missing, too many, or two neighbours swapped.
  case typo
  /// None of these.
  case wrong
}

/// What differed between a typed answer and the right one, for the learner; the adapters word it.
public enum AnswerDetail: Codable, Sendable, Equatable {
  case letterCase
  case accents
  /// The Welsh mutation between the typed word and the right one.
  case mutation(WelshMutation)
  /// Another form of this word of the right answer.
  case otherForm(of: String)
  case letterMissing
  case letterTooMany
  case lettersSwapped
  case letterWrong
}

/// The verdict on a typed answer and the FSRS rating it proposes; the learner may pick another.
public struct AnswerCheck: Codable, Sendable, Equatable {
  /// What was typed.
  public let typed: String
  /// The right answer it came closest to.
  public let expected: String
  /// How close.
  public let verdict: AnswerVerdict
  /// What differed, for the learner (a letter missing, a soft mutation); nil when exact or wrong.
  public let detail: AnswerDetail?
  /// Good for exact (and letter case only), Hard for the near misses, Again for wrong.
  public let rating: Rating
}

/// Grades `typed` against each right answer and keeps the best verdict. `language` (BCP 47) is
/// the answers' language: it decides which letters are accents only (ICU's collation at primary
/// strength) and whether Welsh mutations count. `lemmas` gives the stems of a word (none by
/// default) for "another form of the right word". Typos count only in answers of four letters or
/// more, where one edit rarely makes another word.
public func gradeAnswer(
  _ typed: String, against answers: [String], language: String, lemmas: (String) -> [String] = { _ in [] }
) -> AnswerCheck {
  let typed = spaced(typed)
  let checks = answers.map { grade(typed, spaced($0), language: language, lemmas: lemmas) }
  return checks.min { $0.verdict.rank < $1.verdict.rank }
    ?? AnswerCheck(typed: typed, expected: "", verdict: .wrong, detail: nil, rating: .again)
}

/// The shortest answer a typo is allowed in.
private let shortestTypoAnswer = 4

private func grade(_ typed: String, _ expected: String, language: String, lemmas: (String) -> [String])
  -> AnswerCheck
{
  func verdict(_ verdict: AnswerVerdict, _ detail: AnswerDetail? = nil, rating: Rating) -> AnswerCheck {
    AnswerCheck(typed: typed, expected: expected, verdict: verdict, detail: detail, rating: rating)
  }
  if typed == expected { return verdict(.exact, rating: .good) }
  if typed.lowercased() == expected.lowercased() { return verdict(.accents, .letterCase, rating: .good) }
  let collation = LanguageCollation.forLanguage(language)
  if !typed.isEmpty, collation.primaryKey(typed) == collation.primaryKey(expected) {
    return verdict(.accents, .accents, rating: .hard)
  }
  let sameWord = { (one: String, two: String) in collation.primaryKey(one) == collation.primaryKey(two) }
  if language.lowercased().split(separator: "-").first == "cy",
    let mutation = wordByWord(typed, expected, sameWord: sameWord, related: mutationBetween)
  {
    return verdict(.mutation, mutation, rating: .hard)
  }
  let inflection = wordByWord(typed, expected, sameWord: sameWord) { one, two in
    let stemsOne = Set([one] + lemmas(one).map { $0.lowercased() })
    let stemsTwo = Set([two] + lemmas(two).map { $0.lowercased() })
    return stemsOne.isDisjoint(with: stemsTwo) ? nil : .otherForm(of: two)
  }
  if let inflection { return verdict(.inflection, inflection, rating: .hard) }
  let typedLetters = Array(typed.lowercased())
  let expectedLetters = Array(expected.lowercased())
  if expectedLetters.count >= shortestTypoAnswer,
    let typo = typoDetail(typed: typedLetters, expected: expectedLetters)
  {
    return verdict(.typo, typo, rating: .hard)
  }
  return verdict(.wrong, rating: .again)
}

/// Compares two phrases word by word: every word the same (at primary strength) or `related`,
/// and at least one related. Returns the first relation.
private func wordByWord(
  _ typed: String, _ expected: String, sameWord: (String, String) -> Bool, related: (String, String) -> AnswerDetail?
) -> AnswerDetail? {
  let typedWords = typed.lowercased().split(separator: " ").map(String.init)
  let expectedWords = expected.lowercased().split(separator: " ").map(String.init)
  guard typedWords.count == expectedWords.count else { return nil }
  var found: AnswerDetail?
  for (one, two) in zip(typedWords, expectedWords) where !sameWord(one, two) {
    guard let relation = related(one, two) else { return nil }
    found = found ?? relation
  }
  return found
}

/// The mutation between a typed Welsh word and the right one, either way round (`gath` typed for
/// `cath`, or `cath` where the answer is the mutated `gath`).
private func mutationBetween(_ typed: String, _ expected: String) -> AnswerDetail? {
  if let found = WelshMutation.radicals(of: typed).first(where: { $0.radical == expected }) {
    return .mutation(found.mutation)
  }
  return WelshMutation.radicals(of: expected).first { $0.radical == typed }.map { .mutation($0.mutation) }
}

/// The text trimmed, in NFC, with each run of spaces as one.
private func spaced(_ text: String) -> String {
  text.nfc.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
}

extension AnswerVerdict {
  fileprivate var rank: Int { Self.allCases.firstIndex(of: self)! }
}
