import AppSupport
import ArgumentParser
import Foundation
import Localization
import Logging
import PostgresNIO
import ServiceLifecycle
import SyncHub
import SyncHubServer

/// `scriptorium hub`: the team hub that keeps the change log of shared Bibles, and its members.
struct HubCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "hub", abstract: "Run a team hub and invite its members (Key It teams).",
    subcommands: [HubServe.self, HubInvite.self, HubRevoke.self])
}

/// Where the hub keeps its log: `hub.sqlite` in the data folder, or a PostgreSQL database.
struct HubStorageOptions: ParsableArguments {
  @Option(help: "Data folder for hub.sqlite (default: $SCRIPTORIUM_DATA, else the XDG data folder).") var data: String?
  @Option(
    help: ArgumentHelp(
      "PostgreSQL database instead of SQLite: postgres://user@host/db, or postgres:///db?host=/run/postgresql.",
      valueName: "url"))
  var postgres: String?
  /// Read by `CommandLanguage` before parsing.
  @Option(help: "Language of the messages: en, fr, sw, tpi, cy, sv (default: from $LANG).") var lang: String?

  func validate() throws {
    if let postgres, PostgresLocation(url: postgres) == nil {
      throw ValidationError(t("hub.badPostgres", ["url": .text(postgres)]))
    }
  }

  /// Runs `body` with the store open (for PostgreSQL, with its connection pool running).
  func withStore<Result: Sendable>(_ body: @Sendable @escaping (any HubStore) async throws -> Result) async throws
    -> Result
  {
    guard let postgres, let location = PostgresLocation(url: postgres) else {
      let folder = DataFolder(option: data)
      return try await body(try SQLiteHubStore(path: try folder.database("hub.sqlite")))
    }
    let client = PostgresClient(configuration: location.configuration, backgroundLogger: Logger(label: "hub.postgres"))
    return try await withThrowingTaskGroup(of: Result?.self) { group in
      group.addTask {
        await client.run()
        return nil
      }
      group.addTask {
        let store = PostgresHubStore(client: client)
        try await store.prepare()
        return try await body(store)
      }
      defer { group.cancelAll() }
      while let finished = try await group.next() {
        if let finished { return finished }
      }
      throw CancellationError()
    }
  }
}

struct HubServe: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve", abstract: "Start the hub (devices reach it with a member's invitation token).")

  @Option(help: "Address to listen on (0.0.0.0 for the whole LAN; every request needs a member's token).")
  var host = "127.0.0.1"
  @Option(help: "Port to listen on.") var port = 7700
  @OptionGroup var storage: HubStorageOptions

  func run() async throws {
    let (host, port) = (host, port)
    try await storage.withStore { store in
      let app = HubServer.application(store: store, configuration: .init(address: .hostname(host, port: port)))
      print(
        t(
          "hub.running",
          [
            "address": .text("http://\(host):\(port)/"),
            "database": .text(store is PostgresHubStore ? "PostgreSQL" : "SQLite"),
          ]))
      fflush(nil)
      let configuration = ServiceGroupConfiguration(
        services: [.init(service: app)], gracefulShutdownSignals: [.sigterm, .sigint], cancellationSignals: [],
        logger: Logger(label: "scriptorium.hub"))
      try await ServiceGroup(configuration: configuration).run()
    }
  }
}

struct HubInvite: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "invite", abstract: "Invite a member to a project and print their token (shown only once).")

  @Argument(help: "The project, e.g. keyit:<Bible id> as the Bible's team page shows it.") var project: String
  @Option(help: "The member's name, shown beside their changes.") var member: String
  @OptionGroup var storage: HubStorageOptions

  func run() async throws {
    let (project, member) = (project, member)
    let token = try await storage.withStore { store in try await store.invite(project: project, member: member) }
    print(token)
  }
}

struct HubRevoke: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "revoke", abstract: "Withdraw every token of a member of a project.")

  @Argument(help: "The project.") var project: String
  @Option(help: "The member's name.") var member: String
  @OptionGroup var storage: HubStorageOptions

  func run() async throws {
    let (project, member) = (project, member)
    let count = try await storage.withStore { store in try await store.revoke(project: project, member: member) }
    print(t("hub.revoked", ["count": .number(count), "member": .text(member), "project": .text(project)]))
  }
}
