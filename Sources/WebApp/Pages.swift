import Foundation
import Hummingbird
import Mustache

/// The Mustache templates in `Templates/` (every `{{value}}` is HTML-escaped) and the public folder.
struct Pages: Sendable {
  let library: MustacheLibrary

  static var resourceFolder: String { Bundle.module.resourceURL!.path }
  static var publicFolder: String { resourceFolder + "/Public" }

  init() async throws {
    library = try await MustacheLibrary(directory: Self.resourceFolder + "/Templates")
  }

  /// A page rendered from a template, inside the shared layout, in the request's language.
  func render(_ template: String, _ view: Any, status: HTTPResponse.Status = .ok) throws -> Response {
    let localized = LocalizedView(page: view, template: template, language: RequestLanguage.current)
    guard let html = library.render(localized, withTemplate: template) else {
      throw HTTPError(.internalServerError, message: "missing template \(template)")
    }
    return Response(
      status: status, headers: [.contentType: "text/html; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(string: html)))
  }
}

/// Serialises a value as JSON safe to embed in a `<script type="application/json">` element.
func embeddedJSON(_ value: some Encodable) throws -> String {
  let json = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
  return json.replacingOccurrences(of: "<", with: "\\u003c").replacingOccurrences(of: ">", with: "\\u003e")
    .replacingOccurrences(of: "&", with: "\\u0026")
}
