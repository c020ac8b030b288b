import SyncHub
import Testing

@Test func postgresURLsNameATCPServerOrASocketFolder() {
  let tcp = PostgresLocation(url: "postgres://team:s3cret@db.example:6543/bibles", environment: [:])
  #expect(tcp?.endpoint == .tcp(host: "db.example", port: 6543))
  #expect(tcp?.user == "team" && tcp?.password == "s3cret" && tcp?.database == "bibles")
  let socket = PostgresLocation(
    url: "postgresql:///hub?host=/run/postgresql&user=hub", environment: ["PGPASSWORD": "pw"])
  #expect(socket?.endpoint == .socket(path: "/run/postgresql/.s.PGSQL.5432"))
  #expect(socket?.user == "hub" && socket?.password == "pw")
  #expect(PostgresLocation(url: "postgres://db.example/x", environment: ["USER": "me"])?.user == "me")
  for refused in ["mysql://a@b/c", "postgres://a@b/", "postgres:///db", "postgres://a@b/c/d", "not a url"] {
    #expect(PostgresLocation(url: refused, environment: ["USER": "me"]) == nil, "\(refused)")
  }
}
