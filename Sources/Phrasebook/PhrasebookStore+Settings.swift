import AppSupport
import GRDB

/// Phrasebook's settings: the hosts import-from-URL may reach although they are on this machine or
/// the LAN. They live with Phrasebook because import-from-URL is the one feature where whoever
/// uses the server (any device with the token) names the address fetched; the user of the
/// machine opts in per host. Edited from the CLI and the API.
extension PhrasebookStore {
  /// The allowed hosts, sorted (lower case, IPv6 without brackets).
  public func allowedHosts() async throws -> [String] {
    try await writer.read { db in try String.fetchAll(db, sql: "SELECT host FROM AllowedHosts ORDER BY host") }
  }

  /// Replaces the allowed hosts; any that is not a host name or IP address is an error and
  /// changes nothing. Returns the list as stored.
  @discardableResult
  public func setAllowedHosts(_ hosts: [String]) async throws -> [String] {
    let clean = Set(try hosts.map(allowedHost)).sorted()
    try await writer.write { db in
      try db.execute(sql: "DELETE FROM AllowedHosts")
      for host in clean { try db.execute(sql: "INSERT INTO AllowedHosts (host) VALUES (?)", arguments: [host]) }
    }
    return clean
  }
}

/// A host as the allowed list keeps it: trimmed, lower case, IPv6 without brackets; made only of
/// letters, digits, `.`, `-`, `_` and `:` (so no scheme or path), no port (one `:`), at most 253
/// characters.
func allowedHost(_ text: String) throws -> String {
  var host = text.trimmed.lowercased()
  if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
  let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789.-_:".unicodeScalars)
  guard !host.isEmpty, host.unicodeScalars.count <= 253, host.unicodeScalars.allSatisfy(allowed.contains),
    host.contains(where: { $0 != "." && $0 != ":" }), host.filter({ $0 == ":" }).count != 1
  else { throw PhrasebookError.badHostName(text) }
  return host
}
