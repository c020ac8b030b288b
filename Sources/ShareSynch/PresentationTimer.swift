import Foundation

/// What a tap on the presentation's timer does (seed A.4.3–4): a tap pauses or resumes it, a
/// tap-and-hold resets it.
public enum TimerAction: String, Sendable, Codable {
  case toggle, reset
}

/// The running time of a presentation, paused and resumed by the speaker. Pure: every change
/// takes the time it happens at.
public struct PresentationTimer: Sendable, Equatable {
  /// Time counted before the current run began.
  private var banked: TimeInterval = 0
  /// When the current run began; nil while paused.
  private var runningSince: Date?

  /// A timer started at `startedAt`.
  public init(startedAt: Date) { runningSince = startedAt }

  /// True unless paused.
  public var isRunning: Bool { runningSince != nil }

  /// Seconds counted at `now`.
  public func elapsed(at now: Date) -> TimeInterval {
    banked + (runningSince.map { max(0, now.timeIntervalSince($0)) } ?? 0)
  }

  /// Pauses a running timer, or resumes a paused one.
  public mutating func toggle(at now: Date) {
    if runningSince != nil {
      banked = elapsed(at: now)
      runningSince = nil
    } else {
      runningSince = now
    }
  }

  /// Back to zero, running or paused as it was.
  public mutating func reset(at now: Date) {
    banked = 0
    if runningSince != nil { runningSince = now }
  }
}
