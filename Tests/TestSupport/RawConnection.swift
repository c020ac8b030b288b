import Foundation

/// A bare TCP connection to a loopback port, for clients that send nothing, or half a request.
public final class RawConnection: Sendable {
  let descriptor: Int32

  /// Connects to `port` on 127.0.0.1; throws when nothing listens there.
  /// The socket is closed here when the connection fails, and `descriptor` set only once it has
  /// not: an initializer that throws after setting every property runs `deinit` too, which would
  /// close the number a second time, after another thread may have been given it.
  public init(port: Int) throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = DictdServer.loopback(port: port)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard connected else {
      close(descriptor)
      throw OracleError(description: "could not connect to port \(port)")
    }
    self.descriptor = descriptor
  }

  /// Sends `text` as it is (no line ending added).
  public func send(_ text: String) {
    _ = text.withCString { Glibc.send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
  }

  /// What the server sent within `seconds` (until it closes, or a response ends in `until`), and
  /// whether it closed the connection. Waits on a thread of its own, not on one of the few that
  /// run the server's tasks.
  public func read(waiting seconds: Double, until end: String? = nil) async -> (text: String, closed: Bool) {
    await withCheckedContinuation { answer in
      DispatchQueue.global().async { answer.resume(returning: self.readBlocking(waiting: seconds, until: end)) }
    }
  }

  private func readBlocking(waiting seconds: Double, until end: String?) -> (text: String, closed: Bool) {
    var received: [UInt8] = []
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&waiting, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) > 0 else { break }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count <= 0 { return (String(decoding: received, as: UTF8.self), true) }
      received += buffer[..<count]
      if let end, String(decoding: received, as: UTF8.self).hasSuffix(end) { break }
    }
    return (String(decoding: received, as: UTF8.self), false)
  }

  /// Whether the server on `port`, stopped by `stop`, closed a connection that had sent nothing
  /// by the time it stopped: true when it did, false when the stop waited on the client instead
  /// (which gives up after 20 s, so that the test does not hang).
  public static func stopClosesSilentConnections(port: Int, stop: () async -> Void) async throws -> Bool {
    let silent = try RawConnection(port: port)
    // Accepted, and waiting for its first request.
    guard await silent.read(waiting: 0.3) == ("", false) else { return false }
    let giveUp = Task.detached {
      do { try await Task.sleep(for: .seconds(20)) } catch { return false }
      shutdown(silent.descriptor, Int32(SHUT_RDWR))
      return true
    }
    await stop()
    giveUp.cancel()
    guard await !giveUp.value else { return false }
    return await silent.read(waiting: 5).closed
  }

  deinit { close(descriptor) }
}
