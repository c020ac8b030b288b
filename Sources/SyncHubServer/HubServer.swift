import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import ServerConnections
import SyncHub
import SyncLog

/// The team hub over HTTP: heads, pull and push for each project, and a WebSocket that delivers new
/// changes as they arrive. Every request carries a member's invitation token for that project
/// (`Authorization: Bearer …`, or `token=` on the socket's address); anything else is refused.
public enum HubServer {
  /// The hub's application on `configuration`'s address.
  public static func application(
    store: any HubStore, broadcaster: HubBroadcaster = HubBroadcaster(), configuration: ApplicationConfiguration,
    logger: Logger = Logger(label: "scriptorium.hub")
  ) -> some ApplicationProtocol {
    Application(
      router: router(store: store, broadcaster: broadcaster),
      server: .http1WebSocketUpgradeClosingSilentConnections { request, _, _ in
        guard let project = await liveProject(request, store: store) else { return .dontUpgrade }
        return .upgrade([:]) { inbound, outbound, _ in
          let (id, batches) = await broadcaster.listen(project: project)
          // The device only listens: what it sends is read and dropped until it closes, which
          // ends the sending of batches too.
          await withTaskGroup(of: Void.self) { group in
            group.addTask {
              for await batch in batches {
                guard let data = try? JSONEncoder().encode(batch) else { continue }
                guard (try? await outbound.write(.text(String(decoding: data, as: UTF8.self)))) != nil else { break }
              }
            }
            _ = try? await inbound.messages(maxSize: 1024).reduce(()) { _, _ in }
            group.cancelAll()
          }
          await broadcaster.stopListening(project: project, id: id)
        }
      },
      configuration: configuration, logger: logger)
  }

  /// The HTTP routes (the socket is added by `application`).
  public static func router(store: any HubStore, broadcaster: HubBroadcaster) -> Router<BasicRequestContext> {
    let router = Router()
    router.add(middleware: ResponseCompression())
    router.add(middleware: RequestDecompression())
    router.add(middleware: HubErrorMiddleware())
    router.get("/healthz") { _, _ in "ok" }
    router.group("\(HubPaths.prefix)/:project")
      .add(middleware: MemberMiddleware(store: store))
      .get("heads") { _, context in
        try json(try await store.heads(project: try context.parameters.require("project")))
      }
      .post("pull") { request, context in
        let name = try context.parameters.require("project")
        let body = try await decode(PullRequest.self, request, limit: 64 << 10)
        let limit = min(max(body.limit ?? HubPaths.maxBatch, 1), HubPaths.maxBatch)
        return try json(ChangeBatch(changes: try await store.changes(project: name, after: body.after, limit: limit)))
      }
      .post("push") { request, context in
        let name = try context.parameters.require("project")
        let body = try await decode(ChangeBatch.self, request, limit: 32 << 20)
        guard body.changes.count <= HubPaths.maxBatch else {
          throw HTTPError(.contentTooLarge, message: "at most \(HubPaths.maxBatch) changes in one push")
        }
        let outcome = try await store.add(body.changes, project: name)
        await broadcaster.publish(ChangeBatch(changes: outcome.added), project: name)
        return try json(
          PushReply(added: outcome.added.count, refusedForGap: outcome.refusedForGap, heads: outcome.heads))
      }
    return router
  }

  /// The project of a socket request a member may open, nil to refuse the upgrade.
  static func liveProject(_ request: HTTPRequest, store: any HubStore) async -> String? {
    guard let target = request.path, let parts = URLComponents(string: target),
      parts.path.hasPrefix(HubPaths.prefix + "/"), parts.path.hasSuffix("/live")
    else { return nil }
    let project = String(parts.path.dropFirst(HubPaths.prefix.count + 1).dropLast("/live".count))
    let token =
      bearer(request.headerFields[.authorization])
      ?? parts.queryItems?.first(where: { $0.name == "token" })?.value
    guard let token, (try? await store.member(token: token, project: project)) ?? nil != nil else { return nil }
    return project
  }

  static func bearer(_ header: String?) -> String? {
    guard let header, header.hasPrefix("Bearer ") else { return nil }
    return String(header.dropFirst("Bearer ".count)).trimmingCharacters(in: .whitespaces)
  }

  static func decode<Body: Decodable>(_ type: Body.Type, _ request: Request, limit: Int) async throws -> Body {
    let buffer = try await request.decodedBody(upTo: limit)
    do {
      return try JSONDecoder().decode(Body.self, from: Data(buffer: buffer))
    } catch {
      throw HTTPError(.badRequest, message: "the body is not a \(Body.self): \(error)")
    }
  }

  static func json(_ value: some Encodable) throws -> Response {
    Response(
      status: .ok, headers: [.contentType: "application/json"],
      body: .init(byteBuffer: ByteBuffer(data: try JSONEncoder().encode(value))))
  }
}

/// Lets through only requests whose bearer token belongs to a member of the route's project.
struct MemberMiddleware: RouterMiddleware {
  let store: any HubStore

  func handle(
    _ request: Request, context: BasicRequestContext,
    next: (Request, BasicRequestContext) async throws -> Response
  ) async throws -> Response {
    let project = try context.parameters.require("project")
    guard let token = HubServer.bearer(request.headers[.authorization]),
      try await store.member(token: token, project: project) != nil
    else {
      throw HTTPError(.unauthorized, message: "an invitation token for project \(project) is required")
    }
    return try await next(request, context)
  }
}

/// Answers the store's refusals as 400 with what was wrong, instead of 500.
struct HubErrorMiddleware: RouterMiddleware {
  func handle(
    _ request: Request, context: BasicRequestContext,
    next: (Request, BasicRequestContext) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let error as HubError {
      throw HTTPError(.badRequest, message: error.description)
    }
  }
}
