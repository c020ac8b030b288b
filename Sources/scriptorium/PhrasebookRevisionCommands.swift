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
  static var configuration: CommandConfiguration {
    CommandConfiguration(commandName: "due", abstract: t("cli.help.phrasebookDue.abstract"))
  }
  @OptionGroup var options: PhrasebookOptions
  @Option(help: ArgumentHelp(t("cli.help.phrasebookDue.at")), transform: parseTime) var at: Date?

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
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "review", abstract: t("cli.help.phrasebookReview.abstract"))
  }
  @OptionGroup var options: PhrasebookOptions
  @Argument(help: ArgumentHelp(t("cli.help.phrasebook.wordOne"))) var wordOne: String
  @Argument(help: ArgumentHelp(t("cli.help.phrasebook.wordTwo"))) var wordTwo: String
  @Option(help: ArgumentHelp(t("cli.help.phrasebookReview.rating"))) var rating: Rating
  @Option(help: ArgumentHelp(t("cli.help.phrasebookReview.direction"))) var direction: Direction = .forward
  @Option(help: ArgumentHelp(t("cli.help.phrasebookReview.at")), transform: parseTime) var at: Date?

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
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "check",
      abstract:
        t("cli.help.phrasebookCheck.abstract")
    )
  }
  @OptionGroup var options: PhrasebookOptions
  @Argument(help: ArgumentHelp(t("cli.help.phrasebook.wordOne"))) var wordOne: String
  @Argument(help: ArgumentHelp(t("cli.help.phrasebook.wordTwo"))) var wordTwo: String
  @Argument(help: ArgumentHelp(t("cli.help.phrasebookCheck.answer"))) var answer: String
  @Option(help: ArgumentHelp(t("cli.help.phrasebookCheck.direction"))) var direction: Direction = .forward

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
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "new-per-day", abstract: t("cli.help.phrasebookNewPerDay.abstract"))
  }
  @OptionGroup var options: PhrasebookOptions
  @Argument(help: ArgumentHelp(t("cli.help.phrasebookNewPerDay.limit"))) var limit: Int?

  func run() async throws {
    let store = try options.store()
    if let limit { try await store.setNewCardsPerDay(limit) }
    let current = try await store.newCardsPerDay()
    try options.emit(current) { t("phrasebook.cli.newPerDay", ["count": .number(current)]) }
  }
}
