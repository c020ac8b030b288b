import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A loopback "DICT server" that answers every connection with the same bytes: the current fuzz
/// input, sent at once as the whole conversation (banner, replies, bodies), then end of stream.
/// It reads and discards what the client sends until the client closes, then takes the next
/// connection. Connections are served one at a time on a background thread.
final class DictStub: @unchecked Sendable {
  let port: Int
  private let listener: Int32
  private let lock = NSLock()
  private var answer: [UInt8] = []

  init() throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    self.listener = listener
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0
      }
    }
    guard bound, listen(listener, 16) == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
    port = Int(UInt16(bigEndian: address.sin_port))
    Thread { [self] in
      while true {
        let client = accept(listener, nil, nil)
        if client < 0 {
          if errno == EINTR { continue }
          return
        }
        serve(client)
        close(client)
      }
    }.start()
  }

  /// The bytes every following connection gets.
  func answer(with bytes: [UInt8]) { lock.withLock { answer = bytes } }

  private func serve(_ client: Int32) {
    let bytes = lock.withLock { answer }
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      sent += count
    }
    shutdown(client, Int32(SHUT_WR))
    var sink = [UInt8](repeating: 0, count: 4096)
    var poller = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
    while poll(&poller, 1, 3_000) > 0 {  // until the client closes (or 3 s of silence)
      let count = sink.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return }
    }
  }
}
