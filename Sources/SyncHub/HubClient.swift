import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SyncLog

/// A device's view of a remote hub, as a `ChangeLogStore`: the sync engine cannot tell it from a
/// local log. Each call is one HTTP request with the member's invitation token.
public struct HubClient: ChangeLogStore {
  /// The hub's address, e.g. `http://192.168.1.20:7700`.
  public let base: URL
  /// The member's invitation token.
  public let token: String
  /// How long one request may take before the hub counts as unreachable.
  public let timeout: TimeAmount
  private let http: HTTPClient
  /// The most a reply may hold, inflated.
  static let replyLimit = 64 << 20
  /// The HTTP client of hub requests: the shared one's settings, but a gzipped answer inflated up to
  /// `replyLimit`, not to 25 times its size, which a change of one key held down passes.
  public static let defaultHTTPClient: HTTPClient = {
    var configuration = HTTPClient.Configuration.singletonConfiguration
    configuration.decompression = .enabled(limit: .size(replyLimit))
    return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
  }()

  public init(
    base: URL, token: String, timeout: TimeAmount = .seconds(20), http: HTTPClient = HubClient.defaultHTTPClient
  ) {
    self.base = base
    self.token = token
    self.timeout = timeout
    self.http = http
  }

  public func heads(project: String) async throws -> SyncHeads {
    try await send(HubPaths.heads(project), method: .GET, body: nil as PullRequest?)
  }

  public func changes(project: String, after heads: SyncHeads, limit: Int) async throws -> [SyncChange] {
    let batch: ChangeBatch = try await send(
      HubPaths.pull(project), method: .POST, body: PullRequest(after: heads, limit: limit))
    return batch.changes
  }

  public func add(_ changes: [SyncChange], project: String) async throws -> AddOutcome {
    try await add(changes, project: project, heads: try await heads(project: project))
  }

  public func add(_ changes: [SyncChange], project: String, heads: SyncHeads) async throws -> AddOutcome {
    var heads = heads
    var added: [SyncChange] = []
    var refused = 0
    for start in stride(from: 0, to: changes.count, by: HubPaths.maxBatch) {
      let chunk = Array(changes[start..<min(start + HubPaths.maxBatch, changes.count)])
      let reply: PushReply = try await send(HubPaths.push(project), method: .POST, body: ChangeBatch(changes: chunk))
      // The reply counts what was new; which ones follows from the heads before and after.
      added += chunk.filter { !heads.holds($0) && reply.heads.holds($0) }
      refused += reply.refusedForGap
      heads = reply.heads
    }
    return AddOutcome(added: added, refusedForGap: refused, heads: heads)
  }

  private func send<Body: Encodable, Reply: Decodable>(_ path: String, method: HTTPMethod, body: Body?) async throws
    -> Reply
  {
    var request = HTTPClientRequest(url: base.absoluteString.trimmingSuffix("/") + path)
    request.method = method
    request.headers.add(name: "Authorization", value: "Bearer \(token)")
    if let body {
      request.headers.add(name: "Content-Type", value: "application/json")
      request.body = .bytes(ByteBuffer(data: try JSONEncoder().encode(body)))
    }
    let response = try await http.execute(request, timeout: timeout)
    let data = try await response.body.collect(upTo: Self.replyLimit)
    guard response.status == .ok else {
      throw HubClientError.refused(status: Int(response.status.code), message: String(buffer: data))
    }
    return try JSONDecoder().decode(Reply.self, from: Data(buffer: data))
  }
}

/// Why a hub request failed when the hub was reached.
public enum HubClientError: Error, Equatable, Sendable {
  /// The hub answered with an error status (401 for a token it does not know).
  case refused(status: Int, message: String)
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
