import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A scripted DICT server on a loopback port, for the answers a real dictd never gives:
/// malformed, truncated, silent. Each connection gets `banner`, then `answer` for every command
/// line; connections are served one after another on a background thread.
final class FakeDictServer: @unchecked Sendable {
  /// What to do with one command.
  enum Answer: Sendable {
    /// Send these bytes (CRLF line ends are the script's business).
    case send(String)
    /// Send these bytes and close the connection.
    case sendAndClose(String)
    /// Send nothing and keep the connection open.
    case silence
  }

  let port: Int
  private let listener: Int32
  private let lock = NSLock()
  private var commandLog: [String] = []
  private var connectionCount = 0
  private var stopped = false

  init(banner: String = "220 fake <auth.mime> <1.2@fake>\r\n", answer: @escaping @Sendable (String) -> Answer) throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    self.listener = listener
    var on: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let ready = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0
      }
    }
    guard ready, listen(listener, 8) == 0 else { throw OracleError(description: "the fake server cannot listen") }
    port = Int(UInt16(bigEndian: address.sin_port))
    // The thread owns the listening socket and closes it when it ends, so its descriptor number
    // cannot be reused by another test's socket while this thread might still accept on it.
    Thread { [self] in
      while !lock.withLock({ stopped }) {
        let client = accept(listener, nil, nil)
        if client < 0, errno == EINTR { continue }
        guard client >= 0 else { break }
        lock.withLock { connectionCount += 1 }
        serve(client, banner: banner, answer: answer)
        close(client)
      }
      close(listener)
    }.start()
  }

  /// Every command line received, in order.
  var commands: [String] { lock.withLock { commandLog } }
  /// How many connections were accepted.
  var connections: Int { lock.withLock { connectionCount } }

  /// Stops accepting (the thread closes the listening socket as it ends).
  func stop() {
    lock.withLock { stopped = true }
    shutdown(listener, Int32(SHUT_RDWR))
  }

  private func serve(_ client: Int32, banner: String, answer: (String) -> Answer) {
    write(client, banner)
    var pending: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return }
      pending += chunk.prefix(count)
      while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: pending[..<end], as: UTF8.self).trimmingCharacters(in: .newlines)
        pending.removeFirst(end + 1)
        lock.withLock { commandLog.append(line) }
        switch answer(line) {
        case .send(let text): write(client, text)
        case .sendAndClose(let text):
          write(client, text)
          return
        case .silence: continue
        }
      }
    }
  }

  private func write(_ client: Int32, _ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  }
}
