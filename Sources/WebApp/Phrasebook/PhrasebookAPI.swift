import Foundation
import Hummingbird
import Phrasebook

/// Phrasebook's JSON API under `/api/phrasebook` (see API.md): what the pages' scripts call. Each
/// route parses, calls one store method and renders; the rules live in the store. `?book=NAME`
/// picks a phrasebook (default: the last used).
struct PhrasebookAPI: Sendable {
  let store: PhrasebookStore
  let jobs = ImportJobs()

  struct NewBook: Decodable {
    let name: String
    let languages: String
  }
  struct PairBody: Decodable {
    let wordOne: String
    let wordTwo: String
    let type: String?
    let context: String?
    let area: String?
    let note: String?
    let imageURL: String?
    let imageCredit: String?
    let imageLicence: String?
    let tags: [String]?
  }
  struct ReviewBody: Decodable {
    let direction: Direction
    /// again, hard, good or easy (or the seed's correct / false).
    let rating: String
  }
  struct Saved: Encodable {
    let pair: TaggedPair
    let created: Bool
  }

  func register(on group: RouterGroup<BasicRequestContext>) {
    registerGames(on: group)
    group.get("books") { _, _ in JSONResponse(try await store.phrasebooks()) }
    group.post("books") { request, context in
      let body = try await request.decode(as: NewBook.self, context: context)
      return JSONResponse(
        try await store.createPhrasebook(name: body.name, languages: body.languages), status: .created)
    }
    group.get("pairs") { request, _ in
      let query = request.uri.queryParameters
      let offset = try number(query.get("offset"), name: "offset") ?? 0
      let limit = try number(query.get("limit"), name: "limit")
      if let typed = query.get("q"), !typed.trimmingCharacters(in: .whitespaces).isEmpty {
        return JSONResponse(try await store.searchPage(typed, in: book(request), offset: offset, limit: limit))
      }
      let tag = query.get("tag").flatMap { $0.isEmpty ? nil : $0 }
      return JSONResponse(try await store.pairsPage(in: book(request), tag: tag, offset: offset, limit: limit))
    }
    group.post("pairs") { request, context in
      let body = try await request.decode(as: PairBody.self, context: context)
      let input = PairInput(
        wordOne: body.wordOne, wordTwo: body.wordTwo, type: body.type, context: body.context, area: body.area,
        note: body.note, imageURL: body.imageURL, imageCredit: body.imageCredit, imageLicence: body.imageLicence,
        tags: body.tags ?? [])
      let (pair, created) = try await store.save(input, in: book(request))
      return JSONResponse(Saved(pair: pair, created: created), status: created ? .created : .ok)
    }
    group.get("index") { request, _ in
      guard let letter = request.uri.queryParameters.get("letter"), !letter.isEmpty else {
        throw HTTPError(.badRequest, message: "letter is missing")
      }
      return JSONResponse(["offset": try await store.position(ofLetter: letter, in: book(request))])
    }
    group.get("pairs/:id") { _, context in
      JSONResponse(try await store.pair(id: try context.parameters.require("id", as: Int64.self)))
    }
    group.post("pairs/:id/image") { request, context in
      let data = Data(buffer: try await request.body.collect(upTo: context.maxUploadSize))
      let id = try context.parameters.require("id", as: Int64.self)
      return JSONResponse(try await store.setImage(pairID: id, data: data))
    }
    group.get("media/:name") { _, context in
      let name = try context.parameters.require("name")
      guard !name.hasPrefix("."), !name.contains("/"),
        let data = FileManager.default.contents(atPath: store.mediaFolder.appendingPathComponent(name).path)
      else { throw HTTPError(.notFound, message: "no such image") }
      let types = ["png": "image/png", "jpg": "image/jpeg", "gif": "image/gif", "webp": "image/webp"]
      return Response(
        status: .ok,
        headers: [
          .contentType: types[(name as NSString).pathExtension] ?? "application/octet-stream",
          .init("X-Content-Type-Options")!: "nosniff",
        ],
        body: .init(byteBuffer: ByteBuffer(data: data)))
    }
    group.delete("pairs/:id") { _, context in
      try await store.delete(pairID: try context.parameters.require("id", as: Int64.self))
      return Response(status: .noContent)
    }
    group.get("links") { request, _ in
      guard let word = request.uri.queryParameters.get("word") else {
        throw HTTPError(.badRequest, message: "word is missing")
      }
      return JSONResponse(try await store.links(for: word, in: book(request)))
    }
    group.get("tags") { request, _ in
      JSONResponse(try await store.tags(in: book(request)).map { TagCount(name: $0.name, pairs: $0.pairs) })
    }
    group.get("due") { request, _ in JSONResponse(try await store.dueCounts(in: book(request))) }
    group.get("revision") { request, _ in
      let query = request.uri.queryParameters
      let filter = RevisionFilter(
        direction: try direction(request), tag: query.get("tag").flatMap { $0.isEmpty ? nil : $0 },
        area: query.get("area").flatMap { $0.isEmpty ? nil : $0 })
      var random = SystemRandomNumberGenerator()
      return JSONResponse(try await store.revisionSession(in: book(request), filter: filter, using: &random))
    }
    group.post("pairs/:id/reviews") { request, context in
      let body = try await request.decode(as: ReviewBody.self, context: context)
      guard let rating = Rating(name: body.rating) else {
        throw HTTPError(.badRequest, message: "rating must be again, hard, good or easy")
      }
      let record = try await store.review(
        pairID: try context.parameters.require("id", as: Int64.self), direction: body.direction, rating: rating)
      return JSONResponse(record, status: .created)
    }
    group.post("import") { request, context in
      guard let name = request.uri.queryParameters.get("format"), let format = TransferFormat(rawValue: name) else {
        throw HTTPError(.badRequest, message: "format must be json, csv or apkg")
      }
      let data = Data(buffer: try await request.body.collect(upTo: context.maxUploadSize))
      return JSONResponse(try await store.importPairs(data, format: format, in: book(request)))
    }
    group.post("import-url") { request, context in
      let body = try await request.decode(as: URLBody.self, context: context)
      let id = jobs.start(url: body.url, format: body.format, book: book(request), store: store)
      return JSONResponse(["id": id], status: .accepted)
    }
    group.get("import-url/:id") { _, context in
      guard let status = jobs.status(try context.parameters.require("id")) else {
        throw HTTPError(.notFound, message: "no such import")
      }
      return JSONResponse(status)
    }
    group.delete("import-url/:id") { _, context in
      guard jobs.cancel(try context.parameters.require("id")) else {
        throw HTTPError(.notFound, message: "no such import")
      }
      return Response(status: .noContent)
    }
    group.get("settings") { _, _ in JSONResponse(Settings(allowedHosts: try await store.allowedHosts())) }
    group.put("settings") { request, context in
      let body = try await request.decode(as: Settings.self, context: context)
      return JSONResponse(Settings(allowedHosts: try await store.setAllowedHosts(body.allowedHosts)))
    }
    group.get("export") { request, _ in
      guard let name = request.uri.queryParameters.get("format"), let format = TransferFormat(rawValue: name) else {
        throw HTTPError(.badRequest, message: "format must be json, csv or apkg")
      }
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
  }

  struct AnswerBody: Decodable {
    var game: TranslationGame
    let choice: Int
  }
  struct GuessBody: Decodable {
    var game: Hangman
    let letter: String
  }
  /// A translation game after an answer, with what the page shows.
  struct TranslationState: Encodable {
    let game: TranslationGame
    let correct: Bool?
    let finished: Bool
    let score: Int
    let mistakes: [TranslationMistake]
    init(_ game: TranslationGame, correct: Bool?) {
      self.game = game
      self.correct = correct
      finished = game.isFinished
      score = game.score
      mistakes = game.mistakes
    }
  }
  /// A hangman game after a guess, with what the page shows (the word only once it is over).
  struct HangmanState: Encodable {
    let game: Hangman
    let display: String
    let status: Hangman.Status
    let livesLeft: Int
    let outcome: Hangman.Outcome?
    init(_ game: Hangman, outcome: Hangman.Outcome?) {
      self.game = game
      display = game.display
      status = game.status
      livesLeft = game.livesLeft
      self.outcome = outcome
    }
  }

  /// The game routes: a game is created from the phrasebook and then played statelessly, the page
  /// sending the game back with each answer and the core applying the rules.
  func registerGames(on group: RouterGroup<BasicRequestContext>) {
    group.get("games/translation") { request, _ in
      var random = SystemRandomNumberGenerator()
      let pairs = try await store.pairs(in: book(request)).map(\.pair)
      let game = try TranslationGame(pairs: pairs, direction: try direction(request) ?? .forward, using: &random)
      return JSONResponse(TranslationState(game, correct: nil))
    }
    group.post("games/translation/answer") { request, context in
      var body = try await request.decode(as: AnswerBody.self, context: context)
      let correct = try body.game.answer(body.choice)
      return JSONResponse(TranslationState(body.game, correct: correct))
    }
    group.get("games/hangman") { request, _ in
      var random = SystemRandomNumberGenerator()
      let pairs = try await store.pairs(in: book(request)).map(\.pair)
      let game = try Hangman.random(
        pairs: pairs, direction: try direction(request) ?? .forward,
        includeContext: request.uri.queryParameters.get("context") == "1", using: &random)
      return JSONResponse(HangmanState(game, outcome: nil))
    }
    group.post("games/hangman/guess") { request, context in
      var body = try await request.decode(as: GuessBody.self, context: context)
      let outcome = try body.game.guess(body.letter)
      return JSONResponse(HangmanState(body.game, outcome: outcome))
    }
  }

  /// Phrasebook's settings as the API reads and writes them.
  struct Settings: Codable {
    /// Hosts import-from-URL may reach although they are on this machine or the LAN.
    let allowedHosts: [String]
  }

  struct URLBody: Decodable {
    let url: String
    let format: TransferFormat?
  }

  struct TagCount: Encodable {
    let name: String
    let pairs: Int
  }
}

/// The phrasebook a request names with `?book=NAME`, or nil for the last used.
private func book(_ request: Request) -> String? {
  request.uri.queryParameters.get("book").flatMap { $0.isEmpty ? nil : $0 }
}

/// The direction a request names with `?direction=forward|reverse`, or nil for none.
private func direction(_ request: Request) throws -> Direction? {
  guard let name = request.uri.queryParameters.get("direction"), !name.isEmpty else { return nil }
  guard let direction = Direction(rawValue: name) else {
    throw HTTPError(.badRequest, message: "direction must be forward or reverse")
  }
  return direction
}

/// A whole number from the query string, or a 400 naming the parameter.
func number(_ text: String?, name: String) throws -> Int? {
  guard let text, !text.isEmpty else { return nil }
  guard let value = Int(text), value >= 0 else {
    throw HTTPError(.badRequest, message: "\(name) must be a whole number")
  }
  return value
}
