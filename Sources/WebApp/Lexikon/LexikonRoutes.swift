import Foundation
import Hummingbird
import Lexikon

/// Lexikon's page `/lexikon` and JSON API under `/api/lexikon` (see API.md). A lookup is a POST:
/// it writes the cache.
struct LexikonRoutes: AppRoutes {
  let service: LexikonService
  let pages: Pages

  var routes: [Route] {
    [
      .get("/lexikon", page),
      .get("/api/lexikon/dictionaries", dictionaries),
      .post("/api/lexikon/lookup", lookup),
      .get("/api/lexikon/cached", cached),
      .get("/api/lexikon/match", match),
      .get("/api/lexikon/cache", cache),
      .delete("/api/lexikon/cache", forget),
      .get("/api/lexikon/state", state),
      .put("/api/lexikon/state", saveState),
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
    let filter = request.uri.queryParameters.get("filter") ?? ""
    return JSONResponse(
      CachePageJSON(try await service.store.filter(filter, direction: try required(request, "direction"), limit: limit))
    )
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
