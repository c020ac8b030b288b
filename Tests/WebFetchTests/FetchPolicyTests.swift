import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import WebFetch

/// Fetches reach public addresses only, unless the user allowed the host; every redirect is
/// checked the same way, at most five are followed, bodies are capped, and errors never echo what
/// the server sent.
@Suite struct FetchPolicyTests {
  @Test func everyNonPublicRangeIsRecognisedInEachOfItsForms() throws {
    let refused = [
      "127.0.0.1", "127.255.255.254", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.20", "169.254.169.254",
      "100.64.0.1", "100.127.255.255", "0.0.0.0", "224.0.0.1", "255.255.255.255", "::", "::1", "fe80::1", "febf::1",
      "fc00::1", "fd12:3456::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:169.254.169.254",
      "::127.0.0.1", "64:ff9b::a00:1", "2002:7f00:1::",
    ]
    for text in refused {
      let bytes = addressBytes(try SocketAddress(ipAddress: text, port: 0))!
      #expect(nonPublicKind(bytes) != nil, "\(text) is not public")
    }
    let allowed = [
      "8.8.8.8", "93.184.216.34", "172.15.255.255", "172.32.0.1", "100.63.255.255", "100.128.0.1", "169.253.0.1",
      "192.169.0.1", "2606:4700::1111", "::ffff:8.8.8.8", "2002:808:808::", "2001:db8::1",
    ]
    for text in allowed {
      let bytes = addressBytes(try SocketAddress(ipAddress: text, port: 0))!
      #expect(nonPublicKind(bytes) == nil, "\(text) is public")
    }
  }

  /// A site on loopback: a CSV whose first line is a secret, redirects, a large body, a 404.
  static func site() -> Application<RouterResponder<BasicRequestContext>> {
    let router = Router()
    router.get("/words.csv") { _, _ in "SECRET-HEADER,x\n" }
    router.get("/redirect/:count") { _, context -> Response in
      let count = try context.parameters.require("count", as: Int.self)
      guard count > 0 else { return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "arrived"))) }
      return Response(status: .found, headers: [.location: "/redirect/\(count - 1)"])
    }
    router.get("/to/:host") { request, context -> Response in
      let host = try context.parameters.require("host")
      let port = request.head.authority!.split(separator: ":").last!
      return Response(status: .temporaryRedirect, headers: [.location: "http://\(host):\(port)/words.csv"])
    }
    router.get("/big") { _, _ in String(repeating: "x", count: 100_000) }
    router.get("/stream") { _, _ -> Response in
      Response(
        status: .ok,
        body: ResponseBody { writer in
          for _ in 0..<100 { try await writer.write(ByteBuffer(string: String(repeating: "y", count: 1_000))) }
          try await writer.finish(nil)
        })
    }
    router.get("/missing") { _, _ -> Response in
      Response(status: .notFound, body: .init(byteBuffer: ByteBuffer(string: "SECRET-BODY")))
    }
    return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
  }

  func message(_ run: () async throws -> Void) async -> String? {
    do {
      try await run()
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test func loopbackInAnyFormIsRefusedUnlessAllowedAndThenFetched() async throws {
    try await Self.site().test(.live) { client in
      let port = client.port!
      for host in ["127.0.0.1", "localhost", "127.1", "2130706433", "0x7f.0.0.1", "[::ffff:127.0.0.1]"] {
        let error = await message { _ = try await download("http://\(host):\(port)/words.csv") }
        #expect(error?.contains("loopback address") == true && error?.contains("allow the host") == true, "\(host)")
      }
      let allowed = FetchPolicy(allowedHosts: ["127.0.0.1"])
      let fetched = try await download("http://127.0.0.1:\(port)/words.csv", policy: allowed)
      #expect(fetched == Data("SECRET-HEADER,x\n".utf8))
      let byName = FetchPolicy(allowedHosts: ["LOCALHOST"])
      let byNameFetched = try await download("http://localhost:\(port)/words.csv", policy: byName)
      #expect(byNameFetched.count == 16)
    }
  }

  @Test func everyRedirectIsCheckedAndAtMostFiveAreFollowed() async throws {
    try await Self.site().test(.live) { client in
      let port = client.port!
      let allowed = FetchPolicy(allowedHosts: ["127.0.0.1"])
      let arrived = try await download("http://127.0.0.1:\(port)/redirect/5", policy: allowed)
      #expect(arrived == Data("arrived".utf8))
      let tooMany = await message { _ = try await download("http://127.0.0.1:\(port)/redirect/6", policy: allowed) }
      #expect(tooMany?.contains("redirected more than 5 times") == true)
      let onlyByName = FetchPolicy(allowedHosts: ["localhost"])
      let hop = await message { _ = try await download("http://localhost:\(port)/to/127.0.0.2", policy: onlyByName) }
      #expect(hop?.contains("127.0.0.2 is a loopback address") == true, "the second hop is checked too")
    }
  }

  @Test func bodiesAreCappedAndErrorsNeverEchoWhatTheServerSent() async throws {
    try await Self.site().test(.live) { client in
      let base = "http://127.0.0.1:\(client.port!)"
      let allowed = FetchPolicy(allowedHosts: ["127.0.0.1"])
      let announced = await message { _ = try await download(base + "/big", policy: allowed, maxBytes: 1_000) }
      #expect(announced?.contains("more than the 1000 allowed") == true)
      let streamed = await message { _ = try await download(base + "/stream", policy: allowed, maxBytes: 1_000) }
      #expect(streamed?.contains("more than the 1000 bytes allowed") == true)
      let missing = await message { _ = try await download(base + "/missing", policy: allowed) }
      #expect(missing?.contains("status 404") == true && missing?.contains("SECRET") == false)
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("capped-\(UUID().uuidString)")
      let resumable = await message {
        try await downloadResuming(base + "/stream", to: file, policy: allowed, maxBytes: 1_000)
      }
      #expect(resumable?.contains("more than the 1000 bytes allowed") == true)
      #expect(!FileManager.default.fileExists(atPath: file.path), "nothing kept")
      let refused = await message { try await downloadResuming(base + "/stream", to: file) }
      #expect(refused?.contains("loopback") == true)
    }
  }
}
