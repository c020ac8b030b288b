import HTTPTypes
import Testing

@testable import WebApp

/// Which host names and origins the server answers to (DNS rebinding, sandboxed frames).
@Suite struct ServerHostsTests {
  let loopback = ServerHosts(boundTo: "127.0.0.1")

  @Test func onlyThisServersNamesAreKnown() {
    for known in ["localhost:8080", "127.0.0.1:8080", "[::1]:8080", "LOCALHOST", "localhost.", nil] {
      #expect(loopback.knows(authority: known), "\(known ?? "no Host")")
    }
    for foreign in ["evil.example:8080", "evil.example", "127.0.0.1.evil.example:8080", "[::2]:8080", "192.168.1.9"] {
      #expect(!loopback.knows(authority: foreign), "\(foreign)")
    }
    let lan = ServerHosts(boundTo: "0.0.0.0", allowed: ["laptop.lan"])
    #expect(lan.knows(authority: "laptop.lan:8080") && lan.knows(authority: "127.0.0.1:8080"))
    #expect(!lan.knows(authority: "evil.example:8080"))
    #expect(ServerHosts(boundTo: "192.0.2.7").knows(authority: "192.0.2.7:8080"))
  }

  @Test func anOriginMustBeThisServerAsTheRequestAddressedIt() {
    #expect(loopback.isOwnOrigin("http://localhost:8080", requestAuthority: "localhost:8080"))
    #expect(!loopback.isOwnOrigin("http://localhost:8080", requestAuthority: "127.0.0.1:8080"))
    for refused in [
      "null", "", "file://", "http://evil.example:8080", "http://localhost:8080/x", "http://a@localhost:8080",
    ] {
      #expect(!loopback.isOwnOrigin(refused, requestAuthority: "localhost:8080"), "\(refused)")
    }
    // After DNS rebinding the page's origin and the Host agree, but the name is not ours.
    #expect(!loopback.isOwnOrigin("http://evil.example:8080", requestAuthority: "evil.example:8080"))
  }

  @Test func theLiveSocketRefusesNullAndForeignOriginsAndHosts() {
    func request(origin: String?, authority: String = "localhost:8080") -> HTTPRequest {
      var fields = HTTPFields()
      if let origin { fields[.origin] = origin }
      return HTTPRequest(
        method: .get, scheme: "http", authority: authority, path: LiveSocket.path + "?role=display",
        headerFields: fields)
    }
    #expect(LiveSocket.accepts(request(origin: "http://localhost:8080"), token: nil, hosts: loopback) == .display)
    #expect(LiveSocket.accepts(request(origin: nil), token: nil, hosts: loopback) == .display, "not a browser")
    #expect(LiveSocket.accepts(request(origin: "null"), token: nil, hosts: loopback) == nil)
    #expect(LiveSocket.accepts(request(origin: "http://evil.example"), token: nil, hosts: loopback) == nil)
    #expect(
      LiveSocket.accepts(
        request(origin: "http://evil.example:8080", authority: "evil.example:8080"), token: nil,
        hosts: loopback) == nil)
  }
}
