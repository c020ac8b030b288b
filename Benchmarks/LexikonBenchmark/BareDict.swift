import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The peer for the client: the least a program can do to ask dictd for a definition over one
/// loopback connection — write the command, read bytes until the final status line — with no
/// parsing. Its time per lookup is dictd's own round trip.
/// dictd closes a connection after `limit_queries` commands (2,000 by default), so it reconnects
/// when the server has closed it, as the client does.
final class BareDict {
  private var descriptor: Int32 = -1
  private var buffer = [UInt8](repeating: 0, count: 65_536)
  private let port: Int
  private let nagle: Bool

  /// Connects to 127.0.0.1:`port`, with TCP_NODELAY and quick ACKs unless `nagle` (the naive
  /// client's delayed-ACK trap).
  init(port: Int, nagle: Bool = false) throws {
    self.port = port
    self.nagle = nagle
    try open()
  }

  private func open() throws {
    if descriptor >= 0 { close(descriptor) }
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard connected else { throw BareDictError(reason: "cannot connect to port \(port): errno \(errno)") }
    if !nagle {
      var on: Int32 = 1
      setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
      quickAck()
    }
    _ = try readUntilStatus()  // banner
  }

  deinit { close(descriptor) }

  private func quickAck() {
    var on: Int32 = 1
    setsockopt(descriptor, Int32(IPPROTO_TCP), Int32(TCP_QUICKACK), &on, socklen_t(MemoryLayout<Int32>.size))
  }

  /// Sends `DEFINE database "word"` and reads to the end of the answer; returns its byte count.
  func define(_ word: String, in database: String) throws -> Int {
    let command = Array("DEFINE \(database) \"\(word)\"\r\n".utf8)
    _ = command.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    if let count = try? readUntilStatus() { return count }
    try open()
    _ = command.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    return try readUntilStatus()
  }

  /// Reads until the data ends with a `250 …`, `552 …` or `220 …` line.
  private func readUntilStatus() throws -> Int {
    var received: [UInt8] = []
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if !nagle { quickAck() }
      guard count > 0 else {
        throw BareDictError(reason: "the connection closed")
      }
      received += buffer.prefix(count)
      guard received.count >= 2, received[received.count - 2] == 13, received.last == 10 else { continue }
      let lineStart = (received.dropLast(2).lastIndex(of: 10).map { $0 + 1 }) ?? 0
      let code = String(decoding: received[lineStart..<min(lineStart + 4, received.count)], as: UTF8.self)
      if ["250 ", "552 ", "220 "].contains(code) { return received.count }
    }
  }
}

/// The bare client could not talk to dictd.
struct BareDictError: Error {
  let reason: String
}
