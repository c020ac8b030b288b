import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TestSupport
import Testing

@testable import WebApp

/// The server's answers gzipped for a browser that asks (`ResponseCompression`), through the
/// whole router as `serve` builds it.
@Suite struct CompressedAnswersTests {
  let browser: HTTPFields = [.acceptEncoding: "gzip, deflate, br, zstd"]

  func gunzip(_ buffer: ByteBuffer) throws -> Data {
    try runTool(URL(fileURLWithPath: "/bin/gzip"), arguments: ["-dc"], input: Data(buffer: buffer))
  }

  @Test func aChapterIsGzippedForABrowserAndPlainForAClientThatDoesNotAsk() async throws {
    let (app, store) = try await makeApp()
    let psalm = try await store.openChapter(bibleID: nil, code: "PSA", chapter: 119)
    for item in psalm.items where item.itemType == .verse {
      _ = try await store.setText(
        bibleID: nil, itemID: item.itemID!, text: "Blessed are those whose ways are blameless")
    }
    try await app.test(.router) { client in
      let uri = "/api/keyit/bibles/1/books/PSA/chapters/119"
      let plain = try await client.execute(uri: uri, method: .get) { $0 }
      #expect(plain.status == .ok && plain.headers[.contentEncoding] == nil)
      #expect(plain.headers[.vary]?.contains("Accept-Encoding") == true, "a cache keeps the two forms apart")
      let packed = try await client.execute(uri: uri, method: .get, headers: browser) { $0 }
      #expect(packed.status == .ok && packed.headers[.contentEncoding] == "gzip")
      #expect(packed.headers[.vary]?.contains("Accept-Encoding") == true)
      #expect(packed.headers[.contentLength] == String(packed.body.readableBytes))
      #expect(packed.body.readableBytes * 5 < plain.body.readableBytes, "\(packed.body.readableBytes)")
      #expect(try gunzip(packed.body) == Data(buffer: plain.body))
      let head = try await client.execute(uri: uri, method: .head, headers: browser) { $0 }
      #expect(head.headers[.contentEncoding] == nil)
    }
  }

  @Test func aPageIsGzippedAndAStaticFileStillAnswers304() async throws {
    let (app, _) = try await makeApp()
    try await app.test(.router) { client in
      let page = try await client.execute(uri: "/keyit/bibles/1/books/PSA/119", method: .get, headers: browser) { $0 }
      #expect(page.status == .ok && page.headers[.contentEncoding] == "gzip")
      let plainPage = try await client.execute(uri: "/keyit/bibles/1/books/PSA/119", method: .get) { $0 }
      // The same page: its embedded JSON may list an object's keys in another order each time.
      let inflated = String(decoding: try gunzip(page.body), as: UTF8.self)
      #expect(inflated.utf8.count == plainPage.body.readableBytes && inflated.contains("PSA.119\\/v176"))
      #expect(page.body.readableBytes * 5 < plainPage.body.readableBytes, "\(page.body.readableBytes)")
      let script = try await client.execute(uri: "/static/keyit-edit.js", method: .get, headers: browser) { $0 }
      #expect(script.status == .ok && script.headers[.contentEncoding] == "gzip")
      let plain = try await client.execute(uri: "/static/keyit-edit.js", method: .get) { $0 }
      #expect(try gunzip(script.body) == Data(buffer: plain.body))
      let tag = try #require(script.headers[.eTag])
      #expect(tag.hasPrefix("W/") && tag == plain.headers[.eTag])
      var again = browser
      again[.ifNoneMatch] = tag
      try await client.execute(uri: "/static/keyit-edit.js", method: .get, headers: again) {
        #expect($0.status == .notModified && $0.body.readableBytes == 0)
      }
    }
  }

  @Test func anAnswerHoldingTheAccessTokenIsNeverCompressed() async throws {
    let token = "open-sesame-2026"
    let (app, store) = try await makeApp(token: token)
    let ruth = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    for item in ruth.items where item.itemType == .verse {
      _ = try await store.setText(bibleID: nil, itemID: item.itemID!, text: "Naomi said: \(token)")
    }
    try await app.test(.router) { client in
      var headers = browser
      headers[.authorization] = "Bearer \(token)"
      let holding = try await client.execute(
        uri: "/api/keyit/bibles/1/books/RUT/chapters/1", method: .get, headers: headers
      ) { $0 }
      #expect(holding.status == .ok && holding.body.readableBytes > 1024)
      #expect(holding.headers[.contentEncoding] == nil, "guessable from its size beside a reflected text (BREACH)")
      let other = try await client.execute(
        uri: "/api/keyit/bibles/1/books/RUT/chapters/2", method: .get, headers: headers
      ) { $0 }
      #expect(other.headers[.contentEncoding] == "gzip")
    }
  }
}
