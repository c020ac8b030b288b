import Foundation
import Synchronization
import TestSupport
import Testing

/// The test helpers that own a socket close it once, also when they fail to connect or bind. A
/// second close hits whatever another thread was given that number in between: `DictdServer`
/// polls with `RawConnection` while dictd starts, and each refused try used to close its socket
/// twice, breaking other tests' pipes and sockets (`DictClientTests` in CI, `dict` failing to start).
@Suite struct DescriptorOwnershipTests {
  @Test func aRefusedConnectionClosesItsSocketOnce() throws {
    let port = try DictdServer.freePort()
    let lost = Self.descriptorsClosedFromElsewhere {
      for _ in 0..<5_000 { #expect((try? RawConnection(port: port)) == nil) }
    }
    #expect(lost == 0)
  }

  @Test func aPortThatCannotBeHeldClosesItsSocketOnce() throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(listener) }
    var address = DictdServer.loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let listening = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0
      }
    }
    try #require(listening && listen(listener, 1) == 0)
    let port = Int(UInt16(bigEndian: address.sin_port))
    let lost = Self.descriptorsClosedFromElsewhere {
      for _ in 0..<5_000 { #expect((try? PortHold(port: port)) == nil) }
    }
    #expect(lost == 0)
  }

  /// How many descriptors another thread found already closed when it came to close them, while
  /// `body` ran: that thread opens and closes pipes without a pause, so a close of a number that
  /// is no longer one's own lands on one of them (with the double close, 2–3% of 50,000 pipes).
  static func descriptorsClosedFromElsewhere(while body: () -> Void) -> Int {
    let done = Atomic(false)
    let lost = Atomic(0)
    let finished = DispatchSemaphore(value: 0)
    Thread {
      while !done.load(ordering: .acquiring) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { continue }
        for end in ends where close(end) != 0 { lost.add(1, ordering: .relaxed) }
      }
      finished.signal()
    }.start()
    body()
    done.store(true, ordering: .releasing)
    finished.wait()
    return lost.load(ordering: .relaxed)
  }
}
