import ArgumentParser
import Foundation
import Phrasebook
import Stemming

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
      counts.map { "\($0.direction.rawValue): \($0.due) due, \($0.new) new" }.joined(separator: "\n")
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
        "due \(formatter.string(from: card.due))", "stability \(card.stability ?? 0)",
        "difficulty \(card.difficulty ?? 0)", "state \(card.state.name)",
        "step \(card.step.map(String.init) ?? "-")",
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
    throw ValidationError("not an ISO 8601 time: \(text) (e.g. 2026-01-01T09:30:00Z)")
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
    try options.emit(check) {
      "\(check.verdict.rawValue)\(check.detail.isEmpty ? "" : " (\(check.detail))"): \(check.expected)"
        + "\nproposed rating: \(check.rating.name)"
    }
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
    try options.emit(current) { "\(current) new cards a day" }
  }
}
