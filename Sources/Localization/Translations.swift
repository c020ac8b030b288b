import Foundation

/// The interface languages Scriptorium ships, read from `locales/<language>.po`, and the
/// choice of one for a request or a command.
public struct Translations: Sendable {
  /// The shipped languages in the order the switcher lists them, each with its own name.
  public static let shipped: [(tag: String, name: String)] = [
    ("en", "English"), ("fr", "Français"), ("sw", "Kiswahili"), ("tpi", "Tok Pisin"), ("cy", "Cymraeg"),
    ("sv", "Svenska"),
  ]
  public static let source = "en"

  /// Every catalog by language tag, the pseudo-locales included.
  public let catalogs: [String: POFile]
  private let messages: [String: [String: Message]]

  /// The catalogs bundled with Scriptorium.
  public static let bundled: Translations = {
    do {
      return try Translations(folder: Bundle.module.resourceURL!.appendingPathComponent("locales"))
    } catch {
      fatalError("the bundled message catalogs cannot be read: \(error)")
    }
  }()

  /// The catalogs of a folder of `<language>.po` files (one of them `en.po`).
  public init(folder: URL) throws {
    var catalogs: [String: POFile] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".po") {
      let url = folder.appendingPathComponent(name)
      catalogs[String(name.dropLast(3))] = try POFile(text: try String(contentsOf: url, encoding: .utf8), file: name)
    }
    try self.init(catalogs: catalogs)
  }

  public init(catalogs: [String: POFile]) throws {
    guard let english = catalogs[Self.source] else {
      throw POFileError(file: "\(Self.source).po", line: 0, problem: "the English catalog is missing")
    }
    self.catalogs = catalogs
    var messages = catalogs.mapValues(\.messages)
    for pseudo in [PseudoLocale.accented, PseudoLocale.rightToLeft] {
      messages[pseudo] = PseudoLocale.messages(from: english.messages)
    }
    self.messages = messages
  }

  /// The languages a request or command may choose: the catalogs and the pseudo-locales.
  public var available: [String] { messages.keys.sorted() }

  /// The words of one language (English for a language there is no catalog of).
  public func localizer(_ language: String) -> Localizer {
    let tag = messages[language] == nil ? Self.source : language
    let plurals = tag == PseudoLocale.rightToLeft || tag == PseudoLocale.accented ? "en" : tag
    return Localizer(
      language: tag, pluralLanguage: plurals, messages: messages[tag]!, fallback: messages[Self.source]!)
  }

  /// The language of a request: the cookie's choice when it is one of ours, else the first
  /// language of `Accept-Language` (by quality) that we have, matched whole or by its first part.
  public func choose(cookie: String?, acceptLanguage: String?) -> String {
    if let cookie, let tag = match(cookie) { return tag }
    for wanted in Self.preferences(acceptLanguage ?? "") {
      if let tag = match(wanted) { return tag }
    }
    return Self.source
  }

  /// The language of a command: `--lang`, else `LC_ALL`, `LC_MESSAGES`, `LANG` (`fr_FR.UTF-8`).
  public func choose(option: String?, environment: [String: String]) -> String {
    if let option, let tag = match(option) { return tag }
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      guard let value = environment[name], !value.isEmpty else { continue }
      let tag = value.prefix { $0 != "." && $0 != "@" }.replacingOccurrences(of: "_", with: "-")
      return match(tag) ?? Self.source
    }
    return Self.source
  }

  /// Our tag for a wanted language: the same tag (any case), else its first part.
  func match(_ wanted: String) -> String? {
    let wanted = wanted.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "-").lowercased()
    if let exact = messages.keys.first(where: { $0.lowercased() == wanted }) { return exact }
    let primary = String(wanted.prefix { $0 != "-" })
    return messages.keys.first { $0.lowercased() == primary }
  }

  /// The language ranges of an `Accept-Language` header, best first (equal qualities keep their order).
  static func preferences(_ header: String) -> [String] {
    let ranges = header.split(separator: ",").enumerated().compactMap { index, part -> (String, Double, Int)? in
      let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard let range = pieces.first, !range.isEmpty, range != "*" else { return nil }
      let quality = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
      return quality > 0 ? (range, quality, index) : nil
    }
    return ranges.sorted { ($0.1, -$0.2) > ($1.1, -$1.2) }.map(\.0)
  }
}
