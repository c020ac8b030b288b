import Foundation
import Hummingbird
import KeyIt
import KeyItTeam
import Localization

/// Key It's team pages and API: joining and leaving (setup page), the sync status every Key It
/// page polls, and the conflicts of a Bible to resolve.
extension KeyItRoutes {
  var teamRoutes: [Route] {
    [
      .post("/keyit/team/join", joinTeam),
      .post("/keyit/bibles/:bible/team/leave", leaveTeam),
      .get("/keyit/bibles/:bible/conflicts", conflictsPage),
      .post("/keyit/bibles/:bible/conflicts/resolve", resolveConflictForm),
      .get("/api/keyit/bibles/:bible/team", teamStatus),
    ]
  }

  /// What a join form answers with on the page itself: bad input, an unknown Bible, a hub that failed.
  static let formErrors: [HTTPResponse.Status] = [.unprocessableContent, .notFound, .badGateway]

  /// Joins a team from the setup page: shares the Bible with that id, or fetches it.
  @Sendable func joinTeam(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    struct Form: Decodable {
      let bibleUID: String
      let hub: String
      let token: String
    }
    let form = try await URLEncodedFormDecoder().decode(Form.self, from: request, context: context)
    do {
      let bible = try await TeamHub(store: store).join(bibleUID: form.bibleUID, hub: form.hub, token: form.token)
      await teamSync?.refresh()
      _ = try await store.selectBible(bible.bibleID!)
      return try await setupPage(notice: t("keyit.team.joinedNotice", ["bible": .text(bible.name)]))
    } catch let error as KeyItError where Self.formErrors.contains(error.status) {
      return try await setupPage(error: error.words, status: error.status)
    }
  }

  /// Leaves the team: the Bible stays, and stops syncing.
  @Sendable func leaveTeam(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    let bible = try await store.bible(try context.parameters.require("bible", as: Int64.self))
    try await store.leaveTeam(bibleUID: bible.uid)
    await teamSync?.refresh()
    return try await setupPage(notice: t("keyit.team.leftNotice", ["bible": .text(bible.name)]))
  }

  /// The Bible's sync for the status line: `joined` false when it shares nothing.
  @Sendable func teamStatus(_ request: Request, _ context: BasicRequestContext) async throws
    -> JSONResponse<TeamStatusJSON>
  {
    let status = try await store.teamStatus(bibleID: try context.parameters.require("bible", as: Int64.self))
    return JSONResponse(TeamStatusJSON(status))
  }

  /// The conflicts waiting (and those resolved, to undo), of one book (`?book=`) or the Bible.
  @Sendable func conflictsPage(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    let bible = try await store.bible(try context.parameters.require("bible", as: Int64.self))
    let book = request.uri.queryParameters.get("book")
    let all = try await store.conflicts(bibleID: bible.bibleID, includeResolved: true)
      .filter { book == nil || $0.book == book }
    let names = Dictionary(
      try await store.books(bibleID: bible.bibleID).map { ($0.book.bookCode, $0.book.bookName) },
      uniquingKeysWith: { a, _ in a })
    return try pages.render("keyit-conflicts", ConflictsPage(bible: bible, book: book, conflicts: all, names: names))
  }

  /// Settles a conflict from its form (keep mine, keep theirs, a merge, undo); back to the list.
  @Sendable func resolveConflictForm(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    struct Form: Decodable {
      let conflict: String
      let choice: ResolutionChoice
      let text: String?
      let book: String?
    }
    let form = try await URLEncodedFormDecoder().decode(Form.self, from: request, context: context)
    let bibleID = try context.parameters.require("bible", as: Int64.self)
    try await store.resolveConflict(bibleID: bibleID, conflictID: form.conflict, choice: form.choice, text: form.text)
    let query = form.book.map { "?book=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") }
    return redirect("/keyit/bibles/\(bibleID)/conflicts\(query ?? "")")
  }
}

/// `GET /api/keyit/bibles/{bible}/team`: the status, and the line the pages show, in the request's language.
struct TeamStatusJSON: Codable, Sendable {
  let joined: Bool
  let status: TeamStatus?
  let summary: String?

  init(_ status: TeamStatus?) {
    joined = status != nil
    self.status = status
    summary = status.map { KeyItWords.teamSummary($0, requestLocalizer) }
  }
}
