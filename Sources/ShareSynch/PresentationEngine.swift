/// A slide as the presentation engine sees it.
public struct PresentationSlide: Sendable, Equatable, Codable {
  /// The slide's id.
  public let id: Int64
  /// Hidden slides are skipped.
  public var hidden: Bool
  /// The appeal's script when this is an appeal slide.
  public var appeal: AppealScript?

  /// A slide; `appeal` for an appeal slide.
  public init(id: Int64, hidden: Bool = false, appeal: AppealScript? = nil) {
    self.id = id
    self.hidden = hidden
    self.appeal = appeal
  }
}

/// How the appeal is presented: its type and song (seed A.3.4).
public struct AppealSetting: Sendable, Equatable, Codable {
  /// Vocal, instrumental or text only.
  public var type: AppealType
  /// The song's id in the series (nil for none).
  public var song: String?

  /// A setting.
  public init(type: AppealType, song: String?) {
    self.type = type
    self.song = song
  }
}

/// The seed's three appeal options.
public enum AppealType: String, Sendable, Codable, CaseIterable {
  /// A video with singing.
  case vocal
  /// A video with instruments only.
  case instrumental
  /// A still image with the text.
  case textOnly = "text"
}

/// A blank screen the display shows instead of the slide.
public enum BlankScreen: String, Sendable, Codable {
  case black, white
}

/// What advancing past the last slide does (seed A.3.6): black screen, or back to the first slide.
public enum EndOfSermon: String, Sendable, Codable, CaseIterable {
  case black, wrap
}

/// The presentation engine (pure, no I/O): where a running presentation is and what each key does
/// (seed A.3.4). Positions count the visible slides only; on a slide, the step is the notes page
/// (pages as the presenter's screen measured them) or, on an appeal slide, the appeal chunk.
public struct PresentationEngine: Sendable, Equatable {
  /// Every slide of the sermon in order, hidden ones included.
  public private(set) var slides: [PresentationSlide]
  /// Index into the visible slides.
  public private(set) var index: Int = 0
  /// The notes page, or the appeal step, on the current slide.
  public private(set) var step: Int = 0
  /// The blank screen shown instead of the slide, if any; the next advance or back clears it.
  public private(set) var blank: BlankScreen?
  /// What advancing past the last slide (or back before the first) does.
  public var endOfSermon: EndOfSermon = .black
  /// The appeal as the display shows it now.
  public private(set) var shownAppeal: AppealSetting
  /// A change of appeal made while it shows, applied the next time it is shown.
  public private(set) var pendingAppeal: AppealSetting?
  private var notePages: [Int64: Int] = [:]

  /// A presentation of `slides` at the first visible slide (or `startAt` when visible).
  public init(slides: [PresentationSlide], appeal: AppealSetting, startAt: Int64? = nil) {
    self.slides = slides
    shownAppeal = appeal
    if let startAt, let found = visible.firstIndex(where: { $0.id == startAt }) { index = found }
  }

  /// The slides shown, in order.
  public var visible: [PresentationSlide] { slides.filter { !$0.hidden } }

  /// The current slide (nil when every slide is hidden).
  public var current: PresentationSlide? { visible.indices.contains(index) ? visible[index] : nil }
  /// The slide before the current one, without wrapping (for the preview).
  public var previous: PresentationSlide? { index > 0 ? visible[index - 1] : nil }
  /// The slide after the current one, without wrapping (for the preview).
  public var next: PresentationSlide? { index + 1 < visible.count ? visible[index + 1] : nil }

  /// `current/total`, counting visible slides (`0/0` when none is).
  public var counter: String { visible.isEmpty ? "0/0" : "\(index + 1)/\(visible.count)" }

  /// How many steps the current slide has: its notes pages, and on an appeal slide at least its
  /// appeal's steps (both the speaker's pages and the audience's chunks are reached).
  public var stepsHere: Int { current.map(steps(of:)) ?? 1 }
  /// True when advancing stays on this slide (more notes, or more appeal text, follow).
  public var moreOnThisSlide: Bool { step + 1 < stepsHere }
  /// The text over the appeal video now (nil when none).
  public var appealText: String? { current?.appeal?.displayText(at: step) }

  private func steps(of slide: PresentationSlide) -> Int {
    max(slide.appeal?.steps ?? 1, notePages[slide.id] ?? 1)
  }

  /// The most notes pages a slide may report (a client's number is not trusted further).
  static let maxNotePages = 1_000

  /// Records how many notes pages a slide needs at the presenter's font size (1 to `maxNotePages`).
  public mutating func setNotePages(_ pages: Int, for slide: Int64) {
    notePages[slide] = min(max(1, pages), Self.maxNotePages)
    step = min(step, stepsHere - 1)
  }

  /// The next notes page or appeal step, else the next slide. Past the last slide: a black
  /// screen, or the first slide (`endOfSermon`). A blank screen is only cleared, as in PowerPoint.
  public mutating func advance() {
    guard !visible.isEmpty else { return }
    if blank != nil {
      blank = nil
    } else if moreOnThisSlide {
      step += 1
    } else if index + 1 < visible.count || endOfSermon == .wrap {
      move(to: (index + 1) % visible.count, step: 0)
    } else {
      blank = .black
    }
  }

  /// The previous notes page or appeal step, else the previous slide at its last step; before
  /// the first slide, the last when wrapping (else nothing). A blank screen is only cleared.
  public mutating func back() {
    guard !visible.isEmpty else { return }
    if blank != nil {
      blank = nil
    } else if step > 0 {
      step -= 1
    } else if index > 0 || endOfSermon == .wrap {
      let target = (index + visible.count - 1) % visible.count
      move(to: target, step: steps(of: visible[target]) - 1)
    }
  }

  /// Jumps to visible slide `number` (1-based, as the counter shows); false when there is none.
  @discardableResult
  public mutating func jump(toNumber number: Int) -> Bool {
    guard (1...max(1, visible.count)).contains(number), !visible.isEmpty else { return false }
    move(to: number - 1, step: 0)
    return true
  }

  /// Jumps to a slide by id (a tapped thumbnail); false when it is hidden or unknown.
  @discardableResult
  public mutating func jump(toSlide id: Int64) -> Bool {
    guard let target = visible.firstIndex(where: { $0.id == id }) else { return false }
    move(to: target, step: 0)
    return true
  }

  /// Turns a blank screen on, or off when it is already showing.
  public mutating func toggle(_ screen: BlankScreen) { blank = blank == screen ? nil : screen }

  /// Changes the appeal type or song: at once unless the appeal is showing, else the next time.
  public mutating func setAppeal(_ setting: AppealSetting) {
    if current?.appeal != nil {
      pendingAppeal = setting == shownAppeal ? nil : setting
    } else {
      shownAppeal = setting
      pendingAppeal = nil
    }
  }

  /// Replaces the slides after an edit, staying on the current slide when it is still visible
  /// (else the nearest visible one at or before its position).
  public mutating func replaceSlides(_ newSlides: [PresentationSlide]) {
    let currentID = current?.id
    let oldPosition = slides.firstIndex { $0.id == currentID } ?? 0
    slides = newSlides
    let shown = visible
    if let currentID, let found = shown.firstIndex(where: { $0.id == currentID }) {
      index = found
    } else {
      let before = newSlides.prefix(oldPosition + 1).filter { !$0.hidden }.count
      index = max(0, min(before - 1, shown.count - 1))
      step = 0
    }
    step = min(step, stepsHere - 1)
  }

  private mutating func move(to target: Int, step newStep: Int) {
    index = target
    step = newStep
    blank = nil
    if current?.appeal != nil, let pending = pendingAppeal {  // entering (or re-entering) the appeal
      shownAppeal = pending
      pendingAppeal = nil
    }
  }
}
