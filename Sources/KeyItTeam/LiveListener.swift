import Foundation
import HummingbirdWSClient
import KeyIt
import Logging
import SyncHub
import SyncLog
import Synchronization

/// Keeps a shared Bible's live socket to its hub open and rings on every batch the hub pushes and
/// on every (re)connection (the device may have missed changes while it was away). Reconnects
/// with backoff when the socket drops or cannot be opened. The token goes to the hub only, in the
/// `Authorization` header (never in the address, which proxies and logs keep).
struct LiveListener: Sendable {
  let membership: TeamMembership
  let onPush: @Sendable () async -> Void
  /// The longest pause between two attempts to connect.
  var maxBackoff: Duration = .seconds(5)

  /// The socket's address: the hub's, `ws` for `http` and `wss` for `https`.
  var url: String? {
    guard var parts = URLComponents(url: membership.hub, resolvingAgainstBaseURL: false) else { return nil }
    parts.scheme = parts.scheme?.lowercased() == "https" ? "wss" : "ws"
    parts.path =
      (parts.path.hasSuffix("/") ? String(parts.path.dropLast()) : parts.path)
      + HubPaths.live(SyncChange.keyItProject(bibleUID: membership.bibleUID))
    parts.query = nil
    return parts.string
  }

  func run() async {
    guard let url else { return }
    // The socket's own log lines would carry the address, token and all: keep them out.
    let silent = Logger(label: "keyit.team.live", factory: { _ in SwiftLogNoOpLogHandler() })
    var backoff = Duration.milliseconds(250)
    while !Task.isCancelled {
      let connected = Mutex(false)
      let configuration = WebSocketClientConfiguration(
        additionalHeaders: [.authorization: "Bearer \(membership.token)"])
      _ = try? await WebSocketClient.connect(url: url, configuration: configuration, logger: silent) { inbound, _, _ in
        connected.withLock { $0 = true }
        await onPush()
        for try await _ in inbound.messages(maxSize: 64 << 20) { await onPush() }
      }
      backoff = connected.withLock { $0 } ? .milliseconds(250) : min(backoff * 2, maxBackoff)
      try? await Task.sleep(for: backoff)
    }
  }
}
