import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A real PostgreSQL server (Debian's `postgresql`, installed by scripts/setup.sh) made with `initdb`
/// in a temporary folder and listening only on a Unix socket there, for the hub's tests. As root it
/// runs as the `postgres` user, since PostgreSQL refuses to run as root. Call `stop()` when done.
public final class PostgresServer: @unchecked Sendable {
  /// The folder holding the socket (`.s.PGSQL.<port>`).
  public let socketFolder: String
  /// The socket's port number (part of the socket's name only: nothing listens on TCP).
  public let port: Int
  /// The superuser `initdb` made.
  public let user = "scriptorium"
  /// The database `initdb` made.
  public let database = "postgres"
  private let folder: URL
  private let binaries: URL

  /// The socket file clients connect to.
  public var socketPath: String { "\(socketFolder)/.s.PGSQL.\(port)" }

  /// `fsync` off suits tests (nothing must survive a crash); a benchmark turns it on.
  public init(fsync: Bool = false) throws {
    binaries = try Self.binaries()
    folder = URL(fileURLWithPath: "/tmp").appendingPathComponent("scriptorium-pg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    socketFolder = folder.path
    port = Int.random(in: 20000..<60000)
    if getuid() == 0 {
      _ = try runTool(URL(fileURLWithPath: "/bin/chown"), arguments: ["postgres:postgres", folder.path])
    }
    let data = folder.appendingPathComponent("data").path
    try run("initdb", ["-D", data, "-U", user, "-A", "trust", "--no-sync", "-E", "UTF8", "--locale", "C"])
    try run(
      "pg_ctl",
      [
        "-D", data, "-l", folder.appendingPathComponent("log").path, "-w", "-t", "60", "-o",
        "-c listen_addresses='' -k \(folder.path) -p \(port) -c fsync=\(fsync ? "on" : "off")", "start",
      ])
  }

  /// One server for the whole test process, made on first use and stopped when the process exits.
  public static let shared: PostgresServer? = {
    guard let server = try? PostgresServer() else { return nil }
    sharedForExit = server
    atexit { PostgresServer.sharedForExit?.stop() }
    return server
  }()
  nonisolated(unsafe) private static var sharedForExit: PostgresServer?

  /// Stops the server at once and removes its folder.
  public func stop() {
    try? run("pg_ctl", ["-D", folder.appendingPathComponent("data").path, "-m", "immediate", "-w", "stop"])
    try? FileManager.default.removeItem(at: folder)
  }

  /// Runs one of PostgreSQL's programs (as `postgres` when root) with its output thrown away: the
  /// server it starts keeps every descriptor it inherits, so a pipe to read would never close.
  /// posix_spawn and waitpid, not Process: Foundation's child monitor can miss the exit and wait
  /// for ever (see DictdServer).
  private func run(_ program: String, _ arguments: [String]) throws {
    let executable = binaries.appendingPathComponent(program).path
    let command = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--", executable] : [executable]
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in [0, 1, 2] {
      posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    var argv = (command + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, command[0], &actions, nil, &argv, environ) == 0 else {
      throw OracleError(description: "\(program) could not be started")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    guard status == 0 else {
      throw OracleError(description: "\(program) failed (status \(status)); see \(folder.path)/log")
    }
  }

  /// The newest installed PostgreSQL's programs.
  private static func binaries() throws -> URL {
    let root = URL(fileURLWithPath: "/usr/lib/postgresql")
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    guard let newest = versions.compactMap(Int.init).max() else {
      throw OracleError(description: "PostgreSQL is not installed: run scripts/setup.sh (make test does)")
    }
    return root.appendingPathComponent("\(newest)/bin")
  }
}
