import AppSupport
import Foundation
import Hummingbird
import KeyIt
import KeyItTeam
import Localization

/// Key It's pages under `/keyit` and JSON API under `/api/keyit` (see API.md). Every address
/// that shows or changes a Bible names it (`bibles/:bible/…`); only the entry points (`/keyit`,
/// `/keyit/go`, `/keyit/setup`) start from the Bible the user last chose. Page GETs only read.
struct KeyItRoutes: AppRoutes {
  let store: KeyItStore
  let pages: Pages
  /// `serve`'s team sync, told when a Bible joins or leaves (nil in tests of the routes alone).
  var teamSync: TeamSyncService? = nil

  /// The largest USFM import body (a whole Bible with room to spare).
  static let maxImport = 32 << 20

  var routes: [Route] {
    [
      .get("/keyit", start),
      .get("/keyit/go", resume),
      .get("/keyit/setup", setup),
      .post("/keyit/bibles", createBible),
      .post("/keyit/bibles/:bible/setup", saveSetup),
      .post("/keyit/bibles/:bible/versification", changeVersification),
      .post("/keyit/bibles/:bible/select", selectBible),
      .post("/keyit/bibles/:bible/books", addBook),
      .post("/keyit/bibles/:bible/books/:code/name", renameBook),
      .get("/keyit/bibles/:bible/books", booksPage),
      .get("/keyit/bibles/:bible/books/:code", chaptersPage),
      .get("/keyit/bibles/:bible/books/:code/:number", editPage),
      .get("/keyit/bibles/:bible/export", exportPage),
      // Addresses from before pages named their Bible: to the same page of the chosen Bible.
      .get("/keyit/books", toChosenBible),
      .get("/keyit/books/:code", toChosenBible),
      .get("/keyit/books/:code/:number", toChosenBible),
      .get("/keyit/export", toChosenBible),

      .get("/api/keyit/bibles", bibles),
      .get("/api/keyit/bibles/:bible/books/:code/chapters/:number", chapter),
      .post("/api/keyit/bibles/:bible/position", setPosition),
      .put("/api/keyit/bibles/:bible/items/:id/text", setText),
      .post("/api/keyit/bibles/:bible/items/:id/current", setCurrentItem),
      .get("/api/keyit/bibles/:bible/items/:id/actions", actions),
      .post("/api/keyit/bibles/:bible/items/:id/actions/:action", perform),
      .get("/api/keyit/bibles/:bible/export", export),
      .post("/api/keyit/bibles/:bible/import", importUSFM),
      .put("/api/keyit/bibles/:bible/books/:code/name", renameBookJSON),
      .put("/api/keyit/bibles/:bible/versification", changeVersificationJSON),
      .get("/api/keyit/bibles/:bible/sync", syncStatus),
      .get("/api/keyit/bibles/:bible/conflicts", conflicts),
      .post("/api/keyit/bibles/:bible/conflicts/resolve", resolveConflict),
    ] + teamRoutes
  }

  // MARK: Pages

  @Sendable func start(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    guard let bible = try await store.currentBible(), bible.goStraight else { return redirect("/keyit/setup") }
    return try await resume(bible)
  }

  @Sendable func resume(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    guard let bible = try await store.currentBible() else { return redirect("/keyit/setup") }
    return try await resume(bible)
  }

  @Sendable func setup(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    try await setupPage()
  }

  @Sendable func saveSetup(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    struct Form: Decodable {
      let name: String
      let bookNames: String
      let goStraight: String?
    }
    let form = try await URLEncodedFormDecoder().decode(Form.self, from: request, context: context)
    do {
      _ = try await store.updateSetup(
        try bibleID(context), name: form.name, bookNames: form.bookNames, goStraight: form.goStraight != nil)
    } catch let error as KeyItError where error.status == .unprocessableContent {
      return try await setupPage(error: error.words, status: .unprocessableContent)
    }
    return redirect("/keyit/go")
  }

  @Sendable func createBible(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    struct Form: Decodable {
      let name: String
      let bookNames: String
      let versification: String?
      /// The option before versifications: the Original numbering.
      let frenchPsalms: String?
    }
    let form = try await URLEncodedFormDecoder().decode(Form.self, from: request, context: context)
    let versification = try form.versification.map(Self.versification)
    let bible: Bible
    do {
      bible = try await store.createBible(
        name: form.name, versification: versification, frenchPsalms: form.frenchPsalms != nil,
        bookNames: form.bookNames)
    } catch let error as KeyItError where error.status == .unprocessableContent {
      return try await setupPage(error: error.words, status: .unprocessableContent)
    }
    return redirect("/keyit/bibles/\(bible.bibleID!)/books")
  }

  /// Renumbers the Bible's verses; the setup page says what moved, or which verses stop it.
  @Sendable func changeVersification(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    struct Form: Decodable { let versification: String }
    let form = try await URLEncodedFormDecoder().decode(Form.self, from: request, context: context)
    do {
      let report = try await store.changeVersification(
        bibleID: try bibleID(context), to: try Self.versification(form.versification))
      let moved = report.moved.count
      return try await setupPage(
        notice: t(
          "keyit.setup.renumbered", ["versification": .text(KeyItWords.versification(report.to, requestLocalizer))])
          + " "
          + (moved == 0
            ? t("keyit.setup.movedNone")
            : t(
              "keyit.setup.moved",
              [
                "count": .number(moved),
                "verses": .text(report.moved.prefix(20).joined(separator: ", ") + (moved > 20 ? " …" : "")),
              ])))
    } catch let error as KeyItError where error.status == .conflict {
      return try await setupPage(error: error.words, status: .conflict)
    }
  }

  /// A versification id from a form or body; anything else is a 400 naming the choices.
  static func versification(_ value: String) throws -> Versification {
    guard let chosen = Versification(rawValue: value) else {
      throw HTTPError(
        .badRequest,
        message: "versification must be one of " + Versification.allCases.map(\.rawValue).joined(separator: ", "))
    }
    return chosen
  }

  @Sendable func selectBible(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    _ = try await store.selectBible(try bibleID(context))
    return redirect("/keyit/go")
  }

  @Sendable func booksPage(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    let id = try bibleID(context)
    let bible = try await store.bible(id)
    let books = try await store.books(bibleID: id)
    let addable = try await store.addableBooks(bibleID: id)
    return try pages.render("keyit-books", BooksPage(bible: bible, books: books, addable: addable))
  }

  @Sendable func renameBook(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    struct Form: Decodable { let name: String }
    let form = try await URLEncodedFormDecoder().decode(Form.self, from: request, context: context)
    let book = try await store.renameBook(
      bibleID: try bibleID(context), code: try context.parameters.require("code"), to: form.name)
    return redirect("/keyit/bibles/\(book.bibleID)/books/\(book.bookCode)")
  }

  @Sendable func addBook(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    struct Form: Decodable { let book: String }
    let form = try await URLEncodedFormDecoder().decode(Form.self, from: request, context: context)
    let book = try await store.addBook(bibleID: try bibleID(context), code: form.book)
    return redirect("/keyit/bibles/\(book.bibleID)/books/\(book.bookCode)")
  }

  @Sendable func chaptersPage(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    let (book, chapters) = try await store.bookChapters(
      bibleID: try bibleID(context), code: try context.parameters.require("code"))
    let conflicts = try await store.conflicts(bibleID: book.bibleID).filter { $0.book == book.bookCode }
    return try pages.render("keyit-chapters", ChaptersPage(book: book, chapters: chapters, conflicts: conflicts))
  }

  @Sendable func editPage(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    let content = try await store.chapter(
      bibleID: try bibleID(context), code: try context.parameters.require("code"),
      chapter: try context.parameters.require("number", as: Int.self))
    let conflicts = try await store.conflicts(bibleID: content.book.bibleID).filter {
      $0.book == content.book.bookCode && $0.chapter == content.chapter.chapterNumber
    }
    return try pages.render("keyit-edit", try EditPage(content: content, conflicts: conflicts))
  }

  @Sendable func exportPage(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    let bible = try await store.bible(try bibleID(context))
    let books = try await store.books(bibleID: bible.bibleID)
    return try pages.render("keyit-export", ExportPage(bible: bible, books: books.map(\.book)))
  }

  /// `/keyit/books/…` → `/keyit/bibles/ID/books/…` of the Bible the user chose last.
  @Sendable func toChosenBible(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    let bible = try await store.bible(nil)
    let rest = request.uri.path.dropFirst("/keyit".count)
    let query = request.uri.query.map { "?\($0)" } ?? ""
    return redirect("/keyit/bibles/\(bible.bibleID!)\(rest)\(query)")
  }

  /// Where the user left off: the current book's current chapter, else its chapters, else the books.
  private func resume(_ bible: Bible) async throws -> Response {
    let base = "/keyit/bibles/\(bible.bibleID!)/books"
    guard let spec = bible.catalog.book(number: bible.currBook) else { return redirect(base) }
    let (book, _) = try await store.bookChapters(bibleID: bible.bibleID, code: spec.code)
    return redirect(book.currChapter > 0 ? "\(base)/\(spec.code)/\(book.currChapter)" : "\(base)/\(spec.code)")
  }

  func setupPage(error: String? = nil, notice: String? = nil, status: HTTPResponse.Status = .ok)
    async throws -> Response
  {
    let current = try await store.currentBible()
    let bibles = try await store.bibles().map { BibleJSON($0, current: current?.bibleID) }
    var team: TeamSection? = nil
    if let current { team = TeamSection(bible: current, status: try await store.teamStatus(bibleID: current.bibleID)) }
    return try pages.render(
      "keyit-setup", SetupPage(current: current, bibles: bibles, error: error, notice: notice, team: team),
      status: status)
  }

  // MARK: API

  @Sendable func changeVersificationJSON(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<VersificationChangeReport>
  {
    struct Body: Decodable { let versification: String }
    let body = try await request.decode(as: Body.self, context: context)
    return JSONResponse(
      try await store.changeVersification(bibleID: try bibleID(context), to: try Self.versification(body.versification))
    )
  }

  @Sendable func bibles(_ request: Request, _ context: BasicRequestContext) async throws -> JSONResponse<[BibleJSON]> {
    let current = try await store.currentBible()?.bibleID
    return JSONResponse(try await store.bibles().map { BibleJSON($0, current: current) })
  }

  @Sendable func chapter(_ request: Request, _ context: BasicRequestContext) async throws -> JSONResponse<ChapterJSON> {
    let content = try await store.chapter(
      bibleID: try bibleID(context), code: try context.parameters.require("code"),
      chapter: try context.parameters.require("number", as: Int.self))
    return JSONResponse(ChapterJSON(content))
  }

  @Sendable func setPosition(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    let body = try await request.decode(as: PositionJSON.self, context: context)
    try await store.setPosition(bibleID: try bibleID(context), code: body.book, chapter: body.chapter)
    return Response(status: .noContent)
  }

  @Sendable func setText(_ request: Request, _ context: BasicRequestContext) async throws -> JSONResponse<ItemJSON> {
    let body = try await request.decode(as: TextJSON.self, context: context)
    let saved = try await store.setText(
      bibleID: try bibleID(context), itemID: try itemID(context), text: body.text, revision: body.revision)
    return JSONResponse(ItemJSON(saved))
  }

  /// Renames a book (the import report offers the name a file gives it).
  @Sendable func renameBookJSON(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    let body = try await request.decode(as: BookNameJSON.self, context: context)
    _ = try await store.renameBook(
      bibleID: try bibleID(context), code: try context.parameters.require("code"), to: body.name)
    return Response(status: .noContent)
  }

  @Sendable func setCurrentItem(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    try await store.setCurrentItem(bibleID: try bibleID(context), itemID: try itemID(context))
    return Response(status: .noContent)
  }

  @Sendable func actions(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<[ItemAction.Encoded]>
  {
    let actions = try await store.actions(bibleID: try bibleID(context), itemID: try itemID(context))
    return JSONResponse(actions.map { $0.encoded(in: requestLocalizer) })
  }

  @Sendable func perform(_ request: Request, _ context: BasicRequestContext) async throws -> JSONResponse<ChapterJSON> {
    let name = try context.parameters.require("action")
    guard let action = ItemActionID(rawValue: name) else { throw KeyItError.unknownAction(name) }
    let body = try await request.decode(as: ActionJSON.self, context: context)
    let content = try await store.perform(
      action, bibleID: try bibleID(context), itemID: try itemID(context), offset: body.offset)
    return JSONResponse(ChapterJSON(content))
  }

  @Sendable func syncStatus(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<SyncStatus>
  {
    JSONResponse(try await store.syncStatus(bibleID: try bibleID(context)))
  }

  /// The Bible's conflicts waiting (`?all=1`: resolved ones too).
  @Sendable func conflicts(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<[ChapterConflict]>
  {
    JSONResponse(
      try await store.conflicts(
        bibleID: try bibleID(context), includeResolved: request.uri.queryParameters.get("all") == "1"))
  }

  /// Settles a conflict (or undoes its resolution); answers the conflicts still waiting.
  @Sendable func resolveConflict(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<[ChapterConflict]>
  {
    let body = try await request.decode(as: ResolveJSON.self, context: context)
    let bibleID = try bibleID(context)
    try await store.resolveConflict(bibleID: bibleID, conflictID: body.conflict, choice: body.choice, text: body.text)
    return JSONResponse(try await store.conflicts(bibleID: bibleID))
  }

  @Sendable func importUSFM(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<[ImportReportWords]>
  {
    // A whole Bible's USFM is 4–5 MB: this route takes more than the 2 MiB of other JSON bodies.
    let data = try await request.body.collect(upTo: Self.maxImport)
    let body = try JSONDecoder().decode(ImportJSON.self, from: data)
    let reports = try await store.importUSFM(body.files.map { ($0.name, $0.text) }, bibleID: try bibleID(context))
    return JSONResponse(reports.map { ImportReportWords($0, words: requestLocalizer) })
  }

  /// USFM or USX (`?format=`) of a chapter or a book as text, or of the whole Bible as a zip of one
  /// file per book.
  @Sendable func export(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    let query = request.uri.queryParameters
    let bibleID = try bibleID(context)
    let format = try query.get("format").map { try ExportFormat.named($0) } ?? .usfm
    guard let code = query.get("book"), !code.isEmpty else {
      let bible = try await store.bible(bibleID)
      let files = try await store.exportBible(bibleID: bibleID, format: format).map {
        ($0.fileName, Data($0.text.utf8))
      }
      return Response(
        status: .ok,
        headers: [
          .contentType: "application/zip",
          .contentDisposition: attachment(fileNameStem(bible.name) + "-\(format.rawValue).zip"),
        ],
        body: .init(byteBuffer: ByteBuffer(data: try zipArchive(files))))
    }
    let chapter = query.get("chapter").flatMap { Int($0) }
    let text =
      if let chapter {
        try await store.exportChapter(bibleID: bibleID, code: code, chapter: chapter, format: format)
      } else {
        try await store.exportBook(bibleID: bibleID, code: code, format: format)
      }
    var headers: HTTPFields = [
      .contentType: format == .usx ? "application/xml; charset=utf-8" : "text/plain; charset=utf-8"
    ]
    if query.get("download") == "1" {
      let bible = try await store.bible(bibleID)
      let spec = try bible.catalog.requireBook(code: code)
      headers[.contentDisposition] = attachment(
        exportFileName(book: spec, bibleName: bible.name, chapter: chapter, format: format))
    }
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
  }

  private func bibleID(_ context: BasicRequestContext) throws -> Int64 {
    try context.parameters.require("bible", as: Int64.self)
  }

  private func itemID(_ context: BasicRequestContext) throws -> Int64 {
    try context.parameters.require("id", as: Int64.self)
  }
}
