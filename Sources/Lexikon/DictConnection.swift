import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One TCP connection to a DICT server: blocking socket calls with `TCP_NODELAY` (a short command
/// is sent at once) and quick ACKs (the server's next write is not held back by our delayed ACK),
/// and a deadline on every read.
final class DictConnection {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private var consumed = 0
  /// Bytes of lines read since `beginAnswer`.
  private var answerBytes = 0
  let server: String
  let timeout: Double

  /// Connects to `host:port`, waiting at most `timeout` seconds.
  init(host: String, port: Int, timeout: Double) throws {
    server = "\(host):\(port)"
    self.timeout = timeout
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Self.streamType
    var found: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &found)
    guard status == 0, let first = found else {
      throw LexikonError.unreachable(server: "\(host):\(port)", reason: String(cString: gai_strerror(status)))
    }
    defer { freeaddrinfo(found) }
    var lastError = ECONNREFUSED
    var address: UnsafeMutablePointer<addrinfo>? = first
    while let candidate = address {
      let descriptor = socket(candidate.pointee.ai_family, candidate.pointee.ai_socktype, 0)
      if descriptor >= 0 {
        if Self.connectBounded(descriptor, candidate.pointee, timeout: timeout, error: &lastError) {
          var on: Int32 = 1
          setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
          Self.ackAtOnce(descriptor)
          self.descriptor = descriptor
          return
        }
        close(descriptor)
      }
      address = candidate.pointee.ai_next
    }
    if lastError == ETIMEDOUT { throw LexikonError.timedOut(server: "\(host):\(port)", seconds: timeout) }
    throw LexikonError.unreachable(server: "\(host):\(port)", reason: String(cString: strerror(lastError)))
  }

  deinit { close(descriptor) }

  #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
  #else
    private static let streamType = SOCK_STREAM
  #endif

  /// A non-blocking connect bounded by `timeout`, then back to blocking mode.
  private static func connectBounded(_ descriptor: Int32, _ address: addrinfo, timeout: Double, error: inout Int32)
    -> Bool
  {
    let flags = fcntl(descriptor, F_GETFL)
    _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
    defer { _ = fcntl(descriptor, F_SETFL, flags) }
    if connect(descriptor, address.ai_addr, address.ai_addrlen) == 0 { return true }
    guard errno == EINPROGRESS else {
      error = errno
      return false
    }
    var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
    var ready = poll(&poller, 1, Int32(timeout * 1000))
    while ready < 0, errno == EINTR { ready = poll(&poller, 1, Int32(timeout * 1000)) }
    guard ready == 1 else {
      error = ETIMEDOUT
      return false
    }
    var result: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &result, &length)
    error = result
    return result == 0
  }

  /// Asks the kernel to acknowledge what arrives at once instead of delaying the ACK. dictd writes
  /// an answer in several small writes, and without this each found word waits ~40 ms for the
  /// delayed ACK of the first (Linux resets the flag after some reads, so it is set after each).
  static func ackAtOnce(_ descriptor: Int32) {
    #if os(Linux)
      var on: Int32 = 1
      setsockopt(descriptor, Int32(IPPROTO_TCP), Int32(TCP_QUICKACK), &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  /// Sends one command line (CRLF added).
  func sendLine(_ line: String) throws {
    let bytes = Array((line + "\r\n").utf8)
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        throw LexikonError.unreachable(server: server, reason: "the connection was lost while sending")
      }
      sent += count
    }
  }

  /// The longest line accepted (RFC 2229 allows 1024 bytes; dictionaries go beyond).
  static let maxLine = 64 << 10
  /// The most one answer (every line of it) may hold: a server cannot grow memory or the cache.
  static let maxAnswer = 4 << 20

  /// Starts counting the bytes of a new answer against `maxAnswer`.
  func beginAnswer() { answerBytes = 0 }

  /// The next line without its CRLF, waiting at most until `deadline`; refused past `maxLine`, or
  /// when the answer passes `maxAnswer`.
  func readLine(until deadline: Date) throws -> String {
    var searched = consumed
    while true {
      if let end = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
        guard end - consumed <= Self.maxLine else { throw tooLong("a line") }
        var line = buffer[consumed..<end]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        answerBytes += end + 1 - consumed
        guard answerBytes <= Self.maxAnswer else { throw tooLong("the answer") }
        consumed = end + 1
        if consumed > 65_536 {
          buffer.removeFirst(consumed)
          consumed = 0
        }
        return String(decoding: line, as: UTF8.self)
      }
      guard buffer.count - consumed <= Self.maxLine else { throw tooLong("a line") }
      searched = buffer.count
      try fill(until: deadline)
    }
  }

  private func tooLong(_ what: String) -> LexikonError {
    .malformedResponse(
      server: server, reason: "\(what) is longer than \(what == "a line" ? "64 KiB" : "4 MiB"), more than accepted")
  }

  /// Reads whatever the server has sent next into the buffer.
  private func fill(until deadline: Date) throws {
    let remaining = deadline.timeIntervalSinceNow
    guard remaining > 0 else { throw LexikonError.timedOut(server: server, seconds: timeout) }
    var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let ready = poll(&poller, 1, Int32((remaining * 1000).rounded(.up)))
    if ready < 0, errno == EINTR { return }  // a signal (a child process ending): try again
    guard ready > 0 else { throw LexikonError.timedOut(server: server, seconds: timeout) }
    var chunk = [UInt8](repeating: 0, count: 16_384)
    let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    Self.ackAtOnce(descriptor)
    if count < 0, errno == EINTR || errno == EAGAIN { return }
    guard count > 0 else {
      throw LexikonError.unreachable(server: server, reason: "the server closed the connection")
    }
    buffer.append(contentsOf: chunk.prefix(count))
  }
}
