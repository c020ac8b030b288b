import AppSupport
import Hummingbird
import KeyIt
import Logging

/// Builds the Scriptorium web application: the home page and each app's routes.
public enum WebServer {
  /// The application for a data folder, listening on `host:port`.
  public static func make(host: String, port: Int, dataFolder: DataFolder) throws -> some ApplicationProtocol {
    let keyIt = try KeyItStore(path: dataFolder.database("keyit.sqlite"))
    var logger = Logger(label: "scriptorium")
    logger.logLevel = .info
    return Application(
      router: router(keyIt: keyIt),
      configuration: .init(address: .hostname(host, port: port), serverName: "Scriptorium"),
      logger: logger)
  }

  /// The routes, separate from the server so tests can drive them.
  public static func router(keyIt: KeyItStore) -> Router<BasicRequestContext> {
    let router = Router()
    router.add(middleware: LogRequestsMiddleware(.info))
    router.get("/") { _, _ in HTML(HomePage.render()) }
    router.get("/healthz") { _, _ in "ok" }
    return router
  }
}

/// An HTML page response.
struct HTML: ResponseGenerator {
  let body: String
  init(_ body: String) { self.body = body }

  func response(from request: Request, context: some RequestContext) throws -> Response {
    Response(
      status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(string: body)))
  }
}
