import Foundation

/// The words of the interface in one language: a catalog, with English behind it for an id the
/// catalog lacks.
public struct Localizer: Sendable {
  /// The BCP 47 tag of the language (`cy`, `tpi`, `en-XA`).
  public let language: String
  public let locale: Locale
  /// The language whose plural rules pick a form (English for the pseudo-locales).
  public let pluralLanguage: String
  let messages: [String: Message]
  let fallback: [String: Message]

  public init(
    language: String, pluralLanguage: String? = nil, messages: [String: Message], fallback: [String: Message] = [:]
  ) {
    self.language = language
    self.pluralLanguage = pluralLanguage ?? language
    locale = Locale(identifier: language)
    self.messages = messages
    self.fallback = fallback
  }

  /// `ltr` or `rtl`, for `<html dir>`: from the language, so a right-to-left catalog needs no code.
  public var direction: String {
    Locale.Language(identifier: language).characterDirection == .rightToLeft ? "rtl" : "ltr"
  }

  /// The message `id` in this language with its placeholders filled; a plural message takes its
  /// form from the `count` argument. An id no catalog has is returned as it is, so it shows.
  public func t(_ id: String, _ arguments: [String: MessageArgument] = [:]) -> String {
    if let message = messages[id] {
      return fill(form(of: message, pluralLanguage, arguments), arguments, locale: locale)
    }
    if let message = fallback[id] { return fill(form(of: message, "en", arguments), arguments, locale: locale) }
    return id
  }

  private func form(of message: Message, _ language: String, _ arguments: [String: MessageArgument]) -> String {
    guard message.isPlural, case .number(let count) = arguments["count"] else { return message.forms[0] }
    let index = PluralRules.formIndex(language, count)
    return message.forms.indices.contains(index) ? message.forms[index] : message.forms.last!
  }

  /// The messages whose ids start with `prefix`, for a page script: a plain message as its text, a
  /// plural one as its forms (the script picks one with `Intl.PluralRules`).
  public func messages(withPrefix prefix: String) -> [String: ScriptMessage] {
    var result: [String: ScriptMessage] = [:]
    for (id, message) in fallback.merging(messages, uniquingKeysWith: { $1 }) where id.hasPrefix(prefix) {
      result[id] = message.isPlural ? .forms(message.forms) : .text(message.forms[0])
    }
    return result
  }
}

/// A message as a page script receives it.
public enum ScriptMessage: Sendable, Encodable, Equatable {
  case text(String)
  case forms([String])

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .text(let text): try container.encode(text)
    case .forms(let forms): try container.encode(forms)
    }
  }
}
