import ArgumentParser
import Foundation
import Localization
import Phrasebook
import Stemming
import WebApp

extension Rating: ExpressibleByArgument {
  /// Parses `again|hard|good|easy` (and `correct`/`false`).
  public init?(argument: String) { self.init(name: argument) }
}

extension Direction: ExpressibleByArgument {}

struct PhrasebookDue: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "due", abstract: "What is due now, per direction.")
  @OptionGroup var options: PhrasebookOptions
  @Option(help: "Count as if it were this time (ISO 8601).", transform: parseTime) var at: Date?

  func run() async throws {
    let counts = try await options.store().dueCounts(in: options.book, now: at ?? Date())
    try options.emit(counts) {
      counts.map {
        t(
          "phrasebook.cli.due",
          ["direction": .text($0.direction.rawValue), "due": .number($0.due), "new": .number($0.new)])
      }.joined(separator: "\n")
    }
  }
}

struct PhrasebookReview: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "review", abstract: "Record one review of a pair and print the card's new schedule (FSRS-6).")
  @OptionGroup var options: PhrasebookOptions
  @Argument(help: "The word in the first language.") var wordOne: String
  @Argument(help: "The word in the second language.") var wordTwo: String
  @Option(help: "again, hard, good or easy.") var rating: Rating
  @Option(help: "forward (first word shown) or reverse.") var direction: Direction = .forward
  @Option(help: "When the review happened (ISO 8601; default now).", transform: parseTime) var at: Date?

  func run() async throws {
    let record = try await options.store().review(
      wordOne: wordOne, wordTwo: wordTwo, direction: direction, rating: rating, at: at ?? Date(), in: options.book)
    let card = record.after
    try options.emit(card) {
      let formatter = ISO8601DateFormatter()
      return [
        t("phrasebook.cli.schedule.due", ["time": .text(formatter.string(from: card.due))]),
        t("phrasebook.cli.schedule.stability", ["value": .text("\(card.stability ?? 0)")]),
        t("phrasebook.cli.schedule.difficulty", ["value": .text("\(card.difficulty ?? 0)")]),
        t("phrasebook.cli.schedule.state", ["state": .text(card.state.name)]),
        t("phrasebook.cli.schedule.step", ["step": .text(card.step.map(String.init) ?? "-")]),
      ].joined(separator: "\n")
    }
  }
}

/// Parses an ISO 8601 time (`2026-01-01T09:30:00Z`, fractional seconds allowed).
func parseTime(_ text: String) throws -> Date {
  let plain = ISO8601DateFormatter()
  let fractional = ISO8601DateFormatter()
  fractional.formatOptions.insert(.withFractionalSeconds)
  guard let date = plain.date(from: text) ?? fractional.date(from: text) else {
    throw ValidationError(t("phrasebook.cli.badTime", ["text": .text(text)]))
  }
  return date
}

struct PhrasebookCheck: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract:
      "Grade a typed answer to a pair's card and print the verdict and the rating it proposes (nothing is recorded)."
  )
  @OptionGroup var options: PhrasebookOptions
  @Argument(help: "The word in the first language.") var wordOne: String
  @Argument(help: "The word in the second language.") var wordTwo: String
  @Argument(help: "The answer typed.") var answer: String
  @Option(help: "forward (first word shown, second typed) or reverse.") var direction: Direction = .forward

  func run() async throws {
    let check = try await options.store().checkAnswer(
      wordOne: wordOne, wordTwo: wordTwo, direction: direction, typed: answer, in: options.book,
      stems: Stemmers.installedLemmas)
    let words = CommandLanguage.localizer
    let detail = PhrasebookWords.detail(check.detail, words)
    let checked = CheckedAnswerJSON(
      typed: check.typed, expected: check.expected, verdict: check.verdict, detail: detail, rating: check.rating)
    try options.emit(checked) {
      let verdict: [String: MessageArgument] = [
        "verdict": .text(PhrasebookWords.verdict(check.verdict, words)), "detail": .text(detail),
        "expected": .text(check.expected),
      ]
      return t(detail.isEmpty ? "phrasebook.cli.check" : "phrasebook.cli.checkDetail", verdict) + "\n"
        + t("phrasebook.cli.proposed", ["rating": .text(check.rating.name)])
    }
  }

  /// The check as `--json` prints it, with what differed in words.
  struct CheckedAnswerJSON: Encodable {
    let typed: String
    let expected: String
    let verdict: AnswerVerdict
    let detail: String
    let rating: Rating
  }
}

struct PhrasebookNewPerDay: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "new-per-day", abstract: "Show or set how many new cards a day revision brings (default 20).")
  @OptionGroup var options: PhrasebookOptions
  @Argument(help: "The new limit (0 to 9999).") var limit: Int?

  func run() async throws {
    let store = try options.store()
    if let limit { try await store.setNewCardsPerDay(limit) }
    let current = try await store.newCardsPerDay()
    try options.emit(current) { t("phrasebook.cli.newPerDay", ["count": .number(current)]) }
  }
}
