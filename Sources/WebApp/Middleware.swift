import AppSupport
import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import NIOCore

/// Refuses every request whose `Host` is not a name of this server: after DNS rebinding, a page
/// of another site reaches the server under that site's name, and must get nothing.
struct KnownHostMiddleware<Context: RequestContext>: RouterMiddleware {
  let hosts: ServerHosts

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    guard hosts.knows(authority: request.head.authority) else {
      throw HTTPError(.misdirectedRequest, message: "this server does not answer to that host name")
    }
    return try await next(request, context)
  }
}

/// Rejects writes (anything but GET, HEAD, OPTIONS) whose `Origin` is not this server, so another
/// site open in the browser cannot change data. Clients that send no `Origin` (curl, scripts) pass
/// unless the browser says the request is cross-site.
struct SameOriginWritesMiddleware<Context: RequestContext>: RouterMiddleware {
  let hosts: ServerHosts

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    guard ![.get, .head, .options].contains(request.method) else { return try await next(request, context) }
    if let origin = request.headers[.origin] {
      guard hosts.isOwnOrigin(origin, requestAuthority: request.head.authority) else {
        throw HTTPError(.forbidden, message: "cross-origin write rejected (Origin: \(shortened(origin)))")
      }
    } else if let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!], !["same-origin", "none"].contains(site) {
      throw HTTPError(.forbidden, message: "cross-site write rejected")
    }
    return try await next(request, context)
  }
}

/// Requires the access token `serve` printed on every request: from `?token=` (then kept in a
/// cookie and removed from the address), the cookie, or an `Authorization: Bearer` header.
struct AccessTokenMiddleware<Context: RequestContext>: RouterMiddleware {
  static var cookieName: String { "scriptorium_token" }
  let token: String

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    if request.uri.queryParameters.get("token") == token {
      let path = request.uri.path
      return Response(
        status: .seeOther,
        headers: [
          .location: path,
          .setCookie: "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict",
        ])
    }
    let cookie = request.cookies[Self.cookieName]?.value
    let bearer = request.headers[.authorization].map { $0.replacingOccurrences(of: "Bearer ", with: "") }
    guard cookie == token || bearer == token else {
      throw HTTPError(.unauthorized, message: "this server needs its access token: open the address `serve` printed")
    }
    return try await next(request, context)
  }
}

/// Turns errors into responses: `{ "error": "…", "field": "…" }` under `/api`, a page elsewhere,
/// with the status each app's `<App>Error+HTTP.swift` gives its errors.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
  let pages: Pages

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    do {
      return try await next(request, context)
    } catch {
      let (status, message, field) = Self.describe(error)
      // A full disk is the operator's to mend, so it is logged as a fault of the server is.
      if status == .internalServerError || status == .insufficientStorage {
        context.logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
      }
      if request.uri.path.hasPrefix("/api/") {
        var body = ["error": message]
        if let field { body["field"] = field }
        var response = try JSONResponse(body).response(from: request, context: context)
        response.status = status
        return response
      }
      return try pages.render("error", ErrorPage(status: Int(status.code), message: message), status: status)
    }
  }

  static func describe(_ error: any Error) -> (HTTPResponse.Status, String, field: String?) {
    switch error {
    case _ where isDiskFull(error): (.insufficientStorage, t("error.diskFull"), nil)
    case let error as any ServerError: (error.status, error.words, error.field)
    case let error as HTTPError: (error.status, error.body ?? error.status.reasonPhrase, nil)
    case is DecodingError: (.badRequest, t("error.body"), nil)
    case is NIOTooManyBytesError: (.contentTooLarge, t("error.tooLarge"), nil)
    default: (.internalServerError, t("error.server"), nil)
    }
  }
}

/// An error of a core that the server answers with its own status, naming the field it is about.
/// Each app's `<App>Error+HTTP.swift` conforms its errors with a switch that has no `default`.
protocol ServerError: Error, CustomStringConvertible {
  /// The HTTP status of the answer.
  var status: HTTPResponse.Status { get }
  /// The form field or request member the error is about, if one.
  var field: String? { get }
  /// The error in the request's language.
  var words: String { get }
}

extension ServerError {
  /// An app whose errors have no message ids yet answers in English.
  var words: String { description }
}

/// The error page.
struct ErrorPage {
  let title = t("error.title")
  let heading: String
  let message: String

  init(status: Int, message: String) {
    heading = t("error.heading", ["status": .text(String(status))])
    self.message = message
  }
}

/// A value sent as JSON.
struct JSONResponse<Value: Encodable & Sendable>: ResponseGenerator {
  let value: Value
  var status: HTTPResponse.Status = .ok

  init(_ value: Value, status: HTTPResponse.Status = .ok) {
    self.value = value
    self.status = status
  }

  func response(from request: Request, context: some RequestContext) throws -> Response {
    let body: ByteBuffer
    if let written = value as? any JSONBytesWritable {
      var out = JSONBytes(escapingSlashes: true, capacity: 16_384)
      written.write(to: &out)
      body = ByteBuffer(bytes: out.bytes)
    } else {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      encoder.dateEncodingStrategy = .iso8601
      body = ByteBuffer(data: try encoder.encode(value))
    }
    return Response(
      status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: body))
  }
}

/// An answer written straight into JSON bytes instead of through `JSONEncoder`, for the answers
/// sent on every keystroke. Its bytes are those of its `Encodable` conformance (tests compare).
protocol JSONBytesWritable {
  func write(to out: inout JSONBytes)
}

/// Whether SQLite refused a write because the disk (or the database's size limit) is full: its
/// transaction rolled back, so nothing of the action was saved.
func isDiskFull(_ error: any Error) -> Bool { (error as? DatabaseError)?.resultCode == .SQLITE_FULL }

extension HTTPResponse.Status {
  /// 507 (RFC 4918): the server has no room left to store what the request asked it to.
  static let insufficientStorage = Self(code: 507, reasonPhrase: "Insufficient Storage")
}
