import Foundation
import Gzip
import HTTPTypes
import Hummingbird
import NIOCore
import TestSupport
import Testing

@testable import ServerConnections

@Suite struct ResponseCompressionTests {
  typealias Compression = ResponseCompression<BasicRequestContext>

  /// `buffer` inflated by gzip itself, the oracle.
  func gunzip(_ buffer: ByteBuffer) throws -> Data {
    try runTool(URL(fileURLWithPath: "/bin/gzip"), arguments: ["-dc"], input: Data(buffer: buffer))
  }

  @Test func gzipIsTakenWhereTheClientWeighsItAboveZero() {
    let cases: [([String], Bool)] = [
      (["gzip, deflate, br, zstd"], true), (["br", "gzip"], true), (["GZIP;q=0.5"], true), (["x-gzip"], true),
      (["*"], true), (["br, *;q=0.1"], true), ([], false), (["identity"], false), (["gzip;q=0"], false),
      (["gzip; q=0.0"], false), (["*;q=0"], false), (["gzip;q=0, *"], false), (["deflate"], false),
      (["gzipped"], false),
    ]
    for (fields, taken) in cases { #expect(Gzip.isAccepted(by: fields) == taken, "\(fields)") }
  }

  func response(_ type: String?, bytes: Int = 4096, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:])
    -> Response
  {
    var fields = headers
    if let type { fields[.contentType] = type }
    return Response(
      status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(repeating: UInt8(ascii: "a"), count: bytes)))
  }

  @Test func onlyAWholeAnswerOfTextIsGzipped() {
    for type in [
      "application/json", "application/json; charset=utf-8", "text/javascript", "application/javascript", "text/css",
      "text/plain; charset=utf-8", "image/svg+xml", "application/xml", "application/manifest+json", "text/csv",
      "text/html; charset=utf-8",
    ] {
      #expect(Compression.isCompressible(response(type)), "\(type)")
    }
    for type in ["text/event-stream", "image/png", "audio/wav", "application/zip", nil] {
      #expect(!Compression.isCompressible(response(type)), "\(type ?? "no type")")
    }
    #expect(!Compression.isCompressible(response("application/json", bytes: 1023)), "too small to gain")
    #expect(Compression.isCompressible(response("application/json", bytes: 1024)))
    #expect(Compression.isCompressible(response("application/json", bytes: Compression.largest)))
    #expect(!Compression.isCompressible(response("application/json", bytes: Compression.largest + 1)), "held whole")
    #expect(!Compression.isCompressible(response("application/json", status: .partialContent)), "a range")
    #expect(!Compression.isCompressible(response("application/json", status: .notFound)))
    #expect(!Compression.isCompressible(response("image/svg+xml", headers: [.cacheControl: "no-store"])))
    #expect(!Compression.isCompressible(response("text/plain", headers: [.contentEncoding: "br"])))
    let streamed = Response(
      status: .ok, headers: [.contentType: "application/json"],
      body: .init { writer in try await writer.write(ByteBuffer(string: String(repeating: "a", count: 4096))) })
    #expect(!Compression.isCompressible(streamed), "a length not known beforehand")
  }

  @Test func gzippedTextInflatesToItselfWithItsHeadersMended() async throws {
    var texts = [String(repeating: "{\"verse\": 1, \"text\": \"In the beginning\"}, ", count: 200)]
    var generator = SystemRandomNumberGenerator()
    // Big enough to be compressed off the shared threads.
    texts.append(
      String((0..<(Compression.compressedInPlace + 10_000)).map { _ in "abcdefgh ".randomElement(using: &generator)! }))
    for text in texts {
      let plain = Response(
        status: .ok,
        headers: [.contentType: "application/json", .eTag: "\"v1\"", .acceptRanges: "bytes", .vary: "Cookie"],
        body: .init(byteBuffer: ByteBuffer(string: text)))
      let sentPlain = try await Compression().answer(plain, gzipTaken: false)
      #expect(sentPlain.headers[.contentEncoding] == nil && sentPlain.headers[.vary] == "Cookie, Accept-Encoding")
      let packed = try await Compression().answer(plain, gzipTaken: true)
      #expect(packed.headers[.contentEncoding] == "gzip")
      #expect(packed.headers[.vary] == "Cookie, Accept-Encoding")
      #expect(packed.headers[.eTag] == "W/\"v1\"", "the two forms of one text are equivalent")
      #expect(packed.headers[.acceptRanges] == nil)
      let length = try #require(packed.body.contentLength)
      #expect(packed.headers[.contentLength] == String(length) && length < text.utf8.count / 2)
      let collected = try await BodyCollector.collect(packed.body)
      #expect(try gunzip(collected) == Data(text.utf8))
    }
  }

  @Test func textGzipCannotShrinkIsSentAsItWas() async throws {
    var generator = SystemRandomNumberGenerator()
    let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let plain = Response(
      status: .ok, headers: [.contentType: "text/plain", .eTag: "\"n\""],
      body: .init(byteBuffer: ByteBuffer(bytes: noise)))
    let sent = try await Compression().answer(plain, gzipTaken: true)
    #expect(sent.headers[.contentEncoding] == nil && sent.headers[.eTag] == "\"n\"")
    #expect(sent.headers[.vary] == "Accept-Encoding")
    #expect(Array(buffer: try await BodyCollector.collect(sent.body)) == noise)
  }

  @Test func anAnswerHoldingTheSecretIsSentPlain() async throws {
    let secret = "k9-Xq2-secret"
    let compression = Compression(keepingPlain: secret)
    for (text, plain) in [
      ("<p data-token=\"\(secret)\">" + String(repeating: "slide ", count: 500), true),
      (String(repeating: "slide ", count: 500) + secret, true), (String(repeating: "slide ", count: 500), false),
      (String(repeating: "slide ", count: 500) + "k9-Xq2-secre", false),
    ] {
      let response = Response(
        status: .ok, headers: [.contentType: "text/html"], body: .init(byteBuffer: ByteBuffer(string: text)))
      let sent = try await compression.answer(response, gzipTaken: true)
      #expect((sent.headers[.contentEncoding] == nil) == plain, "\(text.suffix(20))")
    }
  }
}
