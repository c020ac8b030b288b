import Foundation

/// What a presenter, a display or a remote asks of a running presentation. Clients send intents,
/// never their own idea of the state, so two windows can never disagree.
public enum PresentationIntent: Sendable, Equatable, Decodable {
  /// Next notes page or appeal step, else the next slide (wrapping).
  case advance
  /// The reverse of `advance`.
  case back
  /// Visible slide number N (typed digits + Enter).
  case jump(number: Int)
  /// A slide by id (a tapped thumbnail).
  case show(slide: Int64)
  /// Black screen on or off.
  case black
  /// White screen on or off.
  case white
  /// The presentation's timer: pause or resume, or reset to zero.
  case timer(TimerAction)
  /// The current slide's video on the display: play, pause, restart, volume, unmute.
  case video(VideoCommand)
  /// What a display reports of the video it plays: muted by the browser, seconds left.
  case videoReport(muted: Bool, secondsLeft: Int?)
  /// Appeal type and song (deferred while the appeal shows).
  case appeal(AppealSetting)
  /// The presenter measured how many notes pages a slide needs at its font size.
  case pages(slide: Int64, count: Int)

  private enum CodingKeys: String, CodingKey {
    case intent, number, slide, type, song, count, action, level, muted, secondsLeft
  }

  /// Reads `{"intent": "advance" | "back" | "jump" | "show" | "black" | "white" | "appeal" | "pages" |
  /// "timer" | "video" | "videoReport", …}`.
  public init(from decoder: any Decoder) throws {
    let values = try decoder.container(keyedBy: CodingKeys.self)
    let name = try values.decode(String.self, forKey: .intent)
    switch name {
    case "advance": self = .advance
    case "back": self = .back
    case "black": self = .black
    case "white": self = .white
    case "timer": self = .timer(try values.decode(TimerAction.self, forKey: .action))
    case "video":
      let action = try values.decode(String.self, forKey: .action)
      switch action {
      case "play": self = .video(.play)
      case "pause": self = .video(.pause)
      case "restart": self = .video(.restart)
      case "unmute": self = .video(.unmute)
      case "volume": self = .video(.volume(try values.decode(Double.self, forKey: .level)))
      default:
        throw DecodingError.dataCorruptedError(
          forKey: .action, in: values,
          debugDescription: "unknown video action \(action): play, pause, restart, volume or unmute")
      }
    case "videoReport":
      self = .videoReport(
        muted: try values.decode(Bool.self, forKey: .muted),
        secondsLeft: try values.decodeIfPresent(Int.self, forKey: .secondsLeft))
    case "jump": self = .jump(number: try values.decode(Int.self, forKey: .number))
    case "show": self = .show(slide: try values.decode(Int64.self, forKey: .slide))
    case "pages":
      self = .pages(
        slide: try values.decode(Int64.self, forKey: .slide), count: try values.decode(Int.self, forKey: .count))
    case "appeal":
      self = .appeal(
        AppealSetting(
          type: try values.decode(AppealType.self, forKey: .type),
          song: try values.decodeIfPresent(String.self, forKey: .song)))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .intent, in: values,
        debugDescription:
          "unknown intent \(name): advance, back, jump, show, black, white, appeal, pages, timer, video or videoReport")
    }
  }
}

/// A running presentation of one sermon: the engine, and where the display finds the appeal's
/// picture or video for the appeal setting it is showing (which may lag the presenter's choice).
public struct LivePresentation: Sendable, Equatable {
  /// The series.
  public let series: String
  /// The sermon.
  public let sermon: String
  /// The engine.
  public private(set) var engine: PresentationEngine
  /// Bumped when the slides change (an edit), so clients reload them.
  public private(set) var slidesVersion = 1
  /// How long the sermon has run: it belongs to the presentation, so reloading a page or a
  /// second window never restarts it.
  public private(set) var timer: PresentationTimer
  /// The current slide's video: the presenter's commands and the display's report.
  public private(set) var video = VideoControl()
  /// How long the sermon should last, in seconds (nil when no target is set).
  public private(set) var target: Int?
  private let songs: [SeriesManifest.Song]

  /// A presentation at slide 1 (or `startAt` when it is visible).
  public init(
    series: String, sermon: String, slides: [PresentationSlide], appeal: AppealSetting, songs: [SeriesManifest.Song],
    startAt: Int64? = nil, endOfSermon: EndOfSermon = .black, target: Int? = nil, now: Date = Date()
  ) {
    self.series = series
    self.sermon = sermon
    self.songs = songs
    self.target = target
    engine = PresentationEngine(slides: slides, appeal: appeal, startAt: startAt)
    engine.endOfSermon = endOfSermon
    timer = PresentationTimer(startedAt: now)
  }

  /// Applies an intent; true when anything a client shows changed.
  @discardableResult
  public mutating func apply(_ intent: PresentationIntent, at now: Date = Date()) -> Bool {
    let before = (engine, timer, video)
    let slideBefore = engine.current?.id
    switch intent {
    case .advance: engine.advance()
    case .back: engine.back()
    case .jump(let number): engine.jump(toNumber: number)
    case .show(let slide): engine.jump(toSlide: slide)
    case .black: engine.toggle(.black)
    case .white: engine.toggle(.white)
    case .appeal(let setting): engine.setAppeal(setting)
    case .pages(let slide, let count): engine.setNotePages(count, for: slide)
    case .timer(.toggle): timer.toggle(at: now)
    case .timer(.reset): timer.reset(at: now)
    case .video(let command): video.apply(command)
    case .videoReport(let muted, let secondsLeft): video.report(muted: muted, secondsLeft: secondsLeft)
    }
    if engine.current?.id != slideBefore { video = VideoControl() }
    return engine != before.0 || timer != before.1 || video != before.2
  }

  /// Changes what advancing past the last slide does (a settings change during the sermon).
  public mutating func setEndOfSermon(_ end: EndOfSermon) { engine.endOfSermon = end }

  /// Takes the sermon's target length (set during the sermon, or another variation's).
  public mutating func setTarget(_ seconds: Int?) { target = seconds }

  /// Takes edited slides, staying on the current slide where it can.
  public mutating func replaceSlides(_ slides: [PresentationSlide]) {
    engine.replaceSlides(slides)
    slidesVersion += 1
  }

  /// The state every client renders.
  public func snapshot(displays: Int = 0, remotes: Int = 0, stages: Int = 0, at now: Date = Date())
    -> PresentationSnapshot
  {
    let visible = engine.visible
    return PresentationSnapshot(
      series: series, sermon: sermon, slidesVersion: slidesVersion, counter: engine.counter, index: engine.index,
      total: visible.count, slide: engine.current?.id, previous: engine.previous?.id, next: engine.next?.id,
      step: engine.step, steps: engine.stepsHere, black: engine.blank == .black, white: engine.blank == .white,
      elapsed: timer.elapsed(at: now).rounded(), timerRunning: timer.isRunning, video: video, target: target,
      appealText: engine.appealText,
      appeal: engine.shownAppeal, pendingAppeal: engine.pendingAppeal,
      appealResource: SeriesManifest.appealResource(engine.shownAppeal, songs: songs), displays: displays,
      remotes: remotes, stages: stages)
  }
}

/// One state of a running presentation as clients receive it (small JSON, sent on every change).
public struct PresentationSnapshot: Sendable, Equatable, Codable {
  /// The series.
  public let series: String
  /// The sermon.
  public let sermon: String
  /// Changes when the slides were edited (clients reload them).
  public let slidesVersion: Int
  /// `current/total` of the visible slides.
  public let counter: String
  /// Index of the current slide among the visible ones.
  public let index: Int
  /// How many slides are visible.
  public let total: Int
  /// The current slide's id (nil when every slide is hidden).
  public let slide: Int64?
  /// The previous visible slide (no wrap-around), for the preview.
  public let previous: Int64?
  /// The next visible slide (no wrap-around), for the preview.
  public let next: Int64?
  /// The notes page or appeal step on this slide.
  public let step: Int
  /// How many notes pages or appeal steps this slide has.
  public let steps: Int
  /// The black screen is on.
  public let black: Bool
  /// The white screen is on.
  public let white: Bool
  /// Whole seconds the sermon has run (the timer), when this state was sent.
  public let elapsed: Double
  /// The timer is running (not paused); clients count on from `elapsed` while it is.
  public let timerRunning: Bool
  /// The current slide's video: what the presenter asked and what the display reports.
  public let video: VideoControl
  /// How long the sermon should last, in seconds; nil when no target is set.
  public let target: Int?
  /// The appeal text the display shows over the video now.
  public let appealText: String?
  /// The appeal the display shows.
  public let appeal: AppealSetting
  /// A change waiting for the appeal's next showing.
  public let pendingAppeal: AppealSetting?
  /// The appeal slide's picture or video for `appeal`.
  public let appealResource: String?
  /// Connected displays.
  public let displays: Int
  /// Connected remotes.
  public let remotes: Int
  /// Connected stage views.
  public let stages: Int
}

extension SeriesManifest {
  /// The appeal slide's resource for a setting: the song's vocal or instrumental video (the vocal
  /// one when there is no instrumental), or its picture for a text-only appeal.
  public static func appealResource(_ setting: AppealSetting, songs: [Song]) -> String? {
    let song = setting.song.flatMap { id in songs.first { $0.id == id } }
    return switch setting.type {
    case .vocal: song?.vocal
    case .instrumental: song?.instrumental ?? song?.vocal
    case .textOnly: song?.image
    }
  }
}
