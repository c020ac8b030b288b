import AppSupport
import Foundation
import Localization
import Phrasebook
import ShareSynch
import Testing
import WebFetch

@testable import WebApp

/// What the JSON parser, the unzipper and SQLite said about a file is worded in the user's
/// language: only a position or a code is kept from them.
@Suite struct ReasonWordsTests {
  func refusal(_ data: Data, _ format: TransferFormat, in language: String) async throws -> String {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en,cy")
    do {
      _ = try await store.importPairs(data, format: format)
    } catch {
      return try #require(interfaceWords(for: error, localizer: Translations.bundled.localizer(language)))
    }
    Issue.record("the file was imported")
    return ""
  }

  @Test func aMalformedJSONFileNamesWhereItBreaksInTheLanguage() async throws {
    let file = Data("[\n  {\"wordone\": \"cat\",\n   \"wordtwo\" \"cath\"}]".utf8)
    let english = try await refusal(file, .json, in: "en")
    #expect(english == "malformed JSON: line 3, column 14", "\(english)")
    let french = try await refusal(file, .json, in: "fr")
    #expect(french == "JSON mal formé\u{202F}: ligne 3, colonne 14", "\(french)")
    #expect(try await refusal(Data("[{".utf8), .json, in: "cy").hasSuffix("llinell 1, colofn 3"))
  }

  @Test func anAnkiPackageThatIsNoZipOrNoDatabaseIsRefusedInTheLanguage() async throws {
    let notZip = try await refusal(Data("plain text".utf8), .apkg, in: "sv")
    #expect(notZip.hasSuffix("det är inte en zip-fil"), "\(notZip)")
    let junk = try zipArchive([("collection.anki2", Data(repeating: 7, count: 4096))])
    let notDatabase = try await refusal(junk, .apkg, in: "sw")
    #expect(notDatabase.hasSuffix("si hifadhidata ya SQLite"), "\(notDatabase)")
    #expect(try await refusal(junk, .apkg, in: "en").hasSuffix("it is not an SQLite database"))
  }

  @Test func everyZipProblemHasWordsInEveryLanguage() {
    let problems: [ZipError.Problem] = [
      .outOfMemory, .notAZip, .damaged(entry: 2), .damagedEntry(path: "a"), .tooManyEntries(limit: 9),
      .nameNotUTF8(entry: 3), .encryptedEntry(path: "a"), .entryTooLarge(path: "a", limit: 1 << 20),
      .tooLarge(limit: 1 << 20), .duplicateEntry(path: "a"), .notAPlainFile(path: "a"), .noEntryOpen,
    ]
    for language in Translations.shipped.map(\.tag) {
      let localizer = Translations.bundled.localizer(language)
      let words = problems.map { problem in
        RequestLanguage.$current.withValue(RequestLanguage(localizer: localizer, path: "/")) {
          ReasonWords.zip(problem)
        }
      }
      #expect(Set(words).count == problems.count, "\(language): \(words)")
      #expect(!words.contains { $0.hasPrefix("error.reason.") || $0.contains("{") }, "\(language): \(words)")
    }
  }
}

/// A failed download is worded in the language, the address kinds included.
@Suite struct DownloadWordsTests {
  func words(_ problem: DownloadError.Problem, in language: String) -> String {
    interfaceWords(for: DownloadError(problem), localizer: Translations.bundled.localizer(language)) ?? ""
  }

  @Test func everyKindOfAddressHasWordsInEveryLanguage() {
    for language in Translations.shipped.map(\.tag) {
      let sentences = AddressKind.allCases.map {
        words(.notPublic(host: "nas.lan", kind: $0, address: "10.0.0.2"), in: language)
      }
      #expect(Set(sentences).count == AddressKind.allCases.count, "\(language): \(sentences)")
      #expect(!sentences.contains { $0.contains("error.reason.") }, "\(language)")
      if language != "en" {
        #expect(!sentences.contains { sentence in AddressKind.allCases.contains { sentence.contains($0.rawValue) } })
      }
    }
    #expect(
      words(.notPublic(host: "127.0.0.1", kind: .loopback, address: "127.0.0.1"), in: "en")
        == DownloadError(.notPublic(host: "127.0.0.1", kind: .loopback, address: "127.0.0.1")).description)
  }

  @Test func sizesAndCodesAreWrittenTheLanguagesWay() {
    #expect(words(.tooLarge(size: 30 << 20, limit: 20 << 20), in: "fr").contains("Mo"))
    #expect(
      words(.unreachable(host: "example.org", port: 443, code: 111), in: "cy")
        == "methu cyrraedd example.org:443 (gwall 111)")
    #expect(
      words(.brokeOff(host: "example.org", received: 5 << 20), in: "sv").hasSuffix("(kör den igen för att fortsätta)"))
  }
}

/// Why a catalog or an activation code is refused is worded in the language.
@Suite struct CatalogWordsTests {
  @Test func aRefusedCatalogOrCodeSaysWhyInTheLanguage() throws {
    let french = Translations.bundled.localizer("fr")
    let notCatalog = #expect(throws: ShareSynchError.self) { try SeriesCatalog(json: Data(#"{"series": 3}"#.utf8)) }
    let error = try #require(notCatalog)
    let words = try #require(interfaceWords(for: error, localizer: french))
    #expect(words.contains("ce n’est pas un catalogue de séries (à series)"), "\(words)")
    let code = ShareSynchError.badActivationCode(.needed(series: "Grace"))
    #expect(
      interfaceWords(for: code, localizer: Translations.bundled.localizer("cy"))?.contains(
        "mae angen cod actifadu ar Grace") == true)
    #expect(interfaceWords(for: code, localizer: Translations.bundled.localizer("en")) == code.description)
  }
}
