import AppSupport
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import Mustache

/// The interface language of the request being answered, and the address it asked for (where the
/// language switcher comes back to). Set by `LanguageMiddleware` for everything after it.
struct RequestLanguage: Sendable {
  @TaskLocal static var current = RequestLanguage(localizer: Translations.bundled.localizer("en"), path: "/")

  let localizer: Localizer
  let path: String

  static var cookieName: String { "scriptorium_lang" }
}

/// A message of the request's language (see `Localizer.t`).
func t(_ id: String, _ arguments: [String: MessageArgument] = [:]) -> String {
  RequestLanguage.current.localizer.t(id, arguments)
}

/// Chooses the request's language: the switcher's cookie, else the browser's `Accept-Language`.
struct LanguageMiddleware<Context: RequestContext>: RouterMiddleware {
  let translations: Translations

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    let tag = translations.choose(
      cookie: request.cookies[RequestLanguage.cookieName]?.value, acceptLanguage: request.headers[.acceptLanguage])
    let path = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
    let language = RequestLanguage(localizer: translations.localizer(tag), path: path)
    var response = try await RequestLanguage.$current.withValue(language) { try await next(request, context) }
    response.headers[.contentLanguage] = tag
    response.headers[.vary] = "Accept-Language, Cookie"
    return response
  }
}

/// `POST /language` (the header's switcher): remembers the chosen language in a cookie for a year
/// and goes back to the page it was chosen on.
func chooseLanguage(_ request: Request, _ context: BasicRequestContext, translations: Translations) async throws
  -> Response
{
  struct Form: Decodable {
    let lang: String
    let back: String?
  }
  let form = try await URLEncodedFormDecoder().decode(Form.self, from: request, context: context)
  guard translations.available.contains(form.lang) else {
    throw HTTPError(.badRequest, message: t("error.language", ["language": quotedInput(form.lang)]))
  }
  let back = form.back.flatMap { $0.hasPrefix("/") && !$0.hasPrefix("//") && !$0.hasPrefix("/\\") ? $0 : nil } ?? "/"
  var response = redirect(back)
  response.headers[.setCookie] =
    "\(RequestLanguage.cookieName)=\(form.lang); Path=/; Max-Age=31536000; SameSite=Lax"
  return response
}

/// What every page's template sees besides its own model: `t.<message id>` for words,
/// `interfaceLang` and `interfaceDir` for `<html>`, the switcher's `switcherLanguages` and
/// `switcherBack`, and `scriptStrings`, the messages of the page's scripts (ids starting with
/// `common.js.` or `<app>.js.`) as JSON.
struct LocalizedView: MustacheParent {
  let page: Any
  let template: String
  let language: RequestLanguage

  func child(named name: String) -> Any? {
    let localizer = language.localizer
    switch name {
    case "t": return MessagePath(localizer: localizer, id: "")
    case "interfaceLang": return localizer.language
    case "interfaceDir": return localizer.direction
    case "switcherBack": return language.path
    case "switcherLanguages":
      return Translations.shipped.map {
        LanguageOption(tag: $0.tag, name: $0.name, selected: $0.tag == localizer.language)
      }
    case "scriptStrings":
      let app = template.prefix { $0 != "-" }
      return try? embeddedJSON(
        ScriptStrings(
          lang: localizer.language, plurals: localizer.pluralLanguage,
          categories: PluralRules.categories(localizer.pluralLanguage).map(\.rawValue),
          messages: localizer.messages(withPrefix: "common.js.").merging(
            localizer.messages(withPrefix: "\(app).js."), uniquingKeysWith: { $1 })))
    default:
      let child = Mirror(reflecting: page).children.first { $0.label == name }?.value
      guard let child else { return nil }
      let mirror = Mirror(reflecting: child)
      guard mirror.displayStyle == .optional else { return child }
      return mirror.children.first?.value
    }
  }

  struct LanguageOption {
    let tag: String
    let name: String
    let selected: Bool
  }

  /// The blob page scripts read their words from (`api.js` `t`).
  struct ScriptStrings: Encodable {
    let lang: String
    /// The language whose plural rules pick a form (`Intl.PluralRules`).
    let plurals: String
    /// The CLDR categories of a plural message's forms, in order.
    let categories: [String]
    let messages: [String: ScriptMessage]
  }
}

/// `{{t.keyit.books.title}}`: each name after `t` extends the id; the whole id renders as the
/// message (escaped like any value).
struct MessagePath: MustacheParent, MustacheCustomRenderable {
  let localizer: Localizer
  let id: String

  func child(named name: String) -> Any? {
    MessagePath(localizer: localizer, id: id.isEmpty ? name : id + "." + name)
  }

  var renderText: String { localizer.t(id) }
  var isNull: Bool { false }
}

/// An app error's words in a language, for the command line (a full disk's too); nil for an
/// error that is not an app's (the command prints it as it is).
public func interfaceWords(for error: any Error, localizer: Localizer) -> String? {
  if isDiskFull(error) { return localizer.t("error.diskFull") }
  guard let error = error as? any ServerError else { return nil }
  return RequestLanguage.$current.withValue(RequestLanguage(localizer: localizer, path: "/")) { error.words }
}

/// Why SQLite cannot read a database, from its primary result code, in a language (for the command line).
public func sqliteReasonWords(_ code: Int32, localizer: Localizer) -> String {
  RequestLanguage.$current.withValue(RequestLanguage(localizer: localizer, path: "/")) { ReasonWords.sqlite(code) }
}

/// The request's words, for helpers that take a `Localizer`.
var requestLocalizer: Localizer { RequestLanguage.current.localizer }

/// Someone's input for a message's placeholder, cut and escaped as `quoted` does (the catalog
/// puts the quotation marks of its language around it).
func quotedInput(_ input: some StringProtocol) -> MessageArgument {
  .text(shortened(input, escaping: ["\"", "\\"]))
}
