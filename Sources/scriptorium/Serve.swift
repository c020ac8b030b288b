import AppSupport
import ArgumentParser
import Foundation
import Logging
import ServiceLifecycle
import ShareSynch
import ShareSynchServer
import WebApp

/// `scriptorium serve`: starts the web server on loopback unless told otherwise.
struct Serve: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(abstract: t("cli.help.serve.abstract"))
  }

  @Option(help: ArgumentHelp(t("cli.help.serve.host"))) var host = "127.0.0.1"
  @Option(help: ArgumentHelp(t("cli.help.port"))) var port = 8080
  @Option(help: ArgumentHelp(t("cli.help.dataFolder"))) var data: String?
  @Option(parsing: .unconditional, help: ArgumentHelp(t("cli.help.serve.token"))) var token: String?
  @Option(
    name: .customLong("allow-host"),
    help: ArgumentHelp(t("cli.help.serve.allowedHosts")))
  var allowedHosts: [String] = []
  @Option(help: ArgumentHelp(t("cli.help.serve.dictServer"))) var dictServer: String?
  @Option(help: ArgumentHelp(t("cli.help.serve.dictFolder"))) var dictFolder = "/usr/share/dictd"
  @Option(
    help:
      ArgumentHelp(t("cli.help.serve.syncInterval"))
  )
  var syncInterval = 30.0

  func validate() throws {
    guard syncInterval >= 0.1 else { throw ValidationError("--sync-interval must be at least 0.1 seconds") }
    if let token, token.count < 8 {
      throw ValidationError("--token must be at least 8 characters: anyone on the network could guess a shorter one")
    }
  }

  func run() async throws {
    let folder = DataFolder(option: data)
    try folder.prepare()
    var settings = ServerSettings(
      host: host, port: port, token: token, dictServer: dictServer, dictFolder: dictFolder,
      allowedHosts: allowedHosts)
    settings.syncInterval = .milliseconds(Int(syncInterval * 1000))
    // The port is open at once; the apps open meanwhile, and requests wait for them.
    let opening = Task { [settings] in try await Self.openApps(folder, settings) }
    let (app, startup) = WebServer.listening(settings: settings, opening: opening)
    // SIGTERM and SIGINT stop the server gracefully. A connection a browser opened ahead and
    // never used (Chromium does that) would hold the shutdown open for ever behind the WebSocket
    // upgrade handler, so a second after the signal the process ends regardless.
    // The deadline runs on a queue of its own, so no amount of work in progress can hold it back.
    let shutdown = DispatchQueue(label: "scriptorium.shutdown", qos: .userInteractive)
    let deadlines = [SIGTERM, SIGINT].map { (signalNumber: Int32) -> any DispatchSourceSignal in
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: shutdown)
      source.setEventHandler { shutdown.asyncAfter(deadline: .now() + 1) { Foundation.exit(0) } }
      source.resume()
      return source
    }
    defer { deadlines.forEach { $0.cancel() } }
    let inbox = Task { await (try? opening.value)?.shareSynch.watchInbox { print(inboxReport($0)) } }
    defer { inbox.cancel() }
    let configuration = ServiceGroupConfiguration(
      services: [.init(service: app), .init(service: startup)], gracefulShutdownSignals: [.sigterm, .sigint],
      cancellationSignals: [],
      logger: Logger(label: "scriptorium"))
    try await ServiceGroup(configuration: configuration).run()
  }

  /// Start-up after the server listens: sets aside what is not an SQLite database, opens ShareSynch
  /// (its series folders and database made to agree) and then every app, and says where the
  /// server runs once they are open.
  private static func openApps(_ folder: DataFolder, _ settings: ServerSettings) async throws -> OpenedApps {
    for name in DataFolder.databaseNames {
      if let aside = try folder.setAsideIfNotSQLite(name) {
        print("\(name) is not an SQLite database: kept as \(aside), starting with a new one")
      }
    }
    let shareSynch = try ShareSynchServices(dataFolder: folder)
    for line in await shareSynch.prepareForServing() { print("sharesynch: \(line)") }
    let apps = try await WebServer.open(settings: settings, dataFolder: folder, shareSynch: shareSynch)
    let shownHost = settings.host == "0.0.0.0" ? "<this machine's address>" : settings.host
    let address = "http://\(shownHost):\(settings.port)/" + (settings.token.map { "?token=\($0)" } ?? "")
    print("Scriptorium is running at \(address)  (data: \(folder.url.path))")
    fflush(nil)
    return apps
  }
}
