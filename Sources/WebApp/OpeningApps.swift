import Hummingbird
import KeyItTeam
import ServiceLifecycle
import ShareSynchServer

/// What start-up opens after the server listens: every app's routes, ShareSynch's services (its
/// presentations and inbox) and Key It's team sync.
public struct OpenedApps: Sendable {
  let responder: RouterResponder<BasicRequestContext>
  /// ShareSynch's services, open on the data folder.
  public let shareSynch: ShareSynchServices
  let teamSync: TeamSyncService
}

/// Answers with the apps' routes once start-up has opened them; a request that comes sooner waits
/// for them (and is answered 500 if they could not be opened, while the server stops).
struct OpeningResponder: HTTPResponder {
  let opening: Task<OpenedApps, any Error>

  func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
    try await opening.value.responder.respond(to: request, context: context)
  }
}

/// Start-up's second half, run beside the server: waits for the apps to open, failing with the
/// reason they could not (which stops the server), then runs Key It's team sync.
struct OpeningService: Service {
  let opening: Task<OpenedApps, any Error>

  func run() async throws {
    try await opening.value.teamSync.run()
  }
}
