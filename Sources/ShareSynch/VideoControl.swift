import Foundation

/// What the presenter asks of the video on the display (seed A.3.4.25–26).
public enum VideoCommand: Sendable, Equatable {
  case play, pause, restart
  /// From 0 (silent) to 1.
  case volume(Double)
  /// The display had to start the video muted (the browser's autoplay rule); play it with sound.
  case unmute
}

/// The presenter's wishes for the current slide's video, and what the display reports of its
/// real playback. Both start afresh on every slide.
public struct VideoControl: Sendable, Equatable, Codable {
  /// Play (true) or pause.
  public var playing = true
  /// Bumped by each restart: the display goes back to the start when it changes.
  public var restarts = 0
  /// The volume, 0…1.
  public var volume = 1.0
  /// Bumped by each unmute request.
  public var unmutes = 0
  /// The display had to mute the video to play it.
  public var muted = false
  /// Whole seconds of the video left, as the display plays it (nil: no report yet).
  public var secondsLeft: Int?

  public init() {}

  /// Applies the presenter's command.
  public mutating func apply(_ command: VideoCommand) {
    switch command {
    case .play: playing = true
    case .pause: playing = false
    case .restart:
      restarts += 1
      playing = true
    case .volume(let level): volume = min(max(level.isFinite ? level : 1, 0), 1)
    case .unmute: unmutes += 1
    }
  }

  /// Takes what the display reports of its playback.
  public mutating func report(muted: Bool, secondsLeft: Int?) {
    self.muted = muted
    self.secondsLeft = secondsLeft.map { max(0, $0) }
  }
}
