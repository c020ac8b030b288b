/// Why a hub's database cannot be used. `description` is the English; the command line words it in
/// its language.
public enum HubStoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// SQLite cannot open or read the hub's file (its primary result code: 26 not a database, 11 damaged).
  case unreadableSQLite(path: String, sqliteCode: Int32)
  /// The PostgreSQL database could not be opened in time: the server is not running or not
  /// reachable, or refuses this user or database. `server` is `host:port` or the socket's path.
  case postgresUnavailable(server: String, database: String)

  /// The problem in English.
  public var description: String {
    switch self {
    case .unreadableSQLite(let path, let code): "the hub's database \(path) cannot be used: SQLite error \(code)"
    case .postgresUnavailable(let server, let database):
      "the PostgreSQL database \(database) on \(server) cannot be used: is the server running, and may this user connect to it?"
    }
  }
}
