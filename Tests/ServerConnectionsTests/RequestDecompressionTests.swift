import Gzip
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import ServerConnections

/// A server that takes gzipped bodies: what it inflates, what it refuses and how it says so.
@Suite struct RequestDecompressionTests {
  static let limit = 1 << 20

  /// An app whose one route answers with the length and the first bytes of the body it read.
  func app() -> some ApplicationProtocol {
    let router = Router()
    router.add(middleware: RequestDecompression())
    router.post("/echo") { request, _ in
      let body = try await request.decodedBody(upTo: Self.limit)
      return "\(body.readableBytes) \(String(buffer: body).prefix(20))"
    }
    return Application(router: router)
  }

  func post(_ client: some TestClientProtocol, _ body: [UInt8], coding: String?) async throws -> TestResponse {
    var headers: HTTPFields = [.contentType: "application/json"]
    if let coding { headers[.contentEncoding] = coding }
    return try await client.execute(uri: "/echo", method: .post, headers: headers, body: ByteBuffer(bytes: body)) { $0 }
  }

  @Test func aGzippedBodyIsReadAsItsTextAndEveryAnswerSaysGzipIsTaken() async throws {
    let text = Array(("{\"changes\": [" + String(repeating: "{\"verse\": 1}, ", count: 2000)).utf8)
    let packed = try #require(Gzip.compress(text, level: 6))
    let noise = (0..<20_000).map { _ in UInt8.random(in: 0...255) }
    try await app().test(.router) { client in
      for coding in ["gzip", "GZIP", "x-gzip", " gzip ", "identity, gzip"] {
        let answer = try await post(client, packed, coding: coding)
        #expect(
          answer.status == .ok && String(buffer: answer.body) == "\(text.count) {\"changes\": [{\"verse", "\(coding)")
        #expect(answer.headers[.acceptEncoding] == "gzip")
      }
      for coding in [nil, "identity"] {
        let answer = try await post(client, text, coding: coding)
        #expect(String(buffer: answer.body).hasPrefix("\(text.count) "), "\(coding ?? "no coding")")
        #expect(answer.headers[.acceptEncoding] == "gzip", "a client learns it from any answer")
      }
      // Big enough to be inflated off the shared threads.
      let bigNoise = try #require(Gzip.compress(noise, level: 1))
      #expect(bigNoise.count > Request.inflatedInPlace)
      #expect(String(buffer: try await post(client, bigNoise, coding: "gzip").body).hasPrefix("20000 "))
    }
  }

  @Test func aBombGarbageAndOtherCodingsAreRefusedWithWhatWasWrong() async throws {
    let bomb = try #require(Gzip.compress([UInt8](repeating: 0x20, count: 16 << 20), level: 9))
    let justOver = try #require(Gzip.compress([UInt8](repeating: 0x20, count: Self.limit + 1), level: 6))
    let exact = try #require(Gzip.compress([UInt8](repeating: 0x20, count: Self.limit), level: 6))
    let json = Array(#"{"changes": []}"#.utf8)
    try await app().test(.router) { client in
      for (name, body) in [("a bomb", bomb), ("one byte over", justOver)] {
        let answer = try await post(client, body, coding: "gzip")
        #expect(answer.status == .contentTooLarge, "\(name)")
        #expect(String(buffer: answer.body).contains("inflates to over \(Self.limit) bytes"), "\(name)")
      }
      #expect(try await post(client, exact, coding: "gzip").status == .ok, "the limit itself is taken")
      let plainOver = try await post(client, [UInt8](repeating: 0x20, count: Self.limit + 1), coding: nil)
      #expect(plainOver.status == .contentTooLarge)
      let garbage = try await post(client, json, coding: "gzip")
      #expect(garbage.status == .badRequest && String(buffer: garbage.body).contains("not one whole gzip stream"))
      let cut = try await post(client, Array(exact.dropLast(4)), coding: "gzip")
      #expect(cut.status == .badRequest)
      for coding in ["br", "deflate", "zstd", "gzip, gzip", "compress"] {
        let answer = try await post(client, json, coding: coding)
        #expect(answer.status == .unsupportedMediaType, "\(coding)")
        #expect(answer.headers[.acceptEncoding] == "gzip", "\(coding): the 415 says what is taken")
        #expect(String(buffer: answer.body).contains(coding.split(separator: ",")[0]), "\(coding)")
      }
    }
  }
}
