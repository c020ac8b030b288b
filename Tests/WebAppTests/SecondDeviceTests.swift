import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ShareSynch
import ShareSynchServer
import TestSupport
import Testing

@testable import WebApp

/// Getting a second device on: the LAN address chosen, the links with the access token, and
/// their QR codes drawn by libqrencode, drawn as pictures by librsvg and read back by zbar.
@Suite struct SecondDeviceTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("second-device-\(UUID().uuidString)")
  /// A laptop on a church's Wi-Fi and its wired network, with loopback and IPv6 addresses.
  static let interfaces = [
    "127.0.0.1", "::1", "fe80::1c2:3ff:fe4", "203.0.113.7", "fd12:3456::9", "192.168.1.20", "169.254.3.4",
    "10.0.0.5", "2001:db8::5", "192.168.1.20",
  ]

  @Test func privateIPv4AddressesComeFirstAndLoopbackNever() {
    #expect(
      LANAddresses.reachable(boundTo: "0.0.0.0", interfaces: Self.interfaces)
        == ["192.168.1.20", "10.0.0.5", "203.0.113.7", "169.254.3.4"])
    #expect(
      LANAddresses.reachable(boundTo: "::", interfaces: Self.interfaces)
        == ["192.168.1.20", "10.0.0.5", "203.0.113.7", "169.254.3.4", "fd12:3456::9", "2001:db8::5"],
      "bound to ::, IPv6 follows (link-local needs a zone, so never)")
    #expect(LANAddresses.reachable(boundTo: "127.0.0.1", interfaces: Self.interfaces) == [])
    #expect(LANAddresses.reachable(boundTo: "localhost", interfaces: Self.interfaces) == [])
    #expect(LANAddresses.reachable(boundTo: "192.168.1.20", interfaces: Self.interfaces) == ["192.168.1.20"])
    #expect(LANAddresses.reachable(boundTo: "0.0.0.0", interfaces: ["127.0.0.1", "::1"]) == [])
  }

  @Test func linksCarryTheTokenAndBracketIPv6() {
    let links = DeviceLinks(host: "::", port: 9000, token: "tok&en=1", interfaces: { Self.interfaces })
    #expect(links.link(.stage, at: "192.168.1.20") == "http://192.168.1.20:9000/sharesynch/stage?token=tok%26en%3D1")
    #expect(
      links.link(.remote, at: "fd12:3456::9") == "http://[fd12:3456::9]:9000/sharesynch/remote?token=tok%26en%3D1")
    #expect(links.link(.display, at: "127.0.0.1") == nil && links.link(.display, at: "evil.example") == nil)
    #expect(!links.loopbackOnly)
    let loopback = DeviceLinks(host: "127.0.0.1", port: 8080, token: nil, interfaces: { Self.interfaces })
    #expect(loopback.loopbackOnly && loopback.addresses() == [])
    #expect(loopback.openToLAN == "scriptorium serve --host 0.0.0.0")
    #expect(
      DeviceLinks(host: "127.0.0.1", port: 9000, token: nil).openToLAN == "scriptorium serve --host 0.0.0.0 --port 9000"
    )
  }

  @Test func theSVGHasEveryModuleOfTheSymbolInsideAFourModuleQuietZone() throws {
    let text = "http://192.168.1.20:8080/sharesynch/display?token=abcdefghijkmnopqrstuvwxy"
    let code = try QRCode(encoding: text)
    #expect((21...177).contains(code.size) && (code.size - 17) % 4 == 0, "a QR symbol's size: 17 + 4 × version")
    let svg = code.svg()
    let side = code.size + 2 * QRCode.quietZone
    #expect(svg.contains(#"viewBox="0 0 \#(side) \#(side)""#) && QRCode.quietZone == 4)
    var drawn = [Bool](repeating: false, count: side * side)
    let runs = svg.matches(of: /M(\d+) (\d+)h(\d+)v1h-(\d+)z/)
    #expect(!runs.isEmpty)
    for run in runs {
      let (x, y, length) = (Int(run.1)!, Int(run.2)!, Int(run.3)!)
      #expect(Int(run.4)! == length)
      for column in x..<x + length { drawn[y * side + column] = true }
    }
    let quiet = QRCode.quietZone
    for row in 0..<side {
      for column in 0..<side {
        let inside = (quiet..<side - quiet).contains(row) && (quiet..<side - quiet).contains(column)
        let expected = inside && code.isDark(row: row - quiet, column: column - quiet)
        #expect(drawn[row * side + column] == expected, "module \(row), \(column)")
      }
    }
    #expect((0..<7).allSatisfy { code.isDark(row: 0, column: $0) && code.isDark(row: $0, column: 0) }, "finder pattern")
    #expect(try decoded(svg) == text)
  }

  @Test(arguments: ["display", "stage", "remote"])
  func everyScreensLinkReadsBack(_ screen: String) throws {
    for address in ["192.168.1.20:8080", "10.0.0.5:50111", "[fd12:3456::9]:65535"] {
      let link = "http://\(address)/sharesynch/\(screen)?token=stage-e2e-token"
      #expect(try decoded(QRCode(encoding: link).svg()) == link)
    }
  }

  @Test func textTooLongForAReadableSymbolIsRefused() {
    #expect(throws: QRCodeError.badLength(bytes: 513, limit: 512)) {
      try QRCode(encoding: String(repeating: "a", count: 513))
    }
    #expect(throws: QRCodeError.badLength(bytes: 0, limit: 512)) { try QRCode(encoding: "") }
  }

  @Test func theConnectRouteListsTheAddressesAndTheQRRouteDrawsOnlyTheirLinks() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try ShareSynchStore.inMemory(seriesRoot: folder)
    let services = ShareSynchServices(
      store: store, hub: PresentationHub(store: store), dataFolder: folder.appendingPathComponent("data"))
    let token = "abcdefghijkmnopq"
    let lan = DeviceLinks(host: "0.0.0.0", port: 8080, token: token, interfaces: { Self.interfaces })
    let bearer: HTTPFields = [.authorization: "Bearer \(token)"]
    let app = Application(router: try await shareSynchRouter(services, token: token, devices: lan))
    try await app.test(.router) { client in
      let connect = try await client.execute(uri: "/api/sharesynch/connect", method: .get, headers: bearer)
      let answer = try connect.decoded(Connect.self)
      #expect(!answer.loopbackOnly && answer.openToLAN == nil)
      #expect(answer.addresses.map(\.address) == ["192.168.1.20", "10.0.0.5", "203.0.113.7", "169.254.3.4"])
      let stage = try #require(answer.addresses.first?.links.first { $0.screen == "stage" })
      #expect(stage.url == "http://192.168.1.20:8080/sharesynch/stage?token=\(token)")
      #expect(answer.addresses[0].links.map(\.screen) == ["display", "stage", "remote"])

      let qr = try await client.execute(uri: stage.qr, method: .get, headers: bearer)
      #expect(qr.status == .ok && qr.headers[.contentType] == "image/svg+xml")
      #expect(try decoded(qr.text) == stage.url)

      for (query, status) in [
        ("address=127.0.0.1&screen=display", HTTPResponse.Status.notFound),
        ("address=evil.example&screen=display", .notFound), ("address=192.168.1.20&screen=anything", .badRequest),
        ("screen=display", .badRequest), ("text=http://evil.example/", .badRequest),
      ] {
        let refused = try await client.execute(uri: "/api/sharesynch/qr?\(query)", method: .get, headers: bearer)
        #expect(refused.status == status, "\(query)")
      }
      let noToken = try await client.execute(uri: stage.qr, method: .get)
      #expect(noToken.status == .unauthorized, "the QR code carries the token: only its holders see it")
    }
  }

  @Test func onLoopbackTheConnectRouteSaysHowToOpenTheServerToTheLAN() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try ShareSynchStore.inMemory(seriesRoot: folder)
    let services = ShareSynchServices(
      store: store, hub: PresentationHub(store: store), dataFolder: folder.appendingPathComponent("data"))
    try await Application(router: try await shareSynchRouter(services)).test(.router) { client in
      let answer = try await client.execute(uri: "/api/sharesynch/connect", method: .get).decoded(Connect.self)
      #expect(answer.loopbackOnly && answer.addresses.isEmpty)
      #expect(answer.openToLAN == "scriptorium serve --host 0.0.0.0")
      let qr = try await client.execute(uri: "/api/sharesynch/qr?address=127.0.0.1&screen=display", method: .get)
      #expect(qr.status == .notFound)
    }
  }

  /// What zbar (Debian's `zbar-tools`) reads from the SVG as librsvg (`librsvg2-bin`) draws it.
  func decoded(_ svg: String) throws -> String {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let picture = folder.appendingPathComponent("\(UUID().uuidString).png")
    let png = try runTool(URL(fileURLWithPath: "/usr/bin/rsvg-convert"), arguments: [], input: Data(svg.utf8))
    try png.write(to: picture)
    let output = try runTool(URL(fileURLWithPath: "/usr/bin/zbarimg"), arguments: ["--quiet", "--raw", picture.path])
    return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .newlines)
  }

  /// `GET /api/sharesynch/connect`'s answer.
  struct Connect: Decodable {
    struct Link: Decodable {
      let screen: String
      let url: String
      let qr: String
    }
    struct Address: Decodable {
      let address: String
      let links: [Link]
    }
    let loopbackOnly: Bool
    let openToLAN: String?
    let addresses: [Address]
  }
}
