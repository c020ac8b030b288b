import Foundation
import HTTPTypes
import HummingbirdTesting
import Lexikon
import NIOCore
import Phrasebook
import TestSupport
import Testing

@testable import WebApp

/// Lexikon's routes: parse, call the service, render; errors with the right status.
@Suite struct LexikonAPITests {
  /// A result's speaker: espeak-ng speaks the direction's source language, made once and cached; a
  /// language without a voice has none.
  @Test func aWordIsSpokenInTheSourceLanguageOfItsDirection() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("speech-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let (app, _) = try await makeLexikonApp(speech: Speech(folder: folder))
    try await app.test(.router) { client in
      let voices = try await client.execute(uri: "/api/lexikon/voices", method: .get).decoded([String].self)
      #expect(voices.contains("swe") && voices.contains("cym") && voices.contains("eng"))
      let spoken = try await client.execute(uri: "/api/lexikon/audio?direction=swe-eng&word=h%C3%A4st", method: .get)
      #expect(spoken.status == .ok && spoken.headers[.contentType] == "audio/wav")
      #expect(spoken.body.readableBytesView.prefix(4).elementsEqual("RIFF".utf8))
      let cached = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".wav") }
      #expect(cached.count == 1)
      _ = try await client.execute(uri: "/api/lexikon/audio?direction=swe-eng&word=h%C3%A4st", method: .get)
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == cached.count, "made once")
      let voiceless = try await client.execute(uri: "/api/lexikon/audio?direction=zzz-eng&word=x", method: .get)
      #expect(voiceless.status == .notFound)
      let missing = try await client.execute(uri: "/api/lexikon/audio?direction=swe-eng", method: .get)
      #expect(missing.status == .badRequest)
    }
  }

  @Test func lookUpFilterForgetAndState() async throws {
    let (app, service) = try await makeLexikonApp()
    try await app.test(.router) { client in
      let listed = try await client.execute(uri: "/api/lexikon/dictionaries", method: .get)
      let directory = try listed.decoded(DictionaryList.self)
      #expect(directory.dictionaries.map(\.label).contains("sv→en") && directory.problem == nil)
      #expect(listed.text.contains("\"defaultDirection\":\"swe-eng\""))

      for word in ["hund", "Häst", "katt"] {
        let response = try await client.execute(
          uri: "/api/lexikon/lookup", method: .post, headers: sameOrigin,
          body: json(["direction": "swe-eng", "word": word]))
        #expect(response.status == .ok)
      }
      let again = try await client.execute(
        uri: "/api/lexikon/lookup", method: .post, headers: sameOrigin,
        body: json(["direction": "swe-eng", "word": "HUND"]))
      let result = try again.decoded(LookupResult.self)
      #expect(result.fromCache && result.lookupCount == 2 && result.entries.first?.senses.first?.text == "dog")

      let filtered = try await client.execute(uri: "/api/lexikon/cache?direction=swe-eng&filter=HA", method: .get)
      #expect(try filtered.decoded(CachePage.self).words.map(\.word) == ["häst"])
      let cached = try await client.execute(uri: "/api/lexikon/cached?direction=swe-eng&word=hund", method: .get)
      #expect(try cached.decoded(LookupResult.self).lookupCount == 2, "showing a cached result does not count")
      let matched = try await client.execute(
        uri: "/api/lexikon/match?direction=swe-eng&prefix=hun&limit=2", method: .get)
      #expect(try matched.decoded([String].self) == ["hund", "hundra"])

      let forget = try await client.execute(
        uri: "/api/lexikon/cache?direction=swe-eng&word=katt", method: .delete, headers: sameOrigin)
      #expect(forget.status == .ok)
      let gone = try await client.execute(
        uri: "/api/lexikon/cache?direction=swe-eng&word=katt", method: .delete, headers: sameOrigin)
      #expect(gone.status == .notFound && gone.error?.contains("not in the swe-eng cache") == true)
      let clear = try await client.execute(
        uri: "/api/lexikon/cache?direction=swe-eng&all=1", method: .delete, headers: sameOrigin)
      #expect(clear.text == "{\"removed\":2}")

      let state = LexikonState(direction: "eng-swe", query: "do", word: "dog")
      let saved = try await client.execute(
        uri: "/api/lexikon/state", method: .put, headers: sameOrigin,
        body: ByteBuffer(data: try JSONEncoder().encode(state)))
      #expect(saved.status == .ok)
      #expect(try await client.execute(uri: "/api/lexikon/state", method: .get).decoded(LexikonState.self) == state)
    }
    #expect(try await service.store.directions().isEmpty)
  }

  @Test func badRequestsAreClearErrorsThatChangeNothing() async throws {
    let (app, service) = try await makeLexikonApp()
    try await app.test(.router) { client in
      let blank = try await client.execute(
        uri: "/api/lexikon/lookup", method: .post, headers: sameOrigin,
        body: json(["direction": "swe-eng", "word": " "]))
      #expect(blank.status == .badRequest && blank.text.contains("\"field\":\"word\""))
      let unknown = try await client.execute(
        uri: "/api/lexikon/lookup", method: .post, headers: sameOrigin,
        body: json(["direction": "xxx-yyy", "word": "a"]))
      #expect(unknown.status == .notFound && unknown.error?.contains("no dictionary \"xxx-yyy\"") == true)
      let missing = try await client.execute(uri: "/api/lexikon/cache", method: .get)
      #expect(missing.status == .badRequest && missing.error == "direction is missing")
      let foreign = try await client.execute(
        uri: "/api/lexikon/lookup", method: .post,
        headers: [.contentType: "application/json", .origin: "http://evil.example"],
        body: json(["direction": "swe-eng", "word": "hund"]))
      #expect(foreign.status == .forbidden)
    }
    #expect(try await service.store.directions().isEmpty)
  }

  @Test func anUnreachableServerIs503AndTheCacheStillAnswers() async throws {
    let source = DictServerSource(client: DictClient(host: "127.0.0.1", port: try DictdServer.freePort()))
    let (app, service) = try await makeLexikonApp(source: source)
    try await service.store.store([DictEntry(raw: "hund /x/\ndog\n")], for: "hund", direction: "swe-eng")
    try await app.test(.router) { client in
      let listed = try await client.execute(uri: "/api/lexikon/dictionaries", method: .get)
      let directory = try listed.decoded(DictionaryList.self)
      #expect(directory.problem?.contains("unreachable") == true && directory.cached == ["swe-eng": 1])
      let cached = try await client.execute(
        uri: "/api/lexikon/lookup", method: .post, headers: sameOrigin,
        body: json(["direction": "swe-eng", "word": "hund"]))
      #expect(cached.status == .ok)
      let uncached = try await client.execute(
        uri: "/api/lexikon/lookup", method: .post, headers: sameOrigin,
        body: json(["direction": "swe-eng", "word": "katt"]))
      #expect(uncached.status == .serviceUnavailable && uncached.error?.contains("unreachable") == true)
    }
  }

  @Test func theScreenIsServed() async throws {
    let (app, _) = try await makeLexikonApp()
    try await app.test(.router) { client in
      let page = try await client.execute(uri: "/lexikon", method: .get)
      #expect(
        page.status == .ok && page.text.contains("id=\"cached-words\"") && page.text.contains("/static/lexikon.js"))
      let home = try await client.execute(uri: "/", method: .get)
      #expect(home.text.contains("href=\"/lexikon\""))
    }
  }
}

/// The alphabetical pages, the letter index and dictionary files added through the API.
@Suite struct LexikonListAndDictionaryAPITests {
  @Test func pagesAndLettersFollowTheLanguage() async throws {
    let (app, service) = try await makeLexikonApp()
    for word in ["öl", "hund", "åka", "bil"] { _ = try await service.lookup(word, direction: "swe-eng") }
    try await app.test(.router) { client in
      let page = try await client.execute(uri: "/api/lexikon/cache?direction=swe-eng&limit=2&offset=2", method: .get)
      #expect(try page.decoded(CachePage.self).words.map(\.word) == ["åka", "öl"])
      #expect(page.text.contains("\"letter\":\"Å\""))
      let letters = try await client.execute(uri: "/api/lexikon/letters?direction=swe-eng", method: .get)
      #expect(try letters.decoded([CacheLetter].self).map(\.letter) == ["B", "H", "Å", "Ö"])
      let bad = try await client.execute(uri: "/api/lexikon/cache?direction=swe-eng&offset=-1", method: .get)
      #expect(bad.status == .badRequest && bad.error?.contains("offset") == true)
    }
  }

  @Test func aStarDictDictionaryAddedFileByFileIsOfferedAndRefusalsAreClear() async throws {
    let shelf = testShelf()
    defer { try? FileManager.default.removeItem(atPath: shelf.folder) }
    let (app, service) = try await makeLexikonApp(
      source: DictdFolderSource(folders: ["/usr/share/dictd", shelf.folder]), shelf: shelf)
    let (ifo, idx, dict) = tinyStarDict([("o'r", "of the"), ("yr", "the")])
    try await app.test(.router) { client in
      for (ending, data, missing) in [
        ("ifo", ifo, "[\".idx\",\".dict or .dict.dz\"]"), ("idx", idx, "[\".dict or .dict.dz\"]"), ("dict", dict, "[]"),
      ] {
        let added = try await client.execute(
          uri: "/api/lexikon/dictionaries?file=mine-cym-eng.\(ending)", method: .post, headers: sameOrigin,
          body: ByteBuffer(data: data))
        #expect(added.status == .ok && added.text.contains("\"missing\":\(missing)"), "\(added.text)")
      }
      let refused = try await client.execute(
        uri: "/api/lexikon/dictionaries?file=run.sh", method: .post, headers: sameOrigin,
        body: ByteBuffer(string: "#!/bin/sh"))
      #expect(refused.status == .badRequest && refused.text.contains("\"field\":\"file\""))
    }
    #expect(try await service.dictionaries("cym-eng").map(\.name) == ["freedict-cym-eng", "mine-cym-eng"])
    let found = try await service.lookup("o'r", direction: "cym-eng")
    #expect(found.entries.first?.senses.first?.text == "of the")
  }
}
