import Foundation
import Testing

@testable import Localization

/// A language's catalog is read the first time the language is asked for, then kept: a command
/// or the server starts having read English alone.
@Suite struct CatalogLoadingTests {
  func folder(_ catalogs: [String: String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalogs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (tag, greeting) in catalogs { try write(greeting: greeting, tag: tag, in: folder) }
    return folder
  }

  /// A catalog of one message, `greeting`.
  func write(greeting: String, tag: String, in folder: URL) throws {
    try write("msgid \"greeting\"\nmsgstr \"\(greeting)\"\n", tag: tag, in: folder)
  }

  func write(_ text: String, tag: String, in folder: URL) throws {
    try text.write(to: folder.appendingPathComponent("\(tag).po"), atomically: true, encoding: .utf8)
  }

  @Test func aCatalogIsReadWhenItsLanguageIsFirstAskedForAndThenKept() throws {
    let folder = try folder(["en": "Hello", "sv": "Hej"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let translations = try Translations(folder: folder)
    #expect(translations.available == ["ar-XB", "en", "en-XA", "sv"], "known before any catalog but English is read")
    // Changed on disk after start, before Swedish was asked for: the change is what is read.
    try write(greeting: "God dag", tag: "sv", in: folder)
    #expect(translations.localizer("sv").t("greeting") == "God dag")
    try write(greeting: "Tjena", tag: "sv", in: folder)
    #expect(translations.localizer("sv").t("greeting") == "God dag", "read once, then kept")
    #expect(translations.localizer("xx").t("greeting") == "Hello", "a language with no catalog is English")
    #expect(translations.localizer("en-XA").t("greeting").hasPrefix("⟦Ĥéĺĺö"))
    #expect(translations.localizer("ar-XB").direction == "rtl")
  }

  @Test func aFolderWithoutEnglishOrWithABrokenEnglishIsRefusedAtOnce() throws {
    let withoutEnglish = try folder(["sv": "Hej"])
    defer { try? FileManager.default.removeItem(at: withoutEnglish) }
    #expect(throws: POFileError.self) { try Translations(folder: withoutEnglish) }
    let broken = try folder(["sv": "Hej"])
    defer { try? FileManager.default.removeItem(at: broken) }
    try write("msgstr \"no id\"\n", tag: "en", in: broken)
    #expect(throws: POFileError.self) { try Translations(folder: broken) }
  }

  @Test func aBrokenCatalogFoundLateShowsItsLanguageInEnglishAndIsLeftOutOfTheChecks() throws {
    let folder = try folder(["en": "Hello", "cy": "Helo"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let translations = try Translations(folder: folder)
    try write("msgid \"greeting\"\nmsgstr \"Helo\"\nmsgid \"greeting\"\nmsgstr \"Eto\"\n", tag: "cy", in: folder)
    let welsh = translations.localizer("cy")
    #expect(welsh.language == "en" && welsh.t("greeting") == "Hello", "the server goes on, in English")
    #expect(translations.localizer("cy").t("greeting") == "Hello", "the failure is kept, not read again")
    #expect(Set(translations.catalogs.keys) == ["en"], "the checks see the broken catalog missing")
  }

  @Test func readingOneLanguageFromManyTasksAtOnceGivesOneCatalog() async throws {
    let folder = try folder(["en": "Hello", "cy": "Helo"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let translations = try Translations(folder: folder)
    let greetings = await withTaskGroup(of: String.self) { group in
      for _ in 0..<16 { group.addTask { translations.localizer("cy").t("greeting") } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(greetings == Array(repeating: "Helo", count: 16))
  }
}
