import NIOCore
import NIOHTTP1

/// Closes a connection that has not sent a whole first request head within `limit` of opening,
/// or when the server stops before it has. Sits right after the HTTP request decoder, and leaves
/// the pipeline as soon as the head arrives: what comes after (a body, more requests, a WebSocket)
/// is not its business.
///
/// Without it, a client that connects and sends nothing, or half a head, holds its connection
/// forever, and holds a stopping server too: Hummingbird waits for every connection's first
/// request before it can finish one.
final class RequestHeadDeadline: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart

  private let limit: TimeAmount
  private var timer: Scheduled<Void>?

  init(limit: TimeAmount) { self.limit = limit }

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { startTimer(context) }
  }

  func channelActive(context: ChannelHandlerContext) {
    startTimer(context)
    context.fireChannelActive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    timer?.cancel()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let isHead = if case .head = unwrapInboundIn(data) { true } else { false }
    context.fireChannelRead(data)
    if isHead { context.pipeline.syncOperations.removeHandler(context: context, promise: nil) }
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    // The server stops (gracefully, or its task is cancelled: Hummingbird quiesces on both).
    guard event is ChannelShouldQuiesceEvent else {
      return context.fireUserInboundEventTriggered(event)
    }
    closeUnanswered(context)
  }

  private func startTimer(_ context: ChannelHandlerContext) {
    guard timer == nil else { return }
    timer = context.eventLoop.assumeIsolated().scheduleTask(in: limit) { self.closeUnanswered(context) }
  }

  /// Closes the connection, telling the upgrade handler after this one that its input ended: it
  /// then ends quietly (a plain close is logged as an error, once for every such connection).
  private func closeUnanswered(_ context: ChannelHandlerContext) {
    context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
    context.close(promise: nil)
  }
}
