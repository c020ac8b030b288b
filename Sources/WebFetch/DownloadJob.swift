import Foundation

/// A download the user can pause, resume and cancel (seed A.3.2, "Sermon Slideshow
/// Installation"): it runs `downloadResuming` in a task, so pausing keeps the partial file and
/// resuming asks the server for the rest (HTTP `Range`). Once the file is complete, `finish`
/// checks and installs it; if that fails the file is deleted (a corrupted download is refused and
/// the next start begins afresh). Cancelling deletes the partial file.
public actor DownloadJob {
  /// Where a job stands.
  public enum State: Sendable, Equatable {
    /// Bytes are arriving.
    case running
    /// The file is complete and being checked and installed (it can no longer be paused).
    case installing
    /// Paused by the user; the partial file stays.
    case paused
    /// Cancelled by the user; the partial file is gone.
    case cancelled
    /// Downloaded and finished (installed).
    case completed
    /// Broke off or was refused, with the reason; a broken-off download can be resumed.
    case failed(String)
  }

  /// The address downloaded.
  public let address: String
  /// The file it is downloaded into.
  public let file: URL
  /// Which addresses the download may reach.
  public let policy: FetchPolicy
  private let expectedSize: Int64?
  private let finish: @Sendable (URL) async throws -> Void
  /// Where it stands now.
  public private(set) var state: State = .paused
  /// The latest progress report (nil before the first bytes).
  public private(set) var progress: DownloadProgress?
  private var task: Task<Void, Never>?
  /// Counts starts, so a task that was paused or cancelled cannot report over a newer one.
  private var run = 0

  /// A job (not started) downloading `address` into `file` under `policy`, then calling `finish`
  /// with the file.
  public init(
    address: String, file: URL, policy: FetchPolicy = .publicOnly, expectedSize: Int64? = nil,
    finish: @escaping @Sendable (URL) async throws -> Void
  ) {
    self.address = address
    self.file = file
    self.policy = policy
    self.expectedSize = expectedSize
    self.finish = finish
  }

  /// Starts or resumes the download (nothing happens while it runs or once it is complete).
  public func resume() {
    guard state != .running, state != .installing, state != .completed else { return }
    if state == .cancelled { progress = nil }
    run += 1
    let current = run
    state = .running
    task = Task { [address, file, policy, expectedSize, finish] in
      let outcome: State
      do {
        try await downloadResuming(address, to: file, policy: policy, expectedSize: expectedSize) { progress in
          Task { await self.report(progress, run: current) }
        }
        guard await self.beginInstalling(run: current) else { return }
        do {
          try await finish(file)
          outcome = .completed
        } catch {
          try? FileManager.default.removeItem(at: file)
          outcome = .failed("\(error)")
        }
      } catch is CancellationError {
        return
      } catch {
        outcome = .failed("\(error)")
      }
      await self.end(with: outcome, run: current)
    }
  }

  /// Pauses a running download, keeping what has arrived (not once it is installing).
  public func pause() {
    guard state == .running else { return }
    state = .paused
    task?.cancel()
  }

  /// Stops the download and deletes the partial file.
  public func cancel() async {
    guard state != .completed, state != .cancelled, state != .installing else { return }
    state = .cancelled
    let stopping = task
    stopping?.cancel()
    await stopping?.value
    try? FileManager.default.removeItem(at: file)
  }

  /// Waits until the current run stops (completed, failed, paused or cancelled) and returns the state.
  public func wait() async -> State {
    await task?.value
    return state
  }

  private func report(_ progress: DownloadProgress, run: Int) {
    guard run == self.run, state == .running, progress.received >= self.progress?.received ?? 0 else { return }
    self.progress = progress
  }

  /// Moves a run whose bytes are all here to installing; false when it was paused or cancelled.
  private func beginInstalling(run: Int) -> Bool {
    guard run == self.run, state == .running else { return false }
    state = .installing
    return true
  }

  private func end(with outcome: State, run: Int) {
    guard run == self.run, state == .installing || state == .running else { return }
    state = outcome
  }
}
