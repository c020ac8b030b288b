import AppSupport
import Foundation
import HTTPTypes
import Hummingbird
import KeyIt
import Lexikon
import NIOCore
import Phrasebook
import ShareSynch
import WebFetch

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

/// Turns errors into responses: `{ "error": "…" }` under `/api`, a page elsewhere, with the status
/// that fits (a missing book is 404, a refused action 422, a cross-origin write 403).
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
  let pages: Pages

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    do {
      return try await next(request, context)
    } catch {
      let (status, message) = Self.describe(error)
      if status == .internalServerError {
        context.logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
      }
      if request.uri.path.hasPrefix("/api/") {
        var body = ["error": message]
        if let field = (error as? PhrasebookError)?.field { body["field"] = field }
        if case .badWord = error as? LexikonError { body["field"] = "word" }
        var response = try JSONResponse(body).response(from: request, context: context)
        response.status = status
        return response
      }
      return try pages.render("error", ErrorView(status: Int(status.code), message: message), status: status)
    }
  }

  static func describe(_ error: any Error) -> (HTTPResponse.Status, String) {
    switch error {
    case let error as KeyItError:
      switch error {
      case .unknownBible, .unknownBook, .unknownChapter, .unknownItem: return (.notFound, error.description)
      case .noBible: return (.conflict, error.description)
      case .badResourceLine, .file: return (.internalServerError, error.description)
      default: return (.unprocessableContent, error.description)
      }
    case let error as PhrasebookError:
      switch error {
      case .unknownPhrasebook, .unknownPair, .unknownPairID, .unknownTag: return (.notFound, error.description)
      case .noPhrasebook, .duplicatePhrasebook, .duplicateTag: return (.conflict, error.description)
      case .corrupt: return (.internalServerError, error.description)
      default: return (.unprocessableContent, error.description)
      }
    case let error as LexikonError:
      switch error {
      case .unreachable, .timedOut: return (.serviceUnavailable, error.description)
      case .malformedResponse, .serverRefused: return (.badGateway, error.description)
      case .unknownDictionary, .notCached: return (.notFound, error.description)
      case .badWord, .badServerAddress: return (.badRequest, error.description)
      case .unreadable, .badIndexLine, .badDictzip, .entryOutOfRange: return (.internalServerError, error.description)
      }
    case let error as ShareSynchError:
      switch error {
      case .unknownSeries, .unknownSermon, .unknownVariation, .unknownSlide: return (.notFound, error.description)
      case .alreadyInstalled, .originalIsReadOnly: return (.conflict, error.description)
      case .badSetting: return (.badRequest, error.description)
      case .noSpace: return (HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), error.description)
      default: return (.unprocessableContent, error.description)
      }
    case let error as PresentationHubError: return (.conflict, error.description)
    case let error as ImportFileError: return (.unprocessableContent, error.description)
    case let error as DownloadError: return (.badGateway, error.description)
    case let error as HTTPError: return (error.status, error.body ?? error.status.reasonPhrase)
    case is DecodingError: return (.badRequest, "the request body is not what this endpoint expects")
    case is NIOTooManyBytesError: return (.contentTooLarge, "the request is larger than this server accepts")
    default: return (.internalServerError, "something went wrong on the server")
    }
  }
}

/// The error page.
struct ErrorView {
  let title = "Problem"
  let status: Int
  let message: String
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
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    return Response(
      status: status, headers: [.contentType: "application/json; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(data: try encoder.encode(value))))
  }
}
