import Hummingbird
import HummingbirdTesting
import KeyIt
import Testing

@testable import WebApp

@Suite struct HomePageTests {
  @Test func homePageListsKeyIt() async throws {
    let app = Application(router: WebServer.router(keyIt: try KeyItStore.inMemory()))
    try await app.test(.router) { client in
      try await client.execute(uri: "/", method: .get) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.contentType] == "text/html; charset=utf-8")
        #expect(String(buffer: response.body).contains("Key It"))
      }
      try await client.execute(uri: "/healthz", method: .get) { response in
        #expect(String(buffer: response.body) == "ok")
      }
      try await client.execute(uri: "/nowhere", method: .get) { response in
        #expect(response.status == .notFound)
      }
    }
  }
}
