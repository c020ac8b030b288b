/// Why a hub's database cannot be used. `description` is the English; the command line words it in
/// its language.
public enum HubStoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// SQLite cannot open or read the hub's file (its primary result code: 26 not a database, 11 damaged).
  case unreadableSQLite(path: String, sqliteCode: Int32)

  /// The problem in English.
  public var description: String {
    switch self {
    case .unreadableSQLite(let path, let code): "the hub's database \(path) cannot be used: SQLite error \(code)"
    }
  }
}
