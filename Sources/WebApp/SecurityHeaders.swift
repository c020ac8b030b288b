import HTTPTypes
import Hummingbird

/// The Content-Security-Policy values the server sends.
enum SecurityPolicy {
  /// Every page but those that show Phrasebook pictures: only this server's own script files (no
  /// inline script, no event-handler attributes, no other origin), styles, pictures and media
  /// from here, requests (the live socket included) only to here, no plug-ins, no `<base>`, no
  /// framing, forms posted only here.
  static let page = policy(images: "'self'")

  /// Phrasebook's word and revision pages show a pair's picture from the address its user typed,
  /// which may be another host: pictures there may come from any web address (a picture runs no
  /// script, and the server fetches nothing on a page's behalf). Everything else stays `'self'`.
  static let picturePage = policy(images: "'self' https: http:")

  /// Anything that is not a page (files from the data folder or `/static`, API answers): opened
  /// as a document, it runs nothing and loads nothing.
  static let file = "default-src 'none'; frame-ancestors 'none'; sandbox"

  /// The paths of the pages that show Phrasebook pictures.
  static let picturePaths: Set<String> = ["/phrasebook/word", "/phrasebook/revision"]

  private static func policy(images: String) -> String {
    [
      "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src \(images)", "media-src 'self'",
      "connect-src 'self'", "font-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'",
      "form-action 'self'",
    ].joined(separator: "; ")
  }
}

/// Headers that keep every response what it says it is: all are `nosniff` and send a referrer
/// only to this server; pages get `SecurityPolicy.page` and may not be framed; everything else
/// but PDF gets `SecurityPolicy.file` (a PDF keeps the browser's own viewer, which a sandbox
/// would block).
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    var response = try await next(request, context)
    response.headers[.xContentTypeOptions] = "nosniff"
    response.headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
    let type = response.headers[.contentType] ?? ""
    if type.hasPrefix("text/html") {
      response.headers[.contentSecurityPolicy] =
        SecurityPolicy.picturePaths.contains(request.uri.path) ? SecurityPolicy.picturePage : SecurityPolicy.page
      response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
    } else if !type.hasPrefix("application/pdf") {
      response.headers[.contentSecurityPolicy] = SecurityPolicy.file
    }
    return response
  }
}
