import Foundation
import Hummingbird
import Lexikon

/// Lexikon's JSON API under `/api/lexikon` (see API.md). A lookup is a POST: it writes the cache.
struct LexikonAPI: Sendable {
  let service: LexikonService

  struct LookupBody: Decodable {
    let direction: String
    let word: String
    let fresh: Bool?
  }
  func register(on group: RouterGroup<BasicRequestContext>) {
    group.get("dictionaries") { _, _ in
      JSONResponse(try await service.dictionaries())
    }
    group.post("lookup") { request, context in
      let body = try await request.decode(as: LookupBody.self, context: context)
      return JSONResponse(try await service.lookup(body.word, direction: body.direction, fresh: body.fresh ?? false))
    }
    group.get("cached") { request, _ in
      JSONResponse(
        try await service.cachedResult(try required(request, "word"), direction: try required(request, "direction")))
    }
    group.get("match") { request, _ in
      let limit = try number(request.uri.queryParameters.get("limit"), name: "limit") ?? 50
      return JSONResponse(
        try await service.match(
          try required(request, "prefix"), direction: try required(request, "direction"), limit: limit))
    }
    group.get("cache") { request, _ in
      let limit = min(try number(request.uri.queryParameters.get("limit"), name: "limit") ?? 100, 1000)
      let filter = request.uri.queryParameters.get("filter") ?? ""
      return JSONResponse(
        try await service.store.filter(filter, direction: try required(request, "direction"), limit: limit))
    }
    group.delete("cache") { request, _ in
      let direction = try required(request, "direction")
      if request.uri.queryParameters.get("all") == "1" {
        return JSONResponse(["removed": try await service.store.clear(direction: direction)])
      }
      let word = try required(request, "word")
      try await service.forget(word, direction: direction)
      return JSONResponse(["removed": 1])
    }
    group.get("state") { _, _ in JSONResponse(try await service.store.state()) }
    group.put("state") { request, context in
      let state = try await request.decode(as: LexikonState.self, context: context)
      try await service.store.saveState(state)
      return JSONResponse(try await service.store.state())
    }
  }
}
