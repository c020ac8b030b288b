import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import ShareSynchServer

/// Which WebSocket upgrades the server accepts: the presentation's socket only, from this
/// server's own pages (a browser's `Origin` must be this host, never `null`), with the access token when the
/// server has one (the cookie the token link set, or `token=` in the address).
enum LiveSocket {
  static let path = "/api/sharesynch/live/socket"

  /// The client's role (`role=presenter|display|stage|remote`, a presenter when absent) when the
  /// upgrade is allowed; nil refuses it, and an unknown role too.
  static func accepts(_ request: HTTPRequest, token: String?, hosts: ServerHosts) -> PresentationHub.Role? {
    guard let target = request.path, let parts = URLComponents(string: target), parts.path == path else { return nil }
    guard hosts.knows(authority: request.authority) else { return nil }
    let query = Dictionary(
      (parts.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    // A browser's page sends its own origin (http or https, or `null` from a sandboxed frame);
    // only this server's pages may connect. Other clients send no origin, or a ws:// one.
    let origins = request.headerFields[values: .origin].flatMap { $0.split(separator: ",") }
      .map { $0.trimmingCharacters(in: .whitespaces) }
    for origin in origins where !origin.hasPrefix("ws://") && !origin.hasPrefix("wss://") {
      guard hosts.isOwnOrigin(origin, requestAuthority: request.authority) else { return nil }
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

extension PresentationHub {
  /// Serves one WebSocket client until it disconnects: the hub sends it states, and it sends
  /// intents (an intent that fails answers this client alone with the error).
  func serve(role: Role, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
    let id = await connect(role: role) { text in try await outbound.write(.text(text)) }
    do {
      for try await message in inbound.messages(maxSize: 4096) {
        guard case .text(let text) = message else { continue }
        if let error = await receive(text, from: id) { try? await outbound.write(.text(error)) }
      }
    } catch {}
    await disconnect(id)
  }
}
