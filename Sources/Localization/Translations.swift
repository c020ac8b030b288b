import Foundation
import Synchronization

/// The interface languages Scriptorium ships, read from `locales/<language>.po`, and the
/// choice of one for a request or a command.
public struct Translations: Sendable {
  /// The shipped languages in the order the switcher lists them, each with its own name.
  public static let shipped: [(tag: String, name: String)] = [
    ("en", "English"), ("fr", "Français"), ("sw", "Kiswahili"), ("tpi", "Tok Pisin"), ("cy", "Cymraeg"),
    ("sv", "Svenska"),
  ]
  public static let source = "en"

  /// The catalogs, each read the first time a language is asked for.
  private let store: CatalogStore

  /// The catalogs bundled with Scriptorium.
  public static let bundled: Translations = {
    do {
      return try Translations(folder: Bundle.module.resourceURL!.appendingPathComponent("locales"))
    } catch {
      fatalError("the bundled message catalogs cannot be read: \(error)")
    }
  }()

  /// The catalogs of a folder of `<language>.po` files (one of them `en.po`, read at once: every
  /// language falls back to it). The others are read when their language is first asked for, so
  /// a command or the server starts without parsing languages nobody uses.
  public init(folder: URL) throws {
    var files: [String: URL] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".po") {
      files[String(name.dropLast(3))] = folder.appendingPathComponent(name)
    }
    guard let english = files[Self.source] else { throw Self.englishMissing }
    store = CatalogStore(english: try CatalogStore.read(english), files: files)
  }

  /// Catalogs already read, by language tag (one of them `en`).
  public init(catalogs: [String: POFile]) throws {
    guard let english = catalogs[Self.source] else { throw Self.englishMissing }
    store = CatalogStore(english: english, files: [:], read: catalogs)
  }

  private static let englishMissing = POFileError(
    file: "\(source).po", line: 0, problem: "the English catalog is missing")

  /// Every catalog that reads, by language tag (each read now if it was not yet): a broken one is
  /// missing here, which the catalog checks catch.
  public var catalogs: [String: POFile] {
    store.tags.reduce(into: [:]) { catalogs, tag in catalogs[tag] = try? store.catalog(tag).get() }
  }

  /// The languages a request or command may choose: the catalogs and the pseudo-locales.
  public var available: [String] { store.available }

  /// The words of one language (English for a language there is no catalog of, or whose catalog
  /// cannot be read: one broken file must not stop a server that others are using).
  public func localizer(_ language: String) -> Localizer {
    let english = store.english.messages
    if language == PseudoLocale.accented || language == PseudoLocale.rightToLeft {
      return Localizer(
        language: language, pluralLanguage: Self.source, messages: store.pseudoMessages, fallback: english)
    }
    guard store.tags.contains(language), case .success(let catalog) = store.catalog(language) else {
      return Localizer(language: Self.source, messages: english, fallback: english)
    }
    return Localizer(language: language, messages: catalog.messages, fallback: english)
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
    if let exact = available.first(where: { $0.lowercased() == wanted }) { return exact }
    let primary = String(wanted.prefix { $0 != "-" })
    return available.first { $0.lowercased() == primary }
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

/// The catalogs of a `Translations`: English from the start, every other language the first time
/// it is asked for (then kept, or its error kept), and the pseudo-locales made from English when
/// first asked for.
private final class CatalogStore: Sendable {
  let english: POFile
  /// The language tags there is a catalog of.
  let tags: [String]
  /// The tags and the pseudo-locales, sorted.
  let available: [String]
  private let files: [String: URL]
  private let read: Mutex<[String: Result<POFile, any Error>]>
  private let pseudo: Mutex<[String: Message]?> = Mutex(nil)

  init(english: POFile, files: [String: URL], read catalogs: [String: POFile] = [:]) {
    self.english = english
    tags = Set(files.keys).union(catalogs.keys).union([Translations.source]).sorted()
    available = (tags + [PseudoLocale.accented, PseudoLocale.rightToLeft]).sorted()
    self.files = files
    read = Mutex(catalogs.mapValues { .success($0) }.merging([Translations.source: .success(english)]) { $1 })
  }

  static func read(_ url: URL) throws -> POFile {
    try POFile(text: try String(contentsOf: url, encoding: .utf8), file: url.lastPathComponent)
  }

  /// The catalog of a tag in `tags`, read the first time; a catalog that cannot be read is said
  /// once on standard error (file, line and problem) and its language shown in English.
  func catalog(_ tag: String) -> Result<POFile, any Error> {
    read.withLock { read in
      if let known = read[tag] { return known }
      let result = Result { try Self.read(files[tag]!) }
      if case .failure(let error) = result {
        FileHandle.standardError.write(
          Data("scriptorium: \(tag).po cannot be read, so \(tag) is shown in English: \(error)\n".utf8))
      }
      read[tag] = result
      return result
    }
  }

  /// The English messages made strange (both pseudo-locales share them).
  var pseudoMessages: [String: Message] {
    pseudo.withLock { pseudo in
      if let pseudo { return pseudo }
      let made = PseudoLocale.messages(from: english.messages)
      pseudo = made
      return made
    }
  }
}
