import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A tool started with `posix_spawn` in a process group of its own, with no signal blocked, every
/// signal's default action, /dev/null (or a file) for input and none of the server's other
/// descriptors. Not Foundation's `Process`: on Linux it hands the tool the signal mask of the
/// thread that starts it, and Swift's threads block nearly every signal, SIGTERM among them
/// (swift-corelibs-foundation issue 4772), so a tool it started could be stopped by SIGKILL only.
public final class SpawnedTool: Sendable {
  /// What the tool wrote to standard output and standard error, and how it ended: its exit status,
  /// or 128 plus the signal that ended it (as a shell reports it).
  public struct Ended: Sendable {
    public var status: Int32
    public var output: String
    public var errors: String
  }

  /// The tool's process id, which is its process group's too.
  public let processID: pid_t
  private let end = Settled<Ended>()
  /// Signalled once `end` is settled, for the threads that wait for it (`waitForEnd(atMost:)`).
  private let endSignal = DispatchSemaphore(value: 0)
  private let drains: [PipeDrain]
  /// `SCRIPTORIUM_TOOL_RUN=<a new UUID>`, put in the tool's environment, which every process it
  /// starts inherits: how `send` finds one that left the group (a session of its own), out of the
  /// group signal's reach.
  private let mark: String

  /// Starts the tool; `onEnd` is called (on a thread of its own) once it has ended and every
  /// process holding its output has closed it. `environment` nil keeps the server's; `input` is
  /// a file read as its standard input (else /dev/null); `directory` its working folder (else the
  /// server's).
  public init(
    executable: URL, arguments: [String], environment: [String: String]? = nil, input: URL? = nil,
    directory: URL? = nil, onEnd: @escaping @Sendable () -> Void = {}
  ) throws {
    let output = try Self.pipe()
    let errors: (read: Int32, write: Int32)
    do { errors = try Self.pipe() } catch {
      for end in [output.read, output.write] { close(end) }
      throw error
    }
    defer { for end in [output.write, errors.write] { close(end) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input?.path ?? "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, output.write, 1)
    posix_spawn_file_actions_adddup2(&actions, errors.write, 2)
    _ = addCloseFrom?(&actions, 3)
    if let directory {
      guard let addChangeDirectory, addChangeDirectory(&actions, directory.path) == 0 else {
        for end in [output.read, errors.read] { close(end) }
        throw POSIXError(.ENOSYS)
      }
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
    let mark = "SCRIPTORIUM_TOOL_RUN=\(UUID().uuidString)"
    var inherited = environment ?? ProcessInfo.processInfo.environment
    inherited["SCRIPTORIUM_TOOL_RUN"] = nil
    let entries: [String] = inherited.map { "\($0.key)=\($0.value)" } + [mark]
    let envp = entries.map { strdup($0) } + [nil]
    defer { for string in argv + envp { free(string) } }
    var processID: pid_t = 0
    let failed = posix_spawn(&processID, executable.path, &actions, &attributes, argv, envp)
    guard failed == 0 else {
      for end in [output.read, errors.read] { close(end) }
      throw POSIXError(POSIXErrorCode(rawValue: failed) ?? .EIO)
    }
    self.processID = processID
    self.mark = mark
    let (outputRead, errorsRead) = (PipeDrain(output.read), PipeDrain(errors.read))
    drains = [outputRead, errorsRead]
    Thread { [self, processID] in
      var status: Int32 = 0
      while waitpid(processID, &status, 0) == -1 && errno == EINTR {}
      let signal = status & 0x7f
      end.settle(
        Ended(
          status: signal == 0 ? (status >> 8) & 0xff : 128 + signal, output: outputRead.text(),
          errors: errorsRead.text()))
      endSignal.signal()
      onEnd()
    }.start()
  }

  /// Whether the tool has ended and its output is closed.
  public var hasEnded: Bool { end.isSettled }

  /// Sends `signal` to the tool and to every process it started: to its group, unless it has ended
  /// (its group's id could then be another's), and to each process of this user whose environment
  /// still holds the tool's mark, in the group or not.
  public func send(_ signal: Int32) {
    if !hasEnded { kill(-processID, signal) }
    for marked in processes(holding: mark) { kill(marked, signal) }
  }

  /// Waits, holding this thread, at most `limit` for the tool to end: how it ended, or nil.
  public func waitForEnd(atMost limit: Duration) -> Ended? {
    let (seconds, attoseconds) = limit.components
    return waitForEnd(until: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
  }

  private func waitForEnd(until deadline: DispatchTime) -> Ended? {
    guard endSignal.wait(timeout: deadline) == .success else { return nil }
    endSignal.signal()  // for the next waiter
    return end.settledValue  // settled before it was signalled
  }

  /// Stops the tool, holding this thread up to about four seconds: SIGTERM to it and every process
  /// it started, two seconds to end, SIGKILL, two seconds more; then its output is let go of, for
  /// output held open by a process that both left the group and dropped the tool's environment,
  /// which nothing here can find. How it ended once stopped.
  @discardableResult
  public func stop() -> Ended {
    send(SIGTERM)
    if let ended = waitForEnd(atMost: .seconds(2)) { return ended }
    send(SIGKILL)
    if let ended = waitForEnd(atMost: .seconds(2)) { return ended }
    for drain in drains { drain.abandon() }
    return waitForEnd(until: .distantFuture)!  // each drain lets go within a tenth of a second
  }

  /// Waits, without holding a thread and even when cancelled, until the tool has ended.
  public func ended() async -> Ended { await end.value }

  /// A pipe whose two ends are closed on exec (the tool gets copies of the write end only).
  private static func pipe() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    guard let pipe2, pipe2(&ends, O_CLOEXEC) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    return (ends[0], ends[1])
  }
}

/// The processes of this user, other than this one, whose environment holds `entry`
/// (`NAME=value`), read from /proc: the environment each started with.
private func processes(holding entry: String) -> [pid_t] {
  let wanted = [0] + Array(entry.utf8) + [0]
  guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
  return names.compactMap { name in
    guard let pid = pid_t(name), pid != getpid(), let environment = contents(of: "/proc/\(name)/environ") else {
      return nil
    }
    return ([0] + environment).firstRange(of: wanted) != nil ? pid : nil
  }
}

/// A file's bytes read to its end, for files of /proc, whose size reads as 0; nil if it cannot be
/// opened (another user's process, or one that has ended).
private func contents(of path: String) -> [UInt8]? {
  let descriptor = open(path, O_RDONLY | O_CLOEXEC)
  guard descriptor >= 0 else { return nil }
  defer { close(descriptor) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 1 << 14)
  while true {
    let count = read(descriptor, &buffer, buffer.count)
    if count == -1 && errno == EINTR { continue }
    guard count > 0 else { return count == 0 ? bytes : nil }
    bytes += buffer.prefix(count)
  }
}

// Two GNU functions of glibc that Swift's Glibc module does not declare, found when the program starts.

/// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34): the tool gets none of the server's
/// descriptors, even one opened without close-on-exec.
private let addCloseFrom = glibcFunction(
  "posix_spawn_file_actions_addclosefrom_np",
  as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)

/// `posix_spawn_file_actions_addchdir_np` (glibc 2.29): the tool's working folder.
private let addChangeDirectory = glibcFunction(
  "posix_spawn_file_actions_addchdir_np",
  as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)

/// `pipe2`: a pipe made close-on-exec at once, so that no process another thread starts meanwhile
/// (through Foundation's `Process`, say) gets a copy of its write end and holds the tool's output open.
private let pipe2 = glibcFunction("pipe2", as: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)

private func glibcFunction<Function>(_ name: String, as type: Function.Type) -> Function? {
  dlsym(nil, name).map { unsafeBitCast($0, to: type) }
}

/// A pipe read to its end on a thread of its own, with blocking reads, keeping its first MiB.
/// Not FileHandle's `readabilityHandler`: on Linux that watches a copy of the descriptor with a
/// dispatch source, and handlers set and cleared from several threads around a process's end are
/// the pattern behind rare SIGSEGVs in libdispatch's event loop in other projects' CI, and the
/// likeliest cause of the one that stopped this project's Swift tests in CI once.
private final class PipeDrain: Sendable {
  private let kept = Mutex(Data())
  private let ended = DispatchSemaphore(value: 0)
  private let abandoned = Atomic<Bool>(false)

  init(_ descriptor: Int32, keeping limit: Int = 1 << 20) {
    Thread { [self] in
      defer {
        close(descriptor)
        ended.signal()
      }
      let size = 1 << 16
      var buffer = [UInt8](repeating: 0, count: size)
      var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      // Waits a tenth of a second at a time, so that an abandoned pipe is let go of within one.
      while !abandoned.load(ordering: .relaxed) {
        let ready = poll(&watched, 1, 100)
        if ready == 0 || (ready == -1 && errno == EINTR) { continue }
        guard ready > 0 else { return }
        let count = read(descriptor, &buffer, size)
        if count == -1 && errno == EINTR { continue }
        guard count > 0 else { return }
        kept.withLock { data in data.append(contentsOf: buffer.prefix(min(count, max(0, limit - data.count)))) }
      }
    }.start()
  }

  /// Stops reading, keeping what was read: for a pipe that a process out of reach holds open.
  func abandon() { abandoned.store(true, ordering: .relaxed) }

  /// What the pipe held, once every writer has closed it or it was abandoned (blocks until then).
  func text() -> String {
    ended.wait()
    ended.signal()
    return kept.withLock { String(decoding: $0, as: UTF8.self) }
  }
}
