import AppSupport
import Foundation
import Hummingbird
import Localization
import Phrasebook

/// Phrasebook's pages under `/phrasebook` and JSON API under `/api/phrasebook` (see API.md).
/// `?book=NAME` names the phrasebook a page shows and every call is about (default: the last
/// used). Games are created from the phrasebook and then played statelessly: the page sends the
/// game back with each answer and the core applies the rules.
struct PhrasebookRoutes: AppRoutes {
  let store: PhrasebookStore
  let pages: Pages
  let jobs = ImportJobs()
  /// espeak-ng's voices, its audio cached in the media folder's `speech/`.
  let speech: Speech
  /// The stems of a word, for search and typed answers (none unless given).
  let stems: Stems

  init(store: PhrasebookStore, pages: Pages, speech: Speech? = nil, stems: @escaping Stems = noStems) {
    self.store = store
    self.pages = pages
    self.stems = stems
    self.speech = speech ?? Speech(folder: store.mediaFolder.appendingPathComponent("speech"))
  }

  var routes: [Route] {
    [
      .get("/phrasebook", page("phrasebook-list", title: t("phrasebook.title.list"))),
      .get("/phrasebook/revision", page("phrasebook-revision", title: t("phrasebook.title.revision"))),
      .get("/phrasebook/tagged", page("phrasebook-tagged", title: t("phrasebook.title.tagged"))),
      .get("/phrasebook/games", page("phrasebook-games", title: t("phrasebook.title.games"))),
      .get("/phrasebook/word", page("phrasebook-word", title: t("phrasebook.title.word"))),
      .get("/phrasebook/import", page("phrasebook-import", title: t("phrasebook.title.import"))),

      .get("/api/phrasebook/books", phrasebooks),
      .post("/api/phrasebook/books", createPhrasebook),
      .get("/api/phrasebook/languages", languages),
      .get("/api/phrasebook/pairs", pairs),
      .post("/api/phrasebook/pairs", savePair),
      .get("/api/phrasebook/search-ahead", searchAhead),
      .get("/api/phrasebook/index", letterOffset),
      .get("/api/phrasebook/pairs/:id", pair),
      .put("/api/phrasebook/pairs/:id", updatePair),
      .post("/api/phrasebook/pairs/:id/image", setImage),
      .delete("/api/phrasebook/pairs/:id", deletePair),
      .get("/api/phrasebook/pairs/:id/audio/:side", audio),
      .put("/api/phrasebook/pairs/:id/audio/:side", setRecording),
      .delete("/api/phrasebook/pairs/:id/audio/:side", deleteRecording),
      .get("/api/phrasebook/media/:name", media),
      .get("/api/phrasebook/links", links),
      .get("/api/phrasebook/tags", tags),
      .get("/api/phrasebook/due", due),
      .get("/api/phrasebook/revision", revision),
      .post("/api/phrasebook/pairs/:id/reviews", review),
      .post("/api/phrasebook/pairs/:id/check", checkAnswer),
      .post("/api/phrasebook/import", importFile),
      .post("/api/phrasebook/import-url", importURL),
      .get("/api/phrasebook/import-url/:id", importStatus),
      .delete("/api/phrasebook/import-url/:id", cancelImport),
      .get("/api/phrasebook/settings", settings),
      .put("/api/phrasebook/settings", saveSettings),
      .get("/api/phrasebook/export", export),
      .get("/api/phrasebook/games/translation", newTranslationGame),
      .post("/api/phrasebook/games/translation/answer", answer),
      .get("/api/phrasebook/games/hangman", newHangman),
      .post("/api/phrasebook/games/hangman/guess", guess),
    ]
  }

  // MARK: Pages

  /// A page of the phrasebook `?book=` names, or the form for a first phrasebook when none exists.
  /// The title is worded for each request, in its language.
  func page(_ template: String, title: @autoclosure @escaping @Sendable () -> String)
    -> @Sendable (Request, BasicRequestContext) async throws -> Response
  {
    { request, _ in
      let books = try await store.phrasebooks()
      let current: Phrasebook? = books.isEmpty ? nil : try await store.phrasebook(book(request))
      return try pages.render(
        current == nil ? "phrasebook-new" : template,
        try PhrasebookPage(title: title(), books: books, current: current, speech: speech))
    }
  }

  // MARK: Phrasebooks and pairs

  @Sendable func phrasebooks(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<[PhrasebookJSON]>
  {
    JSONResponse(try await store.phrasebooks().map { PhrasebookJSON($0) })
  }

  @Sendable func createPhrasebook(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<PhrasebookJSON>
  {
    let body = try await request.decode(as: NewPhrasebookJSON.self, context: context)
    return JSONResponse(
      PhrasebookJSON(try await store.createPhrasebook(name: body.name, languages: body.languages)), status: .created)
  }

  /// The languages the new-phrasebook picker offers, named in English, in the request's language and
  /// in themselves.
  @Sendable func languages(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<[LanguageName]>
  {
    JSONResponse(LanguageNames.all(in: requestLocalizer.language))
  }

  @Sendable func pairs(_ request: Request, _ context: BasicRequestContext) async throws -> JSONResponse<PairPageJSON> {
    let query = request.uri.queryParameters
    let offset = try number(query.get("offset"), name: "offset") ?? 0
    let limit = try number(query.get("limit"), name: "limit")
    if let typed = query.get("q"), !typed.trimmingCharacters(in: .whitespaces).isEmpty {
      return JSONResponse(
        PairPageJSON(
          try await store.searchPage(typed, in: book(request), offset: offset, limit: limit, stems: stems)))
    }
    let tag = query.get("tag").flatMap { $0.isEmpty ? nil : $0 }
    return JSONResponse(
      PairPageJSON(try await store.pairsPage(in: book(request), tag: tag, offset: offset, limit: limit)))
  }

  /// The first `limit` results (at most `PhrasebookStore.searchAheadLimit`) of each key that may be
  /// typed after `q`.
  @Sendable func searchAhead(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<SearchAheadJSON>
  {
    let query = request.uri.queryParameters
    let typed = query.get("q") ?? ""
    let limit = try number(query.get("limit"), name: "limit") ?? PhrasebookStore.searchAheadLimit
    let next = try await store.searchAhead(typed, in: book(request), limit: limit, stems: stems)
    return JSONResponse(SearchAheadJSON(query: typed, next: next))
  }

  @Sendable func savePair(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<SavedPairJSON>
  {
    let body = try await request.decode(as: PairInputJSON.self, context: context)
    let (pair, created) = try await store.save(body.input, in: book(request))
    return JSONResponse(SavedPairJSON(pair: PairJSON(pair), created: created), status: created ? .created : .ok)
  }

  /// The edit form's save: words, fields and exactly these tags, the pair keeping its id.
  @Sendable func updatePair(_ request: Request, _ context: BasicRequestContext) async throws -> JSONResponse<PairJSON> {
    let body = try await request.decode(as: PairInputJSON.self, context: context)
    return JSONResponse(
      PairJSON(try await store.update(pairID: try pairID(context), with: body.input, in: book(request))))
  }

  @Sendable func letterOffset(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<LetterOffsetJSON>
  {
    let letter = try required(request, "letter")
    return JSONResponse(LetterOffsetJSON(offset: try await store.position(ofLetter: letter, in: book(request))))
  }

  /// A pair with its tags and the sides it has a recording of.
  @Sendable func pair(_ request: Request, _ context: BasicRequestContext) async throws -> JSONResponse<PairJSON> {
    let id = try pairID(context)
    var pair = PairJSON(try await store.pair(id: id))
    pair.recorded = try await store.recordedSides(pairID: id)
    return JSONResponse(pair)
  }

  // MARK: Sound

  /// A word's sound: its recording, else espeak-ng's voice (made once and cached); 404 when there
  /// is neither.
  @Sendable func audio(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    guard let audio = try await store.audio(pairID: try pairID(context), side: try side(context), speech: speech)
    else { throw HTTPError(.notFound, message: t("phrasebook.error.noVoice")) }
    let data = try await runBlocking { try Data(contentsOf: audio.file) }
    return Response(
      status: .ok,
      headers: [
        .contentType: audio.contentType, .init("X-Content-Type-Options")!: "nosniff",
        .cacheControl: "no-cache",
      ],
      body: .init(byteBuffer: ByteBuffer(data: data)))
  }

  /// Stores a recording made in the browser (its Content-Type must say what its bytes are).
  @Sendable func setRecording(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    let data = Data(buffer: try await request.body.collect(upTo: PhrasebookStore.maxRecordingBytes + 1))
    try await store.setRecording(
      pairID: try pairID(context), side: try side(context), data: data,
      contentType: request.headers[.contentType] ?? "")
    return Response(status: .noContent)
  }

  @Sendable func deleteRecording(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    try await store.deleteRecording(pairID: try pairID(context), side: try side(context))
    return Response(status: .noContent)
  }

  @Sendable func setImage(_ request: Request, _ context: BasicRequestContext) async throws -> JSONResponse<PairJSON> {
    let data = Data(buffer: try await request.body.collect(upTo: context.maxUploadSize))
    return JSONResponse(PairJSON(try await store.setImage(pairID: try pairID(context), data: data)))
  }

  @Sendable func deletePair(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    try await store.delete(pairID: try pairID(context))
    return Response(status: .noContent)
  }

  @Sendable func media(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    let name = try context.parameters.require("name")
    guard !name.hasPrefix("."), !name.contains("/"),
      let data = FileManager.default.contents(atPath: store.mediaFolder.appendingPathComponent(name).path)
    else { throw HTTPError(.notFound, message: t("phrasebook.error.noImage")) }
    let types = ["png": "image/png", "jpg": "image/jpeg", "gif": "image/gif", "webp": "image/webp"]
    return Response(
      status: .ok,
      headers: [
        .contentType: types[(name as NSString).pathExtension] ?? "application/octet-stream",
        .init("X-Content-Type-Options")!: "nosniff",
      ],
      body: .init(byteBuffer: ByteBuffer(data: data)))
  }

  @Sendable func links(_ request: Request, _ context: BasicRequestContext) async throws -> JSONResponse<WordLink> {
    guard let word = request.uri.queryParameters.get("word") else {
      throw HTTPError(.badRequest, message: t("error.missing", ["name": "word"]))
    }
    return JSONResponse(try await store.links(for: word, in: book(request)))
  }

  @Sendable func tags(_ request: Request, _ context: BasicRequestContext) async throws -> JSONResponse<[TagCountJSON]> {
    JSONResponse(try await store.tags(in: book(request)).map { TagCountJSON(name: $0.name, pairs: $0.pairs) })
  }

  // MARK: Revision

  @Sendable func due(_ request: Request, _ context: BasicRequestContext) async throws -> JSONResponse<[DueCount]> {
    JSONResponse(try await store.dueCounts(in: book(request)))
  }

  @Sendable func revision(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<[RevisionCardJSON]>
  {
    let query = request.uri.queryParameters
    let filter = RevisionFilter(
      direction: try direction(request), tag: query.get("tag").flatMap { $0.isEmpty ? nil : $0 },
      area: query.get("area").flatMap { $0.isEmpty ? nil : $0 })
    var random = SystemRandomNumberGenerator()
    return JSONResponse(
      try await store.revisionSession(in: book(request), filter: filter, using: &random).map(RevisionCardJSON.init))
  }

  @Sendable func review(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<ReviewResultJSON>
  {
    let body = try await request.decode(as: ReviewJSON.self, context: context)
    guard let rating = Rating(name: body.rating) else {
      throw HTTPError(.badRequest, message: t("phrasebook.error.rating"))
    }
    let record = try await store.review(pairID: try pairID(context), direction: body.direction, rating: rating)
    return JSONResponse(ReviewResultJSON(record), status: .created)
  }

  /// Grades a typed answer and proposes a rating; nothing is recorded.
  @Sendable func checkAnswer(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<AnswerCheckJSON>
  {
    let body = try await request.decode(as: TypedAnswerJSON.self, context: context)
    return JSONResponse(
      AnswerCheckJSON(
        try await store.checkAnswer(
          pairID: try pairID(context), direction: body.direction, typed: body.answer, stems: stems)))
  }

  // MARK: Import, export and settings

  /// Imports an uploaded file; `?format=` names its format, else `?name=` (the file's name) or its
  /// content decides.
  @Sendable func importFile(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<ImportReportJSON>
  {
    let format = try transferFormat(request, required: false)
    let data = Data(buffer: try await request.body.collect(upTo: context.maxUploadSize))
    let chosen = format ?? TransferFormat.detect(fileName: request.uri.queryParameters.get("name"), data: data)
    return JSONResponse(
      ImportReportJSON(try await store.importPairs(data, format: chosen, in: book(request)), words: requestLocalizer))
  }

  @Sendable func importURL(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<ImportJobJSON>
  {
    let body = try await request.decode(as: ImportURLJSON.self, context: context)
    let id = jobs.start(url: body.url, format: body.format, book: book(request), store: store)
    return JSONResponse(ImportJobJSON(id: id), status: .accepted)
  }

  @Sendable func importStatus(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<ImportJobs.Status>
  {
    guard let status = jobs.status(try context.parameters.require("id")) else {
      throw HTTPError(.notFound, message: t("phrasebook.error.noImport"))
    }
    return JSONResponse(status)
  }

  @Sendable func cancelImport(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    guard jobs.cancel(try context.parameters.require("id")) else {
      throw HTTPError(.notFound, message: t("phrasebook.error.noImport"))
    }
    return Response(status: .noContent)
  }

  @Sendable func settings(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<PhrasebookSettingsJSON>
  {
    JSONResponse(
      PhrasebookSettingsJSON(
        allowedHosts: try await store.allowedHosts(), newCardsPerDay: try await store.newCardsPerDay()))
  }

  @Sendable func saveSettings(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<PhrasebookSettingsJSON>
  {
    let body = try await request.decode(as: PhrasebookSettingsJSON.self, context: context)
    // Both are checked before either is saved.
    if let limit = body.newCardsPerDay, !(0...PhrasebookStore.maxNewCardsPerDay).contains(limit) {
      throw PhrasebookError.badNewCardLimit(limit)
    }
    if let limit = body.newCardsPerDay { try await store.setNewCardsPerDay(limit) }
    if let hosts = body.allowedHosts { try await store.setAllowedHosts(hosts) }
    return try await settings(request, context)
  }

  @Sendable func export(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    let format = try transferFormat(request, required: true)!
    let phrasebook = try await store.phrasebook(book(request))
    let data = try await store.export(format: format, in: phrasebook.name)
    let types: [TransferFormat: String] = [
      .json: "application/json", .csv: "text/csv; charset=utf-8", .apkg: "application/octet-stream",
    ]
    return Response(
      status: .ok,
      headers: [
        .contentType: types[format]!, .contentDisposition: attachment("\(phrasebook.name).\(format.rawValue)"),
      ],
      body: .init(byteBuffer: ByteBuffer(data: data)))
  }

  // MARK: Games

  @Sendable func newTranslationGame(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<TranslationStateJSON>
  {
    var random = SystemRandomNumberGenerator()
    let pairs = try await store.pairs(in: book(request)).map(\.pair)
    let game = try TranslationGame(pairs: pairs, direction: try direction(request) ?? .forward, using: &random)
    return JSONResponse(TranslationStateJSON(game, correct: nil))
  }

  @Sendable func answer(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<TranslationStateJSON>
  {
    var body = try await request.decode(as: AnswerJSON.self, context: context)
    switch (body.choice, body.typed) {
    case (let choice?, nil):
      let correct = try body.game.answer(choice)
      return JSONResponse(TranslationStateJSON(body.game, correct: correct))
    case (nil, let typed?):
      let phrasebook = try await store.phrasebook(book(request))
      let language = try direction(request) == .reverse ? phrasebook.languageOneCode : phrasebook.languageTwoCode
      let check = try body.game.answer(typed: typed, language: language) { stems($0, language) }
      return JSONResponse(TranslationStateJSON(body.game, correct: check.verdict != .wrong, check: check))
    default: throw HTTPError(.badRequest, message: t("phrasebook.error.choiceOrTyped"))
    }
  }

  @Sendable func newHangman(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<HangmanStateJSON>
  {
    var random = SystemRandomNumberGenerator()
    let pairs = try await store.pairs(in: book(request)).map(\.pair)
    let phrasebook = try await store.phrasebook(book(request))
    let direction = try direction(request) ?? .forward
    let game = try Hangman.random(
      pairs: pairs, direction: direction,
      language: direction == .forward ? phrasebook.languageTwoCode : phrasebook.languageOneCode,
      includeContext: request.uri.queryParameters.get("context") == "1", using: &random)
    return JSONResponse(HangmanStateJSON(game, outcome: nil))
  }

  @Sendable func guess(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<HangmanStateJSON>
  {
    var body = try await request.decode(as: GuessJSON.self, context: context)
    let outcome = try body.game.guess(body.letter)
    return JSONResponse(HangmanStateJSON(body.game, outcome: outcome))
  }

  // MARK: Request parts

  /// The phrasebook a request names with `?book=NAME`, or nil for the last used.
  private func book(_ request: Request) -> String? {
    request.uri.queryParameters.get("book").flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The direction a request names with `?direction=forward|reverse`, or nil for none.
  private func direction(_ request: Request) throws -> Direction? {
    guard let name = request.uri.queryParameters.get("direction"), !name.isEmpty else { return nil }
    guard let direction = Direction(rawValue: name) else {
      throw HTTPError(.badRequest, message: t("phrasebook.error.direction"))
    }
    return direction
  }

  /// The format `?format=` names; a 400 when it names none (or is missing and `required`).
  private func transferFormat(_ request: Request, required: Bool) throws -> TransferFormat? {
    guard let name = request.uri.queryParameters.get("format"), !name.isEmpty else {
      if required { throw HTTPError(.badRequest, message: t("phrasebook.error.format")) }
      return nil
    }
    guard let format = TransferFormat(rawValue: name) else {
      throw HTTPError(.badRequest, message: t("phrasebook.error.format"))
    }
    return format
  }

  private func side(_ context: BasicRequestContext) throws -> PairSide {
    guard let side = PairSide(rawValue: try context.parameters.require("side")) else {
      throw HTTPError(.badRequest, message: t("phrasebook.error.side"))
    }
    return side
  }

  private func pairID(_ context: BasicRequestContext) throws -> Int64 {
    try context.parameters.require("id", as: Int64.self)
  }
}
