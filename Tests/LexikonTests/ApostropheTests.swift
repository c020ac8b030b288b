import Foundation
import TestSupport
import Testing

@testable import Lexikon

/// Headwords with apostrophes (`i'r chwith`, `gyda'i gilydd`): dictd's index keeps only letters,
/// digits and spaces unless a dictionary says `00-database-allchars`, so the files are searched
/// with the query written the same way, and answer as a real dictd does.
@Suite struct ApostropheTests {
  static let words = [
    "i'r chwith", "i'r dde", "i'w", "a'th", "gyda'i gilydd", "pr'un", "eitha' debyg", "I’R CHWITH", "'cw",
    "a'r", "o'r",
  ]

  @Test func theFilesAnswerAsDictdDoes() throws {
    let server = try DictdServer(dictionaries: ["cym-eng"])
    defer { server.stop() }
    let client = DictClient(host: "127.0.0.1", port: server.port)
    let files = try DictdFileDictionary(stem: "/usr/share/dictd/freedict-cym-eng")
    for word in Self.words {
      // The protocol drops the trailing line break the files have.
      let fromDictd = try client.define(word, in: "fd-cym-eng").map(\.text)
      let fromFiles = try files.define(word).map { String($0.reversed().drop(while: \.isNewline).reversed()) }
      #expect(fromFiles == fromDictd, "\(word)")
    }
    #expect(try !files.define("i'r chwith").isEmpty && files.define("i'r chwith") == files.define("ir chwith"))
  }

  @Test func aDictionaryWithAllCharsKeepsPunctuation() throws {
    let plain = try DictdIndex(text: "ar\tA\tB\nir\tB\tB\n")
    #expect(!plain.allChars && plain.entries(for: "i'r").map(\.headword) == ["ir"])
    let allChars = try DictdIndex(text: "00-database-allchars\tA\tA\na'r\tA\tB\nar\tB\tB\n")
    #expect(allChars.allChars && allChars.entries(for: "a'r").map(\.headword) == ["a'r"])
    #expect(allChars.entries(for: "ar").map(\.headword) == ["ar"])
  }

  @Test func theServiceFindsAndCachesApostropheHeadwords() async throws {
    let service = LexikonService(store: try .inMemory(), source: DictdFolderSource())
    let found = try await service.lookup("i'r chwith", direction: "cym-eng")
    #expect(found.word == "i'r chwith" && !found.entries.isEmpty && found.foundAs == nil)
    #expect(try await service.lookup("i’r chwith", direction: "cym-eng").entries == found.entries)
  }

  /// FreeDict's index has `järn` for the headword `järn‐`: the word asked stays the cache key, so the
  /// second lookup comes from the cache and the word asked is found there.
  @Test func aHeadwordThatDiffersInPunctuationIsCachedUnderTheWordAsked() async throws {
    let service = LexikonService(store: try .inMemory(), source: DictdFolderSource())
    let first = try await service.lookup("järn", direction: "swe-eng")
    #expect(first.word == "järn" && !first.entries.isEmpty && !first.fromCache)
    #expect(try await service.lookup("järn", direction: "swe-eng").fromCache)
    #expect(try await service.cachedResult("järn", direction: "swe-eng").lookupCount == 2)
  }
}
