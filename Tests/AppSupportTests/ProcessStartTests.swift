import Foundation
import TestSupport
import Testing

/// The test helpers' retry of a program start that Foundation's double close broke.
@Suite struct ProcessStartTests {
  /// EBADF as `Process.run()` reports it: a Cocoa error with the POSIX error under it.
  static let badDescriptor = NSError(
    domain: NSCocoaErrorDomain, code: 256,
    userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EBADF))])

  @Test func aBadDescriptorIsTriedAgainUpToThreeTimesInAll() throws {
    var tries = 0
    let started = try startRetryingBadDescriptors {
      tries += 1
      if tries < 3 { throw Self.badDescriptor }
      return "started"
    }
    #expect(started == "started" && tries == 3)
    tries = 0
    #expect(throws: NSError.self) {
      try startRetryingBadDescriptors { () throws -> Int in
        tries += 1
        throw Self.badDescriptor
      }
    }
    #expect(tries == 3)
  }

  @Test func anyOtherFailureIsNotTriedAgain() {
    var tries = 0
    #expect(throws: NSError.self) {
      try startRetryingBadDescriptors { () throws -> Int in
        tries += 1
        throw NSError(
          domain: NSCocoaErrorDomain, code: 4,
          userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(ENOENT))])
      }
    }
    #expect(tries == 1)
  }
}
