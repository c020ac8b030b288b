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

  @Test func aPageStaysPlainAndAStaticFileStillAnswers304() async throws {
    let (app, _) = try await makeApp()
    try await app.test(.router) { client in
      let page = try await client.execute(uri: "/keyit/bibles/1/books/PSA", method: .get, headers: browser) { $0 }
      #expect(page.status == .ok && page.body.readableBytes > 1024)
      #expect(page.headers[.contentEncoding] == nil, "a page carries the access token: never compressed (BREACH)")
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
}
