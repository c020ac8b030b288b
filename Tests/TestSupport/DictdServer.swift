import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A real `dictd` (Debian's, installed by scripts/setup.sh) on a free loopback port, serving the
/// FreeDict dictionaries from `/usr/share/dictd` under the names Debian gives them (`fd-swe-eng`).
/// Its config lives in a world-readable temporary folder (dictd drops privileges before reading
/// it). Call `stop()` when done; dictd and its children are killed if they do not exit on SIGTERM.
public final class DictdServer: @unchecked Sendable {
  /// The port it listens on (127.0.0.1).
  public let port: Int
  private var pid: pid_t = 0
  private let folder: URL

  /// Starts dictd with one database per installed FreeDict dictionary and waits until it accepts
  /// connections.
  public init(dictionaries: [String] = ["swe-eng", "eng-swe", "cym-eng", "eng-cym"]) throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/dictd") else {
      throw OracleError(description: "dictd is not installed: run scripts/setup.sh (make test does)")
    }
    folder = URL(fileURLWithPath: "/tmp").appendingPathComponent("scriptorium-dictd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    let config = dictionaries.map { pair in
      let stem = "/usr/share/dictd/freedict-\(pair)"
      return "database fd-\(pair) { data \"\(stem).dict.dz\" index \"\(stem).index\" }"
    }.joined(separator: "\n")
    let configFile = folder.appendingPathComponent("dictd.conf")
    try Data((config + "\n").utf8).write(to: configFile)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: configFile.path)
    port = try Self.freePort()
    // posix_spawn, not Process: Foundation's child monitor blocks in wait4 on a running dictd and
    // then never sees other children (the `dict` runs) exit.
    let arguments = [
      "/usr/sbin/dictd", "-c", configFile.path, "-d", "nodetach", "-p", String(port), "--listen-to", "127.0.0.1",
      "--pid-file", folder.appendingPathComponent("dictd.pid").path,
    ]
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in [0, 1, 2] {
      posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    var argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    // Its own process group, so stopping it also ends the children serving open connections.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    guard posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, environ) == 0 else {
      throw OracleError(description: "dictd could not be started")
    }
    let deadline = Date(timeIntervalSinceNow: 10)
    while !Self.greets(port: port) {
      guard isRunning, Date() < deadline else {
        stop()
        throw OracleError(description: "dictd did not start on port \(port)")
      }
      usleep(10_000)
    }
  }

  deinit { stop() }

  /// Stops dictd (SIGTERM, then SIGKILL after a second) and removes its folder.
  public func stop() {
    if pid > 0 {
      kill(-pid, SIGTERM)
      let deadline = Date(timeIntervalSinceNow: 1)
      while isRunning, Date() < deadline { usleep(10_000) }
      kill(-pid, SIGKILL)
      if isRunning { waitpid(pid, nil, 0) }
      pid = 0
    }
    try? FileManager.default.removeItem(at: folder)
  }

  /// True while dictd runs (reaps it once it has exited).
  private var isRunning: Bool { pid > 0 && waitpid(pid, nil, WNOHANG) == 0 }

  /// What Debian's `dict` client prints for `word` from this server's `database`, without its
  /// headers; nil when it finds nothing. Killed after 10 s.
  public func dictOutput(_ word: String, database: String) throws -> String? {
    let client = Process()
    client.executableURL = URL(fileURLWithPath: "/usr/bin/dict")
    client.arguments = ["-h", "127.0.0.1", "-p", String(port), "-d", database, word]
    let output = Pipe()
    client.standardOutput = output
    client.standardError = FileHandle.nullDevice
    client.standardInput = FileHandle.nullDevice
    try client.run()
    let timer = DispatchWorkItem { if client.isRunning { client.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 10, execute: timer)
    let data = output.fileHandleForReading.readDataToEndOfFile()
    try? output.fileHandleForReading.close()
    client.waitUntilExit()
    timer.cancel()
    guard client.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// A port nothing listens on now (the kernel's pick for port 0).
  public static func freePort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard bound else { throw OracleError(description: "no free port") }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// True when dictd answers a connection with its banner (it accepts connections a moment before
  /// it is ready to serve them).
  private static func greets(port: Int) -> Bool {
    guard let connection = try? RawConnection(port: port) else { return false }
    let descriptor = connection.descriptor
    var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, 1000) == 1 else { return false }
    var banner = [UInt8](repeating: 0, count: 3)
    let count = banner.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, 3, Int32(MSG_WAITALL)) }
    return count == 3 && banner == Array("220".utf8)
  }

  /// The IPv4 loopback address (127.0.0.1) with `port`, for `bind` or `connect`.
  public static func loopback(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }
}
