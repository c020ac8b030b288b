import HTTPTypes
import Hummingbird

/// The Content-Security-Policy values the server sends.
enum SecurityPolicy {
  /// Anything that is not a page (files from the data folder or `/static`, API answers): opened
  /// as a document, it runs nothing and loads nothing.
  static let file = "default-src 'none'; frame-ancestors 'none'; sandbox"

  /// The paths of the pages that show Phrasebook pictures.
  static let picturePaths: Set<String> = ["/phrasebook/word", "/phrasebook/revision"]

  /// A page's policy: only this server's own script files (no inline script, no event-handler
  /// attributes, no other origin), styles, pictures and media from here, requests only to here,
  /// no plug-ins, no `<base>`, no framing, forms posted only here.
  ///
  /// Phrasebook's word and revision pages show a pair's picture from the address its user typed,
  /// which may be another host, so pictures there may come from any web address (a picture runs
  /// no script, and the server fetches nothing on a page's behalf). The live socket is named with
  /// the host the page was asked for (`authority`) as well as by `'self'`, which older mobile
  /// browsers do not apply to `ws:`.
  static func page(path: String, authority: String?) -> String {
    let images = picturePaths.contains(path) ? "'self' https: http:" : "'self'"
    var connect = "'self'"
    if let authority, !authority.isEmpty, authority.unicodeScalars.allSatisfy(isAuthorityCharacter) {
      connect += " ws://\(authority) wss://\(authority)"
    }
    return [
      "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src \(images)", "media-src 'self'",
      "connect-src \(connect)", "font-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'",
      "form-action 'self'",
    ].joined(separator: "; ")
  }

  /// Letters, digits and `.-:[]`: a host name or address and a port, nothing that could end a
  /// directive.
  private static func isAuthorityCharacter(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII
      && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ".-:[]".unicodeScalars.contains(scalar))
  }
}

/// Headers that keep every response what it says it is: all are `nosniff` and send a referrer
/// only to this server (`no-referrer` would make the browser send `Origin: null` with a form's
/// POST, which the same-origin check refuses); pages get `SecurityPolicy.page` and may not be
/// framed; everything else but PDF gets `SecurityPolicy.file` (a PDF keeps the browser's own
/// viewer, which a sandbox would block).
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    var response = try await next(request, context)
    response.headers[.xContentTypeOptions] = "nosniff"
    response.headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
    let type = response.headers[.contentType] ?? ""
    if type.hasPrefix("text/html") {
      response.headers[.contentSecurityPolicy] = SecurityPolicy.page(
        path: request.uri.path, authority: request.head.authority)
      response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
    } else if !type.hasPrefix("application/pdf") {
      response.headers[.contentSecurityPolicy] = SecurityPolicy.file
    }
    return response
  }
}
