import AppSupport
import Foundation
import Hummingbird
import KeyIt

/// Key It's JSON API (see API.md): what the pages' scripts call. Each route parses, calls one
/// store method and renders; the rules live in the store.
struct KeyItAPI: Sendable {
  let store: KeyItStore

  struct TextBody: Decodable { let text: String }
  struct ActionBody: Decodable { let offset: Int? }
  struct ImportBody: Decodable {
    struct File: Decodable {
      let name: String
      let text: String
    }
    let files: [File]
  }

  func register(on group: RouterGroup<BasicRequestContext>) {
    group.get("bibles") { _, _ in
      let current = try await store.currentBible()?.bibleID
      return JSONResponse(try await store.bibles().map { BibleView($0, current: current) })
    }
    group.get("books/:code/chapters/:number") { request, context in
      let content = try await store.openChapter(
        bibleID: bible(request), code: try context.parameters.require("code"),
        chapter: try context.parameters.require("number", as: Int.self))
      return JSONResponse(ChapterView(content))
    }
    group.put("items/:id/text") { request, context in
      let body = try await request.decode(as: TextBody.self, context: context)
      let item = try await store.setText(bibleID: bible(request), itemID: try itemID(context), text: body.text)
      return JSONResponse(ItemView(item, inPsalms: false))
    }
    group.post("items/:id/current") { request, context in
      try await store.setCurrentItem(bibleID: bible(request), itemID: try itemID(context))
      return Response(status: .noContent)
    }
    group.get("items/:id/actions") { request, context in
      JSONResponse(try await store.actions(bibleID: bible(request), itemID: try itemID(context)))
    }
    group.post("items/:id/actions/:action") { request, context in
      let name = try context.parameters.require("action")
      guard let action = ItemActionID(rawValue: name) else { throw KeyItError.unknownAction(name) }
      let body = try await request.decode(as: ActionBody.self, context: context)
      let content = try await store.perform(
        action, bibleID: bible(request), itemID: try itemID(context), offset: body.offset)
      return JSONResponse(ChapterView(content))
    }
    group.get("export") { request, _ in try await export(request) }
    group.post("import") { request, context in
      let body = try await request.decode(as: ImportBody.self, context: context)
      let reports = try await store.importUSFM(body.files.map { ($0.name, $0.text) }, bibleID: bible(request))
      return JSONResponse(reports)
    }
  }

  /// USFM of a chapter or a book as text, or of the whole Bible as a zip of one file per book.
  private func export(_ request: Request) async throws -> Response {
    let query = request.uri.queryParameters
    let bibleID = try bible(request)
    let download = query.get("download") == "1"
    guard let code = query.get("book"), !code.isEmpty else {
      let bible = try await store.bible(bibleID)
      let files = try await store.exportBible(bibleID: bibleID).map { ($0.fileName, Data($0.usfm.utf8)) }
      let archive = try zipArchive(files)
      return Response(
        status: .ok,
        headers: [
          .contentType: "application/zip",
          .contentDisposition: attachment(fileNameStem(bible.name) + "-usfm.zip"),
        ],
        body: .init(byteBuffer: ByteBuffer(data: archive)))
    }
    let chapter = query.get("chapter").flatMap { Int($0) }
    let usfm =
      if let chapter {
        try await store.exportChapter(bibleID: bibleID, code: code, chapter: chapter)
      } else {
        try await store.exportBook(bibleID: bibleID, code: code)
      }
    var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8"]
    if download {
      let bible = try await store.bible(bibleID)
      let spec = try store.catalog.requireBook(code: code)
      var name = usfmFileName(book: spec, bibleName: bible.name)
      if let chapter { name = name.replacingOccurrences(of: ".usfm", with: "-\(chapter).usfm") }
      headers[.contentDisposition] = attachment(name)
    }
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: usfm)))
  }
}

/// The Bible a request names with `?bible=ID`, or nil for the current one.
func bible(_ request: Request) throws -> Int64? {
  guard let value = request.uri.queryParameters.get("bible"), !value.isEmpty else { return nil }
  guard let id = Int64(value) else { throw HTTPError(.badRequest, message: "bible must be a number") }
  return id
}

private func itemID(_ context: BasicRequestContext) throws -> Int64 {
  try context.parameters.require("id", as: Int64.self)
}

/// A `Content-Disposition` value for a download, safe for any file name.
func attachment(_ name: String) -> String {
  let ascii = String(name.unicodeScalars.map { $0.isASCII && $0 != "\"" ? Character($0) : "_" })
  let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ascii
  return "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
}
