import Foundation

/// `start()` again, up to three tries in all, when it fails because a descriptor was bad (EBADF).
/// swift-corelibs-foundation closes a pipe's descriptor a second time when its `FileHandle` goes
/// away (swiftlang/swift#57827): with tests starting programs on several threads at once, that
/// second close can hit a descriptor another thread's new pipe was just given, and that thread's
/// `Process.run()` fails ("Bad file descriptor", /usr/bin/dict in one `make test`). `start` must
/// make a new process and new pipes each time, as the ones of a failed try may be the ones closed.
public func startRetryingBadDescriptors<T>(_ start: () throws -> T) throws -> T {
  for _ in 1..<3 {
    do { return try start() } catch  where isBadDescriptor(error) { continue }
  }
  return try start()
}

/// Whether `error`, or an error under it, is POSIX's EBADF.
func isBadDescriptor(_ error: any Error) -> Bool {
  let error = error as NSError
  if error.domain == NSPOSIXErrorDomain, error.code == Int(EBADF) { return true }
  return (error.userInfo[NSUnderlyingErrorKey] as? NSError).map(isBadDescriptor) ?? false
}
