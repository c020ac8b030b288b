import Foundation
import KeyIt
import NIOCore
import SyncHub
import SyncLog

/// Joining, syncing and probing a team's hub over HTTP, every failure turned into a `KeyItError`
/// (unreachable, refused) that a page or the command line can word.
public struct TeamHub: Sendable {
  public let store: KeyItStore
  /// How long one hub request may take before the hub counts as unreachable.
  public var timeout: TimeAmount

  public init(store: KeyItStore, timeout: TimeAmount = .seconds(10)) {
    self.store = store
    self.timeout = timeout
  }

  /// Joins the team of `bibleUID` at `hub` (as typed) with a member's `token`: shares the Bible this
  /// device has, or fetches it whole.
  @discardableResult
  public func join(bibleUID: String, hub: String, token: String) async throws -> Bible {
    let address = try KeyItStore.hubAddress(hub)
    let token = try KeyItStore.memberToken(token)
    let uid = bibleUID.trimmingCharacters(in: .whitespacesAndNewlines)
    // A text id is letters, digits and dashes; anything else names no Bible (and stays out of the hub's paths).
    guard !uid.isEmpty, uid.count <= 100, uid.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
    else { throw KeyItError.notOnHub(bibleUID: bibleUID) }
    return try await Self.translatingHubErrors {
      try await store.joinTeam(
        bibleUID: uid, hubAddress: address, token: token, through: client(address, token: token))
    }
  }

  /// One sync of a shared Bible now; records whether the hub was reached.
  @discardableResult
  public func sync(_ membership: TeamMembership) async throws -> KeyItSync.Report {
    do {
      let report = try await Self.translatingHubErrors {
        try await KeyItSync(store: store, hub: client(membership.hub, token: membership.token))
          .sync(bibleUID: membership.bibleUID)
      }
      try await store.recordTeamAttempt(bibleUID: membership.bibleUID, error: nil)
      return report
    } catch let error as KeyItError {
      try? await store.recordTeamAttempt(bibleUID: membership.bibleUID, error: error.description)
      throw error
    }
  }

  /// Whether the hub answers this member now.
  public func probe(_ membership: TeamMembership) async -> Bool {
    let project = SyncChange.keyItProject(bibleUID: membership.bibleUID)
    return (try? await client(membership.hub, token: membership.token).heads(project: project)) != nil
  }

  func client(_ address: URL, token: String) -> HubClient {
    HubClient(base: address, token: token, timeout: timeout)
  }

  /// Runs `body`; a refusal or a transport or protocol failure becomes a `KeyItError`.
  static func translatingHubErrors<Result>(_ body: () async throws -> Result) async throws -> Result {
    do {
      return try await body()
    } catch let error as KeyItError {
      throw error
    } catch let error as HubClientError {
      guard case .refused(let status, _) = error else { throw error }
      throw KeyItError.hubRefused(status: status)
    } catch is CancellationError {
      throw CancellationError()
    } catch is DecodingError {
      throw KeyItError.hubUnreachable(.notAHub)
    } catch {
      throw KeyItError.hubUnreachable(HubUnreachable(networkError: String(describing: error)))
    }
  }
}
