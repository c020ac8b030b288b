import Localization

/// A phrase Key It shows a person (an item's label, an action, a question), as a message id of the
/// interface catalogs and the verse numbers it names; `english` is the source text. The web and the
/// command line put it in the user's language with `text(in:)`.
public struct Words: Sendable, Equatable {
  /// The message id, e.g. `keyit.item.verses`.
  public let id: String
  /// The verse numbers in the phrase (`verse`, `lastVerse`).
  public let numbers: [String: Int]

  init(_ id: String, _ numbers: [String: Int] = [:]) {
    self.id = id
    self.numbers = numbers
  }

  /// The phrase in a language.
  public func text(in localizer: Localizer) -> String {
    localizer.t(id, numbers.mapValues { .text(String($0)) })
  }

  /// The phrase in English, the source language.
  public var english: String { text(in: Self.source) }

  private static let source = Translations.bundled.localizer(Translations.source)
}
