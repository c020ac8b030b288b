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
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "hub", abstract: t("cli.help.hubCommand.abstract"),
      subcommands: [HubServe.self, HubInvite.self, HubRevoke.self])
  }
}

/// Where the hub keeps its log: `hub.sqlite` in the data folder, or a PostgreSQL database.
struct HubStorageOptions: ParsableArguments {
  @Option(help: ArgumentHelp(t("cli.help.hubStorageOptions.data"))) var data: String?
  @Option(
    help: ArgumentHelp(
      t("cli.help.hubStorageOptions.postgres"),
      valueName: "url"))
  var postgres: String?
  /// Taken out of the arguments by `CommandLanguage` before parsing; declared so `--help` lists it.
  @Option(help: ArgumentHelp(t("cli.help.lang"))) var lang: String?

  func validate() throws {
    if let postgres, PostgresLocation(url: postgres) == nil {
      throw ValidationError(t("hub.badPostgres", ["url": .text(postgres)]))
    }
  }

  /// How long the hub waits for PostgreSQL to answer before it says the database cannot be used
  /// (the client would otherwise retry for about a minute).
  static let postgresWait: Duration = .seconds(20)

  /// Makes the store's tables, or says which database could not be used when the server does not
  /// answer in time or refuses the connection.
  static func prepare(_ store: PostgresHubStore, at location: PostgresLocation) async throws {
    let unavailable = HubStoreError.postgresUnavailable(server: location.server, database: location.database)
    do {
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await store.prepare() }
        group.addTask {
          try await Task.sleep(for: postgresWait)
          throw unavailable
        }
        defer { group.cancelAll() }
        try await group.next()
      }
    } catch is CancellationError {
      throw CancellationError()
    } catch let error as HubStoreError {
      throw error
    } catch {
      throw unavailable
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
        try await Self.prepare(store, at: location)
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
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "serve", abstract: t("cli.help.hubServe.abstract"))
  }

  @Option(help: ArgumentHelp(t("cli.help.hubServe.host")))
  var host = "127.0.0.1"
  @Option(help: ArgumentHelp(t("cli.help.port"))) var port = 7700
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
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "invite", abstract: t("cli.help.hubInvite.abstract"))
  }

  @Argument(help: ArgumentHelp(t("cli.help.hubInvite.project"))) var project: String
  @Option(help: ArgumentHelp(t("cli.help.hubInvite.member"))) var member: String
  @OptionGroup var storage: HubStorageOptions

  func run() async throws {
    let (project, member) = (project, member)
    let token = try await storage.withStore { store in try await store.invite(project: project, member: member) }
    print(token)
  }
}

struct HubRevoke: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "revoke", abstract: t("cli.help.hubRevoke.abstract"))
  }

  @Argument(help: ArgumentHelp(t("cli.help.hubRevoke.project"))) var project: String
  @Option(help: ArgumentHelp(t("cli.help.hubRevoke.member"))) var member: String
  @OptionGroup var storage: HubStorageOptions

  func run() async throws {
    let (project, member) = (project, member)
    let count = try await storage.withStore { store in try await store.revoke(project: project, member: member) }
    print(t("hub.revoked", ["count": .number(count), "member": .text(member), "project": .text(project)]))
  }
}
