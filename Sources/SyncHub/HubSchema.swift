/// The hub's tables, the same in SQLite and PostgreSQL: a change is stored once per project, device
/// and counter (the primary key makes a repeated upload a no-op), `seq` is the order of arrival.
enum HubSchema {
  static let sqlite = """
    CREATE TABLE HubChanges (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      project TEXT NOT NULL, device TEXT NOT NULL, counter INTEGER NOT NULL,
      clock TEXT NOT NULL, author TEXT NOT NULL, payload TEXT NOT NULL,
      UNIQUE (project, device, counter));
    CREATE INDEX HubChangesByProject ON HubChanges (project, seq);
    CREATE TABLE HubInvitations (
      digest TEXT PRIMARY KEY, project TEXT NOT NULL, member TEXT NOT NULL,
      created REAL NOT NULL, revoked INTEGER NOT NULL DEFAULT 0);
    """

  /// Each statement separately: PostgreSQL's extended protocol takes one at a time.
  static let postgres = [
    """
    CREATE TABLE IF NOT EXISTS hub_changes (
      seq BIGSERIAL PRIMARY KEY,
      project TEXT NOT NULL, device TEXT NOT NULL, counter BIGINT NOT NULL,
      clock TEXT NOT NULL, author TEXT NOT NULL, payload TEXT NOT NULL,
      UNIQUE (project, device, counter))
    """,
    "CREATE INDEX IF NOT EXISTS hub_changes_by_project ON hub_changes (project, seq)",
    """
    CREATE TABLE IF NOT EXISTS hub_invitations (
      digest TEXT PRIMARY KEY, project TEXT NOT NULL, member TEXT NOT NULL,
      created DOUBLE PRECISION NOT NULL, revoked BOOLEAN NOT NULL DEFAULT FALSE)
    """,
  ]
}
