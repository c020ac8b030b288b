import AppSupport
import Foundation
import Localization
import ShareSynch
import Testing

@testable import WebApp

/// Why ShareSynch refuses a package, a folder to pack or a file to import is worded in the
/// user's language: only paths, ids, sizes and a tool's own last line are kept from the core.
@Suite struct ShareSynchReasonWordsTests {
  static let manifestProblems: [ManifestProblem] = [
    .format(found: "x/9", expected: "sharesynch-series/1"), .badID(.series, id: "a b"), .badID(.song, id: "a b"),
    .badID(.sermon, id: "a b"), .badID(.slide, id: "a b"), .noLanguages, .resourceListedTwice,
    .resourcePathNotAllowed(path: "../x"), .tooManyResources(limit: 20_000), .resourceSizeOutOfRange(path: "a.png"),
    .idRepeats(.series), .idRepeats(.song), .idRepeats(.sermon), .idRepeats(.slide),
    .noSuchSong(sermon: "grace", song: "hymn"), .slideWithoutResource(sermon: "grace", slide: "s1"),
    .overlayColour(sermon: "grace", slide: "s1", colour: "red"),
    .variationWithoutSermon(variation: "Short", sermon: "grace"),
    .variationWithoutSlide(variation: "Short", sermon: "grace", slide: "s9"),
    .variationSlideShowsNothing(variation: "Short", sermon: "grace"), .usedNotListed(path: "a.png"),
    .nulInText("a␀b"),
  ]
  static let packageRefusals: [PackageRefusal] =
    [
      .absolutePath, .forbiddenCharacter, .leavesFolder, .symbolicLink, .notAPlainFile, .heldTwice, .notListed,
      .unreadable, .zip(.notAZip), .manifestTooLarge(limit: 4 << 20), .noManifest,
      .manifestNotASeries(field: "sermons.0"), .manifestNotASeries(field: nil),
      .sizeMismatch(actual: 1_000_001, listed: 1_000_000), .missing, .largerThanListed, .damaged(.damaged(entry: 3)),
      .checksumMismatch, .notSlideMedia, .misnamedMedia(content: "png", named: "jpg"), .noSeriesJSON,
      .seriesJSONNotJSON, .seriesJSONNotASeries(field: "name"), .seriesJSONNotASeries(field: nil),
      .missingOrNotAPlainFile, .cannotWrite, .demoVideoMissing,
    ] + manifestProblems.map { .manifest($0) }
  static let importRefusals: [ImportRefusal] = [
    .notADeck, .notPowerPoint, .noPresentationXML, .notOpenDocument, .noContentXML, .notReadablePDF,
    .pagesNotDrawn(said: "Syntax Error"), .officeCannotOpen(said: ""), .officeCannotOpen(said: "Error: source file"),
  ]

  /// Text with typographic quotes made straight and digit groups joined, as the core writes it.
  func plain(_ text: String) -> String {
    text.replacing(#/[“”]/#, with: "\"").replacing("’", with: "'").replacing(#/(\d),(\d)/#) { "\($0.1)\($0.2)" }
  }

  func words(_ language: String, _ word: () -> String) -> String {
    RequestLanguage.$current.withValue(
      RequestLanguage(localizer: Translations.bundled.localizer(language), path: "/"), operation: word)
  }

  @Test func everyReasonHasItsOwnWordsInEveryLanguageAndEnglishSaysWhatTheCoreSays() {
    let english =
      Self.packageRefusals.map { refusal in words("en") { ReasonWords.package(refusal) } }
      + Self.importRefusals.map { refusal in words("en") { ReasonWords.slideImport(refusal) } }
    let core = Self.packageRefusals.map { "\($0)" } + Self.importRefusals.map { "\($0)" }
    // The unzipper's problems and sizes are worded by the shared `error.reason.*` messages.
    let ownWords =
      Self.packageRefusals.map { refusal in
        switch refusal {
        case .zip, .damaged, .manifestTooLarge: false
        default: true
        }
      } + Self.importRefusals.map { _ in true }
    for (index, own) in ownWords.enumerated() where own {
      #expect(plain(english[index]) == plain(core[index]))
    }
    for language in Translations.shipped.map(\.tag) where language != "en" {
      let translated =
        Self.packageRefusals.map { refusal in words(language) { ReasonWords.package(refusal) } }
        + Self.importRefusals.map { refusal in words(language) { ReasonWords.slideImport(refusal) } }
      #expect(Set(translated).count == translated.count, "\(language): two reasons read the same")
      #expect(!translated.contains { $0.hasPrefix("sharesynch.reason.") || $0.contains("{") }, "\(language)")
      let untranslated = zip(translated, english).filter { $0 == $1 }.map(\.0)
      #expect(untranslated.isEmpty, "\(language): still English: \(untranslated)")
    }
  }

  @Test func aDamagedOrForeignPackageIsRefusedInTheLanguageNamingTheFileAndTheField() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let french = Translations.bundled.localizer("fr")
    let notZip = folder.appendingPathComponent("grâce.sspkg")
    try Data("not a zip".utf8).write(to: notZip)
    let notZipWords = try #require(refusal(of: notZip, in: french))
    #expect(notZipWords.hasPrefix("grâce.sspkg n’est pas un paquet de série"), "\(notZipWords)")
    #expect(notZipWords.hasSuffix(": ce n’est pas un fichier zip"), "\(notZipWords)")
    let foreign = folder.appendingPathComponent("other.sspkg")
    try zipArchive([("manifest.json", Data(#"{"format": "sharesynch-series/1", "id": 7}"#.utf8))]).write(to: foreign)
    let tokPisin = try #require(refusal(of: foreign, in: Translations.bundled.localizer("tpi")))
    #expect(tokPisin.hasSuffix("manifest.json i no tokaut long wanpela seris (long id)"), "\(tokPisin)")
  }

  func refusal(of package: URL, in localizer: Localizer) -> String? {
    do {
      _ = try SeriesPackage.verify(package)
    } catch {
      return interfaceWords(for: error, localizer: localizer)
    }
    Issue.record("\(package.lastPathComponent) was accepted")
    return nil
  }
}
