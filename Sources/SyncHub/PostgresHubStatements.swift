import PostgresNIO

/// The hub's statements that run on every push, prepared once per connection so PostgreSQL does not
/// parse and plan them again for each request.
enum PostgresHubStatements {
  /// Moves each device's head from where the batch says it is (`old`) to `new` only if it is still
  /// there (a device new to the hub only from 0), and stores the changes of the devices it moved.
  /// Rows: `true, device` for each device moved, then `false, device, head` for the project's heads
  /// before the statement.
  struct AddIfHeadsHold: PostgresPreparedStatement {
    static let sql = """
      WITH moves(device, old, new) AS (SELECT * FROM unnest($2::text[], $3::bigint[], $4::bigint[])),
      updated AS (
        UPDATE hub_heads h SET head = m.new FROM moves m
        WHERE h.project = $1 AND h.device = m.device AND h.head = m.old RETURNING h.device),
      inserted AS (
        INSERT INTO hub_heads (project, device, head) SELECT $1, device, new FROM moves WHERE old = 0
        ON CONFLICT (project, device) DO NOTHING RETURNING device),
      settled AS (SELECT device FROM updated UNION ALL SELECT device FROM inserted),
      stored AS (
        INSERT INTO hub_changes (project, device, counter, clock, author, payload)
        SELECT $1, c.* FROM unnest($5::text[], $6::bigint[], $7::text[], $8::text[], $9::text[])
        AS c(device, counter, clock, author, payload) WHERE c.device IN (SELECT device FROM settled))
      SELECT TRUE, device, 0::bigint FROM settled
      UNION ALL SELECT FALSE, device, head FROM hub_heads WHERE project = $1 AND head > 0
      """
    typealias Row = (Bool, String, Int64)

    let project: String
    let devices: [String]
    let old: [Int64]
    let new: [Int64]
    let changes: [SyncChangeColumns]

    func makeBindings() throws -> PostgresBindings {
      var bindings = PostgresBindings()
      bindings.append(project)
      bindings.append(devices)
      bindings.append(old)
      bindings.append(new)
      bindings.append(changes.map(\.device))
      bindings.append(changes.map(\.counter))
      bindings.append(changes.map(\.clock))
      bindings.append(changes.map(\.author))
      bindings.append(changes.map(\.payload))
      return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
  }

  /// The member a token's digest admits to a project (no row: none).
  struct Member: PostgresPreparedStatement {
    static let sql = "SELECT member FROM hub_invitations WHERE digest = $1 AND project = $2 AND NOT revoked"
    typealias Row = String

    let digest: String
    let project: String

    func makeBindings() throws -> PostgresBindings {
      var bindings = PostgresBindings()
      bindings.append(digest)
      bindings.append(project)
      return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(String.self) }
  }
}

/// A change as the hub's columns store it.
struct SyncChangeColumns: Sendable {
  let device: String
  let counter: Int64
  let clock: String
  let author: String
  let payload: String
}
