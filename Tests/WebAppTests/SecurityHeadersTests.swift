import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ShareSynch
import ShareSynchServer
import Testing

@testable import WebApp

/// Every response says what it is (`nosniff`) and keeps the referrer at home; pages run only this
/// server's script files; files and API answers run nothing if opened as a document.
@Suite struct SecurityHeadersTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("security-headers-\(UUID().uuidString)")
  let referrerPolicy = HTTPField.Name("Referrer-Policy")!
  let frameOptions = HTTPField.Name("X-Frame-Options")!

  func app() async throws -> some ApplicationProtocol {
    let store = try ShareSynchStore.inMemory(seriesRoot: folder)
    try await store.installDemoIfEmpty()
    let hub = PresentationHub(store: store)
    return Application(
      router: try await router { pages in
        [
          KeyItRoutes(store: try .inMemory(), pages: pages),
          PhrasebookRoutes(store: try .inMemory(), pages: pages),
          LexikonRoutes(service: try filesLexikon(), pages: pages, shelf: testShelf()),
          ShareSynchRoutes(
            services: ShareSynchServices(store: store, hub: hub, dataFolder: folder.appendingPathComponent("data")),
            pages: pages, devices: DeviceLinks(host: "127.0.0.1", port: 8080, token: nil)),
        ]
      })
  }

  /// The named directives of a Content-Security-Policy, each with its sources.
  func directives(_ policy: String?) -> [String: [String]] {
    var found: [String: [String]] = [:]
    for directive in (policy ?? "").split(separator: ";") {
      let words = directive.split(separator: " ").map(String.init)
      if let name = words.first { found[name] = Array(words.dropFirst()) }
    }
    return found
  }

  @Test func pagesForbidInlineScriptAndOtherOrigins() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try await app().test(.router) { client in
      for path in ["/", "/sharesynch", "/sharesynch/present", "/lexikon", "/keyit/setup", "/nowhere"] {
        let response = try await client.execute(uri: path, method: .get)
        #expect(response.headers[.contentType]?.hasPrefix("text/html") == true, "\(path)")
        let policy = directives(response.headers[.contentSecurityPolicy])
        #expect(policy["script-src"] == ["'self'"], "\(path): no inline script, no other origin")
        #expect(policy["default-src"] == ["'self'"] && policy["img-src"] == ["'self'"], "\(path)")
        #expect(policy["style-src"] == ["'self'"], "\(path)")
        #expect(policy["connect-src"] == ["'self'", "ws://localhost", "wss://localhost"], "\(path)")
        #expect(policy["object-src"] == ["'none'"] && policy["base-uri"] == ["'none'"], "\(path)")
        #expect(policy["frame-ancestors"] == ["'none'"] && response.headers[frameOptions] == "DENY", "\(path)")
        #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(path)")
        #expect(response.headers[referrerPolicy] == "same-origin", "\(path)")
      }
      let word = try await client.execute(uri: "/phrasebook/word?w=x", method: .get)
      let policy = directives(word.headers[.contentSecurityPolicy])
      #expect(policy["img-src"] == ["'self'", "https:", "http:"], "a typed picture address may be another host")
      #expect(policy["script-src"] == ["'self'"])
    }
  }

  @Test func theLiveSocketIsNamedOnlyForAPlainHost() {
    let policy = directives(SecurityPolicy.page(path: "/", authority: "192.168.1.20:8080"))
    #expect(policy["connect-src"] == ["'self'", "ws://192.168.1.20:8080", "wss://192.168.1.20:8080"])
    let odd = directives(SecurityPolicy.page(path: "/", authority: "x; script-src *"))
    #expect(odd["connect-src"] == ["'self'"] && odd["script-src"] == ["'self'"], "a Host no browser sends")
  }

  @Test func filesAndAnswersAreNosniffAndRunNothing() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try await app().test(.router) { client in
      let cases = [
        ("/static/api.js", "text/javascript"), ("/sharesynch/media/demo/media/slide1.png", "image/png"),
        ("/api/sharesynch/series/demo", "application/json"), ("/api/sharesynch/series/nosuch", "application/json"),
      ]
      for (path, type) in cases {
        let response = try await client.execute(uri: path, method: .get)
        #expect(response.headers[.contentType]?.hasPrefix(type) == true, "\(path): \(response.headers)")
        #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(path)")
        #expect(response.headers[referrerPolicy] == "same-origin", "\(path)")
        let policy = directives(response.headers[.contentSecurityPolicy])
        #expect(policy["default-src"] == ["'none'"] && policy["sandbox"] == [], "\(path): \(policy)")
      }
    }
  }
}
