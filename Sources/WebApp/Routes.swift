import Foundation
import HTTPTypes
import Hummingbird
import Localization

/// One row of an app's route table: a method and path, and the named handler that answers it.
struct Route: Sendable {
  typealias Handler = @Sendable (Request, BasicRequestContext) async throws -> Response
  let method: HTTPRequest.Method
  let path: String
  let handler: Handler

  private static func make<R: ResponseGenerator>(
    _ method: HTTPRequest.Method, _ path: String,
    _ handler: @escaping @Sendable (Request, BasicRequestContext) async throws -> R
  ) -> Route {
    Route(method: method, path: path) { request, context in
      try await handler(request, context).response(from: request, context: context)
    }
  }

  static func get<R: ResponseGenerator>(
    _ path: String, _ handler: @escaping @Sendable (Request, BasicRequestContext) async throws -> R
  ) -> Route { make(.get, path, handler) }

  static func post<R: ResponseGenerator>(
    _ path: String, _ handler: @escaping @Sendable (Request, BasicRequestContext) async throws -> R
  ) -> Route { make(.post, path, handler) }

  static func put<R: ResponseGenerator>(
    _ path: String, _ handler: @escaping @Sendable (Request, BasicRequestContext) async throws -> R
  ) -> Route { make(.put, path, handler) }

  static func delete<R: ResponseGenerator>(
    _ path: String, _ handler: @escaping @Sendable (Request, BasicRequestContext) async throws -> R
  ) -> Route { make(.delete, path, handler) }
}

/// One app's part of the server: its route table and the folders it serves as files.
protocol AppRoutes: Sendable {
  /// Every route of the app, pages and API, with full paths.
  var routes: [Route] { get }
  /// Folders served as static files, by URL prefix.
  var fileFolders: [(urlBase: String, folder: String)] { get }
}

extension AppRoutes {
  var fileFolders: [(urlBase: String, folder: String)] { [] }
}

extension Router<BasicRequestContext> {
  /// Adds an app's file folders and route table.
  func add(_ app: some AppRoutes) {
    for (urlBase, folder) in app.fileFolders {
      add(middleware: FileMiddleware(folder, urlBasePath: urlBase, searchForIndexHtml: false))
    }
    for route in app.routes {
      on(RouterPath(route.path), method: route.method, use: route.handler)
    }
  }
}

/// A redirect after a form post or to where the user left off.
func redirect(_ path: String) -> Response {
  Response(status: .seeOther, headers: [.location: path])
}

/// A `Content-Disposition` value for a download, safe for any file name.
func attachment(_ name: String) -> String {
  let ascii = String(name.unicodeScalars.map { $0.isASCII && $0 != "\"" ? Character($0) : "_" })
  let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ascii
  return "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
}

/// A query parameter the endpoint cannot do without.
func required(_ request: Request, _ name: String) throws -> String {
  guard let value = request.uri.queryParameters.get(name), !value.isEmpty else {
    throw HTTPError(.badRequest, message: t("error.missing", ["name": .text(name)]))
  }
  return value
}

/// A whole number from the query string, or a 400 naming the parameter.
func number(_ text: String?, name: String) throws -> Int? {
  guard let text, !text.isEmpty else { return nil }
  guard let value = Int(text), value >= 0 else {
    throw HTTPError(.badRequest, message: t("error.wholeNumber", ["name": .text(name)]))
  }
  return value
}
