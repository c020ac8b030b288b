import Foundation
import Testing

@testable import Localization

/// The check translators and programmers rely on: every catalog has every message of the English
/// one with the same placeholders and as many plural forms as its language has, and every id the
/// code, templates and page scripts use is in the catalogs.
@Suite struct CatalogCheckTests {
  let translations = Translations.bundled
  var english: [String: Message] { translations.catalogs["en"]!.messages }

  @Test func everyShippedLanguageHasACatalog() {
    #expect(Set(translations.catalogs.keys) == Set(Translations.shipped.map(\.tag)))
  }

  @Test(arguments: Translations.shipped.map(\.tag))
  func catalogHasEveryMessageWithTheSamePlaceholders(language: String) throws {
    let catalog = try #require(translations.catalogs[language])
    #expect(catalog.headers["Language"] == language)
    let categories = PluralRules.categories(language)
    #expect(catalog.headers["Plural-Forms"]?.hasPrefix("nplurals=\(categories.count);") == true)
    #expect(Set(catalog.messages.keys) == Set(english.keys), "ids not in both en.po and \(language).po")
    for (id, source) in english {
      guard let message = catalog.messages[id] else { continue }
      #expect(message.isPlural == source.isPlural, "\(language) \(id): plural in one catalog only")
      if message.isPlural { #expect(message.forms.count == categories.count, "\(language) \(id): plural forms") }
      let wanted = Set(source.forms.flatMap(placeholders))
      let found = message.forms.map { Set(placeholders($0)) }
      #expect(found.reduce(Set(), { $0.union($1) }) == wanted, "\(language) \(id): placeholders")
      for (form, names) in zip(message.forms, found) {
        #expect(names.isSubset(of: wanted), "\(language) \(id): \(form)")
        #expect(!form.trimmingCharacters(in: .whitespaces).isEmpty, "\(language) \(id) is empty")
        if !message.isPlural || source.forms.count == 1 { #expect(names == wanted, "\(language) \(id): \(form)") }
      }
    }
  }

  @Test func everyIdTheCodeUsesIsInTheCatalogs() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let used = try MessageIDScan.ids(under: root.appendingPathComponent("Sources"))
    #expect(used.count > 100)
    let missing = used.filter { english[$0.id] == nil }
    #expect(missing.isEmpty, "ids used but in no catalog: \(missing.map { "\($0.id) (\($0.file))" })")
  }
}

/// The message ids a source tree uses: `t("id")` in Swift and page scripts, `{{t.id}}` in templates.
enum MessageIDScan {
  static var code: Regex<(Substring, Substring)> { #/\b(?:t|Words)\("([a-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+)"/# }
  static var template: Regex<(Substring, Substring)> { #/\{\{\{?t\.([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)+)\}/# }

  static func ids(under folder: URL) throws -> [(id: String, file: String)] {
    var found: [(id: String, file: String)] = []
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!
    for case let url as URL in files {
      let pattern: Regex<(Substring, Substring)>
      switch url.pathExtension {
      case "swift", "js": pattern = code
      case "mustache": pattern = template
      default: continue
      }
      let text = try String(contentsOf: url, encoding: .utf8)
      for match in text.matches(of: pattern) { found.append((String(match.output.1), url.lastPathComponent)) }
    }
    return found
  }
}
