import Foundation

/// A loopback port kept bound, but not listening, while the server on it is stopped: a connection
/// to it is refused as one to a server that is down, and no socket that binds without
/// `SO_REUSEADDR` (`freePort()`'s, say) can take it; the kernel's own choice of a free port skips
/// bound ports. Bound with `SO_REUSEADDR`, as a Hummingbird server's socket is, so that the server
/// can bind and listen on it while it is still held. Released when this object goes away.
public final class PortHold: Sendable {
  private let descriptor: Int32

  /// `descriptor` is set only once the port is held (see `RawConnection.init`).
  public init(port: Int) throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var reuse: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    var address = DictdServer.loopback(port: port)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard bound else {
      let reason = errno
      close(descriptor)
      throw OracleError(description: "port \(port) could not be held: another socket has it (errno \(reason))")
    }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }
}
