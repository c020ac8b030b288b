import AppSupport
import Foundation
import Hummingbird
import HummingbirdWebSocket
import KeyIt
import KeyItTeam
import Lexikon
import Localization
import Logging
import Mustache
import Phrasebook
import ServerConnections
import ServiceLifecycle
import ShareSynch
import ShareSynchServer
import Stemming

/// How `scriptorium serve` was asked to run.
public struct ServerSettings: Sendable {
  /// Address to bind.
  public var host: String
  /// Port to bind.
  public var port: Int
  /// Access token every request must carry; required when binding beyond loopback.
  public var token: String?
  /// Lexikon's DICT server (`host:port`); nil reads the dictd files in `dictFolder`.
  public var dictServer: String?
  /// Where Lexikon finds dictd files.
  public var dictFolder: String
  /// The host names and addresses the server answers to.
  public var hosts: ServerHosts
  /// How often a Bible shared with a team syncs when nothing else makes it (saves and the hub's
  /// pushes sync at once).
  public var syncInterval: Duration = .seconds(30)

  /// Settings with a token generated when `host` is not a loopback address and none is given.
  public init(
    host: String, port: Int, token: String?, dictServer: String? = nil, dictFolder: String = "/usr/share/dictd",
    allowedHosts: [String] = []
  ) {
    self.host = host
    self.hosts = ServerHosts(boundTo: host, allowed: allowedHosts)
    self.port = port
    self.dictServer = dictServer
    self.dictFolder = dictFolder
    self.token = token ?? (Self.isLoopback(host) ? nil : Self.newToken())
  }

  /// True for addresses only this machine can reach.
  public static func isLoopback(_ host: String) -> Bool {
    ["127.0.0.1", "localhost", "::1"].contains(host) || host.hasPrefix("127.")
  }

  static func newToken() -> String {
    (0..<24).map { _ in String("abcdefghijkmnopqrstuvwxyz23456789".randomElement()!) }.joined()
  }
}

/// Builds the Scriptorium web application: the home page, and each app's pages and API from its
/// route table (`<App>Routes.swift`).
public enum WebServer {
  /// The server for `settings`, listening as soon as it runs, before its apps are open: a request
  /// or socket that comes while `opening` still opens them waits for it, and the start-up service
  /// (run it beside the server) fails with `opening`'s error, which stops the server.
  public static func listening(settings: ServerSettings, opening: Task<OpenedApps, any Error>)
    -> (app: some ApplicationProtocol, startup: some Service)
  {
    var logger = Logger(label: "scriptorium")
    logger.logLevel = .info
    let app = application(
      responder: OpeningResponder(opening: opening), presentations: { try await opening.value.shareSynch.hub },
      token: settings.token, hosts: settings.hosts,
      configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: "Scriptorium"),
      logger: logger)
    return (app, OpeningService(opening: opening))
  }

  /// Opens every app on a data folder, ShareSynch's services already open on it: their routes,
  /// and Key It's team sync, a service to run beside the server.
  public static func open(settings: ServerSettings, dataFolder: DataFolder, shareSynch: ShareSynchServices)
    async throws -> OpenedApps
  {
    let pages = try await Pages()
    let lexikon = LexikonService(
      store: try LexikonStore(dataFolder: dataFolder),
      source: try dictionarySource(
        server: settings.dictServer, folder: settings.dictFolder, added: dataFolder.dictionaries.path))
    let phrasebook = try PhrasebookStore(dataFolder: dataFolder)
    // One set of espeak-ng voices and one audio cache for Phrasebook's and Lexikon's speakers.
    let speech = Speech(folder: phrasebook.mediaFolder.appendingPathComponent("speech"))
    let keyIt = try KeyItStore(dataFolder: dataFolder)
    let teamSync = TeamSyncService(
      hub: TeamHub(store: keyIt), timing: TeamSyncService.Timing(interval: settings.syncInterval))
    let apps: [any AppRoutes] = [
      KeyItRoutes(store: keyIt, pages: pages, teamSync: teamSync),
      PhrasebookRoutes(store: phrasebook, pages: pages, speech: speech, stems: Stemmers.installedLemmas),
      LexikonRoutes(
        service: lexikon, pages: pages, shelf: DictionaryShelf(folder: dataFolder.dictionaries.path),
        speech: speech),
      ShareSynchRoutes(
        services: shareSynch, pages: pages,
        devices: DeviceLinks(host: settings.host, port: settings.port, token: settings.token)),
    ]
    return OpenedApps(
      responder: try router(apps: apps, pages: pages, token: settings.token, hosts: settings.hosts).buildResponder(),
      shareSynch: shareSynch, teamSync: teamSync)
  }

  /// The application: the routes over HTTP/1.1, and the presentation's WebSocket
  /// (`/api/sharesynch/live/socket?role=presenter|display|stage|remote`), which takes the access token
  /// (as the cookie or `token=`) when the server has one and refuses other sites' pages.
  static func application(
    router: Router<BasicRequestContext>, presentations hub: PresentationHub, token: String?,
    hosts: ServerHosts = ServerHosts(boundTo: "127.0.0.1"), configuration: ApplicationConfiguration, logger: Logger
  ) -> some ApplicationProtocol {
    application(
      responder: router.buildResponder(), presentations: { hub }, token: token, hosts: hosts,
      configuration: configuration, logger: logger)
  }

  /// The application over any responder, the presentations' hub to be had from `presentations`.
  static func application<Responder: HTTPResponder<BasicRequestContext>>(
    responder: Responder, presentations: @escaping @Sendable () async throws -> PresentationHub, token: String?,
    hosts: ServerHosts, configuration: ApplicationConfiguration, logger: Logger
  ) -> some ApplicationProtocol {
    Application(
      responder: responder,
      server: .http1WebSocketUpgradeClosingSilentConnections { request, _, _ in
        guard let role = LiveSocket.accepts(request, token: token, hosts: hosts) else { return .dontUpgrade }
        let hub = try await presentations()
        return .upgrade([:]) { inbound, outbound, _ in
          await hub.serve(role: role, inbound: inbound, outbound: outbound)
        }
      },
      configuration: configuration, logger: logger)
  }

  /// The given apps behind the shared middleware, with the home page, `/healthz` and the API
  /// document; tests build one app, `make` all four. `/api/openapi.json` describes every `/api/`
  /// route; OpenAPIDocumentTests keeps the two in step.
  static func router(
    apps: [any AppRoutes], pages: Pages, token: String? = nil, hosts: ServerHosts = ServerHosts(boundTo: "127.0.0.1")
  ) throws -> Router<BasicRequestContext> {
    let router = Router()
    router.add(middleware: LogRequestsMiddleware(.info))
    router.add(middleware: SecurityHeadersMiddleware())
    router.add(middleware: ResponseCompression(keepingPlain: token))
    router.add(middleware: LanguageMiddleware(translations: .bundled))
    router.add(middleware: ErrorMiddleware(pages: pages))
    router.add(middleware: KnownHostMiddleware(hosts: hosts))
    if let token { router.add(middleware: AccessTokenMiddleware(token: token)) }
    router.add(middleware: SameOriginWritesMiddleware(hosts: hosts))
    router.add(
      middleware: FileMiddleware(Pages.publicFolder + "/static", urlBasePath: "/static", searchForIndexHtml: false))
    router.get("/") { _, _ in try pages.render("home", HomePage()) }
    router.post("/language") { request, context in try await chooseLanguage(request, context, translations: .bundled) }
    router.get("/healthz") { _, _ in "ok" }
    let openAPI = ByteBuffer(data: try Data(contentsOf: URL(fileURLWithPath: Pages.publicFolder + "/openapi.json")))
    router.get("/api/openapi.json") { _, _ in
      Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: openAPI))
    }
    for app in apps { router.add(app) }
    return router
  }
}

/// The home page's apps, each summed up in the request's language.
struct HomePage {
  let title = "Scriptorium"
  let apps: [(name: String, path: String, summary: String)] = [
    ("Key It", "/keyit", t("home.keyit")),
    ("Phrasebook", "/phrasebook", t("home.phrasebook")),
    ("Lexikon", "/lexikon", t("home.lexikon")),
    ("ShareSynch", "/sharesynch", t("home.sharesynch")),
  ]
}
