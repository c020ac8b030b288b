import Foundation
import HTTPTypes
import Hummingbird

/// Which WebSocket upgrades the server accepts: the presentation's socket only, from this
/// server's own pages (a browser's `Origin` must be this host), with the access token when the
/// server has one (the cookie the token link set, or `token=` in the address).
enum LiveSocket {
  static let path = "/api/sharesynch/live/socket"

  /// The client's role when the upgrade is allowed; nil refuses it.
  static func accepts(_ request: HTTPRequest, token: String?) -> PresentationHub.Role? {
    guard let target = request.path, let parts = URLComponents(string: target), parts.path == path else { return nil }
    let query = Dictionary(
      (parts.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    // A browser's page sends its own origin (http or https); only this server's pages may connect.
    // Other clients can send anything, so their origins (ws://…) prove nothing and are not checked.
    let origins = request.headerFields[values: .origin].flatMap { $0.split(separator: ",") }
      .compactMap { URL(string: $0.trimmingCharacters(in: .whitespaces)) }
    for url in origins where ["http", "https"].contains(url.scheme) {
      guard isThisServer(url, authority: request.authority) else { return nil }
    }
    if let token {
      let cookies = request.headerFields[values: .cookie].flatMap { $0.split(separator: ";") }
        .map { $0.trimmingCharacters(in: .whitespaces) }
      guard
        query["token"] == token || cookies.contains("\(AccessTokenMiddleware<BasicRequestContext>.cookieName)=\(token)")
      else { return nil }
    }
    return PresentationHub.Role(rawValue: query["role"] ?? "presenter")
  }
}
