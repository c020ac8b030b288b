import Foundation
import PostgresNIO

/// Where a PostgreSQL hub store lives, from a libpq-style URL:
/// `postgres://user[:password]@host[:port]/database` over TCP, or
/// `postgres:///database?host=/run/postgresql&user=name` over the Unix socket in that folder.
/// A password missing from the URL is taken from `PGPASSWORD`.
public struct PostgresLocation: Equatable, Sendable {
  public enum Endpoint: Equatable, Sendable {
    case tcp(host: String, port: Int)
    case socket(path: String)
  }

  public var endpoint: Endpoint
  public var user: String
  public var password: String?
  public var database: String

  /// Reads `url`; nil when it is not a `postgres:` or `postgresql:` URL naming a database.
  public init?(url text: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
    guard let parts = URLComponents(string: text), ["postgres", "postgresql"].contains(parts.scheme ?? "") else {
      return nil
    }
    let query = Dictionary(
      (parts.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    let database = String(parts.path.drop(while: { $0 == "/" }))
    guard !database.isEmpty, !database.contains("/") else { return nil }
    let port = parts.port ?? Int(query["port"] ?? "") ?? 5432
    if let host = parts.host, !host.isEmpty {
      endpoint = .tcp(host: host, port: port)
    } else if let folder = query["host"], folder.hasPrefix("/") {
      endpoint = .socket(path: "\(folder)/.s.PGSQL.\(port)")
    } else {
      return nil
    }
    guard let user = parts.user ?? query["user"] ?? environment["USER"], !user.isEmpty else { return nil }
    self.user = user
    self.password = parts.password ?? query["password"] ?? environment["PGPASSWORD"]
    self.database = database
  }

  /// Where the server is, as a person names it: `host:port` or the socket's path.
  public var server: String {
    switch endpoint {
    case .tcp(let host, let port): "\(host):\(port)"
    case .socket(let path): path
    }
  }

  /// The client configuration for this location (TLS is preferred over TCP, never required).
  public var configuration: PostgresClient.Configuration {
    switch endpoint {
    case .tcp(let host, let port):
      PostgresClient.Configuration(
        host: host, port: port, username: user, password: password, database: database,
        tls: .prefer(.makeClientConfiguration()))
    case .socket(let path):
      PostgresClient.Configuration(unixSocketPath: path, username: user, password: password, database: database)
    }
  }
}
