import Foundation

/// Where a second device opens ShareSynch's screens: for each of this server's LAN addresses, the
/// display's, the stage view's and the remote's address, carrying the access token when the
/// server has one (so a phone that opens it is let in). These links are the only text the server
/// draws as QR codes.
struct DeviceLinks: Sendable {
  /// A screen a second device opens.
  enum Screen: String, CaseIterable, Encodable, Sendable {
    case display, stage, remote
  }

  /// The address the server was bound to (`serve --host`).
  let host: String
  /// The port it listens on.
  let port: Int
  /// The access token every request must carry (nil on loopback).
  let token: String?
  /// This machine's interface addresses, asked on every use: a laptop may join the network after
  /// the server started.
  var interfaces: @Sendable () -> [String] = ServerHosts.machineAddresses

  /// True when no other device can reach the server.
  var loopbackOnly: Bool { ServerSettings.isLoopback(host) }

  /// What to run instead so that other devices can reach the server (the token then comes by itself).
  var openToLAN: String { "scriptorium serve --host 0.0.0.0" + (port == 8080 ? "" : " --port \(port)") }

  /// The LAN addresses, best first.
  func addresses() -> [String] { LANAddresses.reachable(boundTo: host, interfaces: interfaces()) }

  /// The link to `screen` at `address`; nil unless `address` is one of the LAN addresses.
  func link(_ screen: Screen, at address: String) -> String? {
    addresses().contains(address) ? url(screen, at: address) : nil
  }

  /// The link to `screen` at an address from `addresses()`.
  func url(_ screen: Screen, at address: String) -> String {
    let authority = address.contains(":") ? "[\(address)]:\(port)" : "\(address):\(port)"
    let link = "http://\(authority)/sharesynch/\(screen.rawValue)"
    return token.map { link + "?token=" + $0.addingPercentEncoding(withAllowedCharacters: Self.unreserved)! } ?? link
  }

  /// Characters a query value keeps as they are (RFC 3986's unreserved ones).
  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
