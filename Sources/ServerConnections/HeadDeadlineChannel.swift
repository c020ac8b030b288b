import HTTPTypes
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

/// A server's HTTP/1 connections (`Base`, which decodes them with NIO's `HTTPRequestDecoder`),
/// each closed when it sends no whole request head within `limit`, or when the server stops
/// before it has (see `RequestHeadDeadline`).
struct HeadDeadlineChannel<Base: ServerChildChannel>: ServerChildChannel {
  let base: Base
  let limit: TimeAmount

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Base.Value> {
    base.setup(channel: channel, logger: logger).flatMapThrowing { [limit] value in
      let pipeline = channel.pipeline.syncOperations
      let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
      try pipeline.addHandler(RequestHeadDeadline(limit: limit), position: .after(decoder))
      return value
    }
  }

  func handle(value: Base.Value, logger: Logger) async {
    await base.handle(value: value, logger: logger)
  }
}

extension HTTPServerBuilder {
  /// How long a new connection may take to send its first request head: a phone on a slow,
  /// lossy link sends a head (under 2 KB) in a few seconds at worst.
  public static let requestHeadLimit = TimeAmount.seconds(30)

  /// HTTP/1 with a WebSocket upgrade, as `http1WebSocketUpgrade`, where a connection that sends no
  /// whole request head within `requestHeadLimit` is closed, and is closed at once when the server
  /// stops (so that neither an idle client nor a hostile one holds the server's shutdown).
  public static func http1WebSocketUpgradeClosingSilentConnections(
    requestHeadLimit limit: TimeAmount = requestHeadLimit,
    shouldUpgrade:
      @escaping @Sendable (HTTPRequest, any Channel, Logger) async throws -> ShouldUpgradeResult<
        WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>
      >
  ) -> HTTPServerBuilder {
    HTTPServerBuilder { responder in
      HeadDeadlineChannel(
        base: HTTP1WebSocketUpgradeChannel(responder: responder, configuration: .init(), shouldUpgrade: shouldUpgrade),
        limit: limit)
    }
  }
}
