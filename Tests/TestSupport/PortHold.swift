import Foundation

/// A loopback port kept bound, but not listening, while the server on it is stopped: a connection
/// to it is refused as one to a server that is down, and the kernel gives the port to no other
/// socket (`freePort()`'s, or an outgoing connection's) before the server starts on it again. Bound
/// with `SO_REUSEADDR`, as the server's own socket is, so that the server can take it back even
/// before this goes away. Released when this object goes away.
public final class PortHold: Sendable {
  private let descriptor: Int32

  public init(port: Int) throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var reuse: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    var address = DictdServer.loopback(port: port)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard bound else {
      close(descriptor)
      throw OracleError(description: "port \(port) was taken while its server was stopped (errno \(errno))")
    }
  }

  deinit { close(descriptor) }
}
