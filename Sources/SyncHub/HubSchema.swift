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
    // Each device's highest counter per project, kept in the transaction that adds its changes: a
    // push locks only its own devices' rows, so devices push at once instead of one after another.
    """
    CREATE TABLE IF NOT EXISTS hub_heads (
      project TEXT NOT NULL, device TEXT NOT NULL, head BIGINT NOT NULL, PRIMARY KEY (project, device))
    """,
    // A hub made before the heads table gets it filled from its log (a no-op afterwards).
    """
    INSERT INTO hub_heads (project, device, head)
    SELECT project, device, MAX(counter) FROM hub_changes GROUP BY project, device
    ON CONFLICT (project, device) DO UPDATE SET head = GREATEST(hub_heads.head, excluded.head)
    """,
    """
    CREATE TABLE IF NOT EXISTS hub_invitations (
      digest TEXT PRIMARY KEY, project TEXT NOT NULL, member TEXT NOT NULL,
      created DOUBLE PRECISION NOT NULL, revoked BOOLEAN NOT NULL DEFAULT FALSE)
    """,
  ]
}
