import AppSupport
import Foundation
import Hummingbird
import Lexikon
import Phrasebook

/// Lexikon's page `/lexikon` and JSON API under `/api/lexikon` (see API.md). A lookup is a POST:
/// it writes the cache.
struct LexikonRoutes: AppRoutes {
  let service: LexikonService
  let pages: Pages
  /// Where dictionaries added on the screen go (`DATA/dictionaries`).
  let shelf: DictionaryShelf
  /// espeak-ng's voices, the audio cached in the media folder's `speech/` (shared with Phrasebook).
  var speech: Speech? = nil

  var routes: [Route] {
    [
      .get("/lexikon", page),
      .get("/api/lexikon/dictionaries", dictionaries),
      .post("/api/lexikon/dictionaries", addDictionaryFile),
      .post("/api/lexikon/lookup", lookup),
      .get("/api/lexikon/cached", cached),
      .get("/api/lexikon/match", match),
      .get("/api/lexikon/cache", cache),
      .get("/api/lexikon/letters", letters),
      .delete("/api/lexikon/cache", forget),
      .get("/api/lexikon/state", state),
      .put("/api/lexikon/state", saveState),
      .get("/api/lexikon/voices", voices),
      .get("/api/lexikon/audio", audio),
    ]
  }

  @Sendable func page(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    try pages.render("lexikon", LexikonPage())
  }

  @Sendable func dictionaries(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<DictionaryList>
  {
    JSONResponse(try await service.dictionaries())
  }

  /// One file of a dictionary (`?file=NAME.ifo`), the body its bytes.
  @Sendable func addDictionaryFile(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<DictionaryShelf.Added>
  {
    let name = try required(request, "file")
    let data = Data(buffer: try await request.body.collect(upTo: shelf.maxBytes))
    let added = try await shelf.add(fileName: name, data: data)
    service.source.reload()
    return JSONResponse(added)
  }

  /// The source languages (three-letter codes, as directions name them) espeak-ng can speak.
  @Sendable func voices(_ request: Request, _ context: BasicRequestContext) async throws -> JSONResponse<[String]> {
    guard let speech else { return JSONResponse([]) }
    let sources = Set(try await service.dictionaries().dictionaries.map { String($0.direction.prefix { $0 != "-" }) })
    return JSONResponse(sources.filter { speech.voice(for: Languages.shortCode($0)) != nil }.sorted())
  }

  /// A word spoken in the source language of `direction` (`?direction=swe-eng&word=hund`), made
  /// once by espeak-ng and cached; 404 when that language has no voice.
  @Sendable func audio(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    let word = try required(request, "word")
    let language = Languages.shortCode(String(try required(request, "direction").prefix { $0 != "-" }))
    guard let speech, let file = try await runBlocking({ try speech.audio(word, language: language) }) else {
      throw HTTPError(.notFound, message: "espeak-ng has no voice for \(language)")
    }
    let data = try await runBlocking { try Data(contentsOf: file) }
    return Response(
      status: .ok,
      headers: [
        .contentType: "audio/wav", .init("X-Content-Type-Options")!: "nosniff", .cacheControl: "max-age=86400",
      ],
      body: .init(byteBuffer: ByteBuffer(data: data)))
  }

  @Sendable func lookup(_ request: Request, _ context: BasicRequestContext) async throws -> JSONResponse<LookupResult> {
    let body = try await request.decode(as: LookupJSON.self, context: context)
    return JSONResponse(try await service.lookup(body.word, direction: body.direction, fresh: body.fresh ?? false))
  }

  @Sendable func cached(_ request: Request, _ context: BasicRequestContext) async throws -> JSONResponse<LookupResult> {
    JSONResponse(
      try await service.cachedResult(try required(request, "word"), direction: try required(request, "direction")))
  }

  @Sendable func match(_ request: Request, _ context: BasicRequestContext) async throws -> JSONResponse<[String]> {
    let limit = try number(request.uri.queryParameters.get("limit"), name: "limit") ?? 50
    return JSONResponse(
      try await service.match(
        try required(request, "prefix"), direction: try required(request, "direction"), limit: limit))
  }

  @Sendable func cache(_ request: Request, _ context: BasicRequestContext) async throws -> JSONResponse<CachePageJSON> {
    let limit = min(try number(request.uri.queryParameters.get("limit"), name: "limit") ?? 100, 1000)
    let offset = try number(request.uri.queryParameters.get("offset"), name: "offset") ?? 0
    let filter = request.uri.queryParameters.get("filter") ?? ""
    return JSONResponse(
      CachePageJSON(
        try await service.store.filter(
          filter, direction: try required(request, "direction"), offset: offset, limit: limit)))
  }

  @Sendable func letters(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<[CacheLetter]>
  {
    JSONResponse(try await service.store.letters(direction: try required(request, "direction")))
  }

  @Sendable func forget(_ request: Request, _ context: BasicRequestContext) async throws -> JSONResponse<RemovedJSON> {
    let direction = try required(request, "direction")
    if request.uri.queryParameters.get("all") == "1" {
      return JSONResponse(RemovedJSON(removed: try await service.store.clear(direction: direction)))
    }
    try await service.forget(try required(request, "word"), direction: direction)
    return JSONResponse(RemovedJSON(removed: 1))
  }

  @Sendable func state(_ request: Request, _ context: BasicRequestContext) async throws -> JSONResponse<LexikonState> {
    JSONResponse(try await service.store.state())
  }

  @Sendable func saveState(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<LexikonState>
  {
    let state = try await request.decode(as: LexikonState.self, context: context)
    try await service.store.saveState(state)
    return JSONResponse(try await service.store.state())
  }
}
