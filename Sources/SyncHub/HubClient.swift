import AsyncHTTPClient
import Foundation
import Gzip
import NIOCore
import NIOHTTP1
import SyncLog
import Synchronization

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
  /// Whether this hub said it takes gzipped bodies (`Accept-Encoding: gzip` on an answer, RFC 7694):
  /// a hub of an older version does not, and its client's bodies go plain. Shared by the copies of
  /// this client.
  private let hubTakesGzip = HubTakesGzip()
  /// The most a reply may hold, inflated.
  static let replyLimit = 64 << 20
  /// Bodies this long or longer go gzipped to a hub that takes them: a push of 1,000 verse changes
  /// in a tenth of its bytes, on a link from Papua New Guinea that may carry a few kilobytes a second.
  static let gzippedFrom = 1 << 10
  /// zlib's level 6: a push is made once and may cross a slow link, so its size counts more than the
  /// millisecond or two it takes.
  static let gzipLevel: Int32 = 6
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
    let json = try body.map { [UInt8](try JSONEncoder().encode($0)) }
    var gzip = hubTakesGzip.value
    while true {
      var request = HTTPClientRequest(url: base.absoluteString.trimmingSuffix("/") + path)
      request.method = method
      request.headers.add(name: "Authorization", value: "Bearer \(token)")
      let packed = json.flatMap { json in
        gzip && json.count >= Self.gzippedFrom ? Gzip.compress(json, level: Self.gzipLevel) : nil
      }
      if let json {
        request.headers.add(name: "Content-Type", value: "application/json")
        if packed != nil { request.headers.add(name: "Content-Encoding", value: "gzip") }
        request.body = .bytes(ByteBuffer(bytes: packed ?? json))
      }
      let response = try await http.execute(request, timeout: timeout)
      hubTakesGzip.learn(from: response.headers)
      let data = try await response.body.collect(upTo: Self.replyLimit)
      // A hub that stopped taking gzip (put back to an older version) gets the body again, plain.
      if response.status == .unsupportedMediaType && packed != nil {
        gzip = false
        continue
      }
      guard response.status == .ok else {
        throw HubClientError.refused(status: Int(response.status.code), message: String(buffer: data))
      }
      return try JSONDecoder().decode(Reply.self, from: Data(buffer: data))
    }
  }
}

/// What a hub's last answer said of gzipped bodies.
private final class HubTakesGzip: Sendable {
  private let taken = Atomic<Bool>(false)

  var value: Bool { taken.load(ordering: .relaxed) }

  /// Takes the hub's word from an answer's `Accept-Encoding`: gzip listed, or not.
  func learn(from headers: HTTPHeaders) {
    taken.store(Gzip.isAccepted(by: headers["Accept-Encoding"]), ordering: .relaxed)
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
