import AppSupport
import Foundation
import Hummingbird
import HummingbirdWebSocket
import KeyIt
import Lexikon
import Logging
import Mustache
import Phrasebook
import ShareSynch

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

/// Builds the Scriptorium web application: the home page and each app's pages and API.
public enum WebServer {
  /// The application for a data folder, ShareSynch's services already open on it.
  public static func make(settings: ServerSettings, dataFolder: DataFolder, shareSynch: ShareSynchServices)
    async throws -> some ApplicationProtocol
  {
    let keyIt = try KeyItStore(path: dataFolder.database("keyit.sqlite"))
    let phrasebook = try PhrasebookStore(path: dataFolder.database("phrasebook.sqlite"))
    let lexikon = LexikonService(
      store: try LexikonStore(path: dataFolder.database("lexikon.sqlite")),
      source: try dictionarySource(server: settings.dictServer, folder: settings.dictFolder))
    var logger = Logger(label: "scriptorium")
    logger.logLevel = .info
    return application(
      router: try await router(
        keyIt: keyIt, phrasebook: phrasebook, lexikon: lexikon, shareSynch: shareSynch, token: settings.token,
        hosts: settings.hosts),
      presentations: shareSynch.hub, token: settings.token, hosts: settings.hosts,
      configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: "Scriptorium"),
      logger: logger)
  }

  /// The application: the routes over HTTP/1.1, and the presentation's WebSocket
  /// (`/api/sharesynch/live/socket?role=presenter|display|remote`), which takes the access token
  /// (as the cookie or `token=`) when the server has one and refuses other sites' pages.
  static func application(
    router: Router<BasicRequestContext>, presentations hub: PresentationHub, token: String?,
    hosts: ServerHosts = ServerHosts(boundTo: "127.0.0.1"), configuration: ApplicationConfiguration, logger: Logger
  ) -> some ApplicationProtocol {
    Application(
      router: router,
      server: .http1WebSocketUpgrade { request, _, _ in
        guard let role = LiveSocket.accepts(request, token: token, hosts: hosts) else { return .dontUpgrade }
        return .upgrade([:]) { inbound, outbound, _ in
          await hub.serve(role: role, inbound: inbound, outbound: outbound)
        }
      },
      configuration: configuration, logger: logger)
  }

  /// The routes, separate from the server so tests can drive them. `/api/openapi.json` describes
  /// every `/api/` route; OpenAPIDocumentTests keeps the two in step.
  public static func router(
    keyIt: KeyItStore, phrasebook: PhrasebookStore, lexikon: LexikonService, shareSynch: ShareSynchServices? = nil,
    token: String? = nil, hosts: ServerHosts = ServerHosts(boundTo: "127.0.0.1")
  ) async throws -> Router<BasicRequestContext> {
    let pages = try await Pages()
    let router = Router()
    router.add(middleware: LogRequestsMiddleware(.info))
    router.add(middleware: SecurityHeadersMiddleware())
    router.add(middleware: ErrorMiddleware(pages: pages))
    router.add(middleware: KnownHostMiddleware(hosts: hosts))
    if let token { router.add(middleware: AccessTokenMiddleware(token: token)) }
    router.add(middleware: SameOriginWritesMiddleware(hosts: hosts))
    router.add(
      middleware: FileMiddleware(Pages.publicFolder + "/static", urlBasePath: "/static", searchForIndexHtml: false))
    router.get("/") { _, _ in try pages.render("home", HomeView()) }
    router.get("/healthz") { _, _ in "ok" }
    let openAPI = ByteBuffer(data: try Data(contentsOf: URL(fileURLWithPath: Pages.publicFolder + "/openapi.json")))
    router.get("/api/openapi.json") { _, _ in
      Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: openAPI))
    }
    KeyItPages(store: keyIt, pages: pages).register(on: router.group("keyit"))
    KeyItAPI(store: keyIt).register(on: router.group("api/keyit"))
    PhrasebookAPI(store: phrasebook).register(on: router.group("api/phrasebook"))
    PhrasebookPages(store: phrasebook, pages: pages).register(on: router.group("phrasebook"))
    LexikonAPI(service: lexikon).register(on: router.group("api/lexikon"))
    LexikonPages(pages: pages).register(on: router.group("lexikon"))
    if let shareSynch {
      router.add(
        middleware: FileMiddleware(
          shareSynch.store.seriesRoot.path, urlBasePath: "/sharesynch/media", searchForIndexHtml: false))
      ShareSynchAPI(store: shareSynch.store, hub: shareSynch.hub).register(on: router.group("api/sharesynch"))
      ShareSynchEditAPI(services: shareSynch).register(
        on: router.group("api/sharesynch/series/:series/sermons/:sermon/edit"))
      ShareSynchManageAPI(services: shareSynch).register(on: router.group("api/sharesynch"))
      SeriesDownloads(services: shareSynch).register(on: router.group("api/sharesynch"))
      ShareSynchPages(pages: pages, token: token).register(on: router.group("sharesynch"))
    }
    return router
  }
}

/// The home page's apps.
struct HomeView {
  let title = "Scriptorium"
  let apps: [(name: String, path: String, summary: String)] = [
    ("Key It", "/keyit", "Keyboard printed Scripture verse by verse and export USFM for Paratext and Adapt It."),
    ("Phrasebook", "/phrasebook", "Word pairs in two languages: search, tags and spaced-repetition revision."),
    ("Lexikon", "/lexikon", "Dictionary lookups (Swedish, Welsh, English…), kept in a cache that works offline."),
    (
      "ShareSynch", "/sharesynch",
      "Present a sermon on two screens: notes for the speaker, slides for the congregation."
    ),
  ]
}
