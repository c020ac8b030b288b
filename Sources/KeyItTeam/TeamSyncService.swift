import Foundation
import KeyIt
import Logging
import ServiceLifecycle
import Synchronization

/// `serve`'s team sync: for every Bible this device shares, syncs at start, shortly after every
/// local save, whenever the hub pushes a change, and every `interval` otherwise; backs off while
/// the hub cannot be reached. One sync at a time per Bible; saves never wait for it.
public actor TeamSyncService: Service {
  public struct Timing: Sendable {
    /// The fallback sync period (and the longest backoff).
    public var interval: Duration = .seconds(30)
    /// The shortest time between the end of one sync and a sync for a save.
    public var debounce: Duration = .milliseconds(300)
    /// The first pause after a failed sync; it doubles up to `interval`.
    public var firstBackoff: Duration = .seconds(1)
    /// Whether to keep the hub's live socket open (tests of the loop alone leave it closed).
    public var live = true
    public init(interval: Duration = .seconds(30)) { self.interval = interval }
  }

  let hub: TeamHub
  let timing: Timing
  let logger: Logger
  private var workers: [String: (membership: TeamMembership, bell: Doorbell, task: Task<Void, Never>)] = [:] {
    didSet { anyWorkers.store(!workers.isEmpty, ordering: .relaxed) }
  }
  /// Whether any Bible is shared, read by the commit hook without a hop onto this actor: a save in
  /// a Bible nobody shares starts no task (it was a task and a thread wake-up per autosave).
  private let anyWorkers = Atomic<Bool>(false)

  public init(hub: TeamHub, timing: Timing = Timing(), logger: Logger = Logger(label: "keyit.team")) {
    self.hub = hub
    self.timing = timing
    self.logger = logger
  }

  public func run() async throws {
    let observation = hub.store.observeChangeLog { [weak self] in
      guard let self, self.anyWorkers.load(ordering: .relaxed) else { return }
      Task { await self.ringAll(.saved) }
    }
    defer { observation.cancel() }
    // Memberships joined or left elsewhere (the command line) are picked up every interval.
    try? await cancelWhenGracefulShutdown { () async throws -> Void in
      while true {
        await self.refresh()
        try await Task.sleep(for: self.timing.interval)
      }
    }
    stopAll()
  }

  /// Starts a worker for each Bible that joined, stops those of Bibles that left, restarts one
  /// whose hub or token changed.
  public func refresh() async {
    guard let memberships = try? await hub.store.teamMemberships() else { return }
    let wanted = Dictionary(memberships.map { ($0.bibleUID, $0) }, uniquingKeysWith: { $1 })
    for (uid, worker) in workers where wanted[uid] != worker.membership {
      worker.task.cancel()
      workers[uid] = nil
    }
    for (uid, membership) in wanted where workers[uid] == nil {
      let bell = Doorbell()
      let task = Task { await self.work(membership, bell: bell) }
      workers[uid] = (membership, bell, task)
    }
  }

  private func ringAll(_ reason: WakeReason) async {
    for worker in workers.values { await worker.bell.ring(reason) }
  }

  private func stopAll() {
    for worker in workers.values { worker.task.cancel() }
    workers = [:]
  }

  /// One Bible's loop: sync, then wait for a reason to sync again.
  private nonisolated func work(_ membership: TeamMembership, bell: Doorbell) async {
    let live = Task {
      guard timing.live else { return }
      await LiveListener(membership: membership, onPush: { await bell.ring(.pushed) }).run()
    }
    defer { live.cancel() }
    var backoff: Duration? = nil
    while !Task.isCancelled {
      await bell.clear(upTo: .saved)
      do {
        try await hub.sync(membership)
        backoff = nil
      } catch {
        if Task.isCancelled { return }
        backoff = min((backoff ?? timing.firstBackoff / 2) * 2, timing.interval)
        logger.notice("keyit team sync of \(membership.bibleUID) failed: \(error)")
      }
      await waitForReason(bell: bell, membership: membership, backoff: backoff, lastSync: .now)
    }
  }

  /// Returns when the next sync is due: the hub pushed, a save left changes to send, or the
  /// interval (or backoff) ran out. A save syncs at once when the last sync ended more than
  /// `debounce` ago, else once that much time has passed since it (a burst of saves makes one sync
  /// per `debounce`). While backing off, saves do not hurry it.
  private nonisolated func waitForReason(
    bell: Doorbell, membership: TeamMembership, backoff: Duration?, lastSync: ContinuousClock.Instant
  ) async {
    let clock = ContinuousClock()
    let deadline = clock.now + (backoff ?? timing.interval)
    while !Task.isCancelled {
      let left = deadline - clock.now
      guard left > .zero, let reason = await bell.wait(upTo: left) else { return }
      if reason == .pushed { return }
      guard backoff == nil else { continue }
      let quiet = clock.now - lastSync
      if quiet < timing.debounce { try? await Task.sleep(for: timing.debounce - quiet) }
      await bell.clear(upTo: .saved)
      if await hasUnsent(membership) { return }
    }
  }

  private nonisolated func hasUnsent(_ membership: TeamMembership) async -> Bool {
    guard let statuses = try? await hub.store.teamStatuses() else { return true }
    return statuses.first { $0.bibleUID == membership.bibleUID }.map { $0.unsent > 0 } ?? true
  }
}
