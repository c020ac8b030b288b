import Foundation
import PropertyBased
import Testing

@testable import ShareSynch

/// Every navigation rule of the seed's A.3.4, and a property test that any key sequence keeps the
/// state valid.
@Suite struct PresentationEngineTests {
  static let appealNotes = "Pray with me. <C>Come as you are<c> pause <C>Jesus waits<c> <R>Close in prayer."
  static let appeal = AppealSetting(type: .vocal, song: "song-1")

  /// Slides 1…5; slide 3 hidden; slide 5 an appeal.
  static func sermon() -> PresentationEngine {
    PresentationEngine(
      slides: [
        .init(id: 1), .init(id: 2), .init(id: 3, hidden: true), .init(id: 4),
        .init(id: 5, appeal: AppealScript(text: appealNotes)),
      ], appeal: appeal)
  }

  @Test func aClientsPageCountIsBounded() {
    var engine = Self.sermon()
    engine.endOfSermon = .wrap
    for pages in [Int.min, -1, 0] {
      engine.setNotePages(pages, for: 1)
      #expect(engine.stepsHere == 1, "\(pages)")
    }
    engine.setNotePages(Int.max, for: 1)
    #expect(engine.stepsHere == PresentationEngine.maxNotePages)
    engine.back()
    engine.advance()
    #expect(engine.current?.id == 1 && engine.step == 0)
  }

  @Test func advancingPagesNotesBeforeSlidesAndWrapsAtBothEndsWhenSetTo() {
    var engine = Self.sermon()
    engine.endOfSermon = .wrap
    engine.setNotePages(3, for: 1)
    #expect(engine.counter == "1/4" && engine.moreOnThisSlide)
    engine.advance()
    engine.advance()
    #expect(engine.current?.id == 1 && engine.step == 2 && !engine.moreOnThisSlide)
    engine.advance()
    #expect(engine.current?.id == 2 && engine.step == 0 && engine.counter == "2/4")
    engine.advance()
    #expect(engine.current?.id == 4, "the hidden slide 3 is skipped")
    engine.back()
    engine.back()
    #expect(engine.current?.id == 1 && engine.step == 2, "back lands on the previous slide's last page")
    engine.jump(toNumber: 1)
    engine.back()
    #expect(engine.current?.id == 5 && engine.counter == "4/4", "back on the first goes to the last")
    #expect(engine.step == 2, "at the appeal's last step")
    engine.advance()
    #expect(engine.current?.id == 1 && engine.step == 0, "advancing on the last goes to the first")
  }

  @Test func jumpsByNumberAndThumbnailStartAtTheTop() {
    var engine = Self.sermon()
    engine.setNotePages(4, for: 4)
    let jumped = engine.jump(toNumber: 3)
    #expect(jumped && engine.current?.id == 4 && engine.step == 0)
    engine.advance()
    #expect(engine.step == 1)
    let beyond = engine.jump(toNumber: 5)
    let zero = engine.jump(toNumber: 0)
    #expect(!beyond && !zero, "no such slide: nothing moves")
    #expect(engine.current?.id == 4 && engine.step == 1)
    let hidden = engine.jump(toSlide: 3)
    #expect(!hidden, "a hidden slide's thumbnail is not offered")
    let tapped = engine.jump(toSlide: 2)
    #expect(tapped && engine.step == 0 && engine.previous?.id == 1 && engine.next?.id == 4)
    engine.jump(toNumber: 1)
    #expect(engine.previous == nil, "previews do not wrap")
    engine.jump(toNumber: 4)
    #expect(engine.next == nil)
  }

  @Test func appealChunksAdvanceAndTheRemoveMarkerClearsTheText() {
    var engine = Self.sermon()
    engine.jump(toSlide: 5)
    #expect(engine.appealText == "Come as you are" && engine.stepsHere == 3)
    engine.advance()
    #expect(engine.appealText == "Jesus waits")
    engine.advance()
    #expect(engine.appealText == nil && engine.current?.id == 5, "<R> removes the text")
    engine.advance()
    #expect(engine.current?.id == 5 && engine.blank == .black, "the sermon's end")
  }

  @Test func anAppealChangeWhileItShowsWaitsForTheNextTime() {
    var engine = Self.sermon()
    let instrumental = AppealSetting(type: .instrumental, song: "song-2")
    engine.endOfSermon = .wrap
    engine.jump(toSlide: 5)
    engine.setAppeal(instrumental)
    #expect(engine.shownAppeal == Self.appeal && engine.pendingAppeal == instrumental)
    engine.advance()
    engine.advance()
    engine.advance()  // leaves the appeal
    #expect(engine.shownAppeal == Self.appeal)
    engine.back()  // shown again
    #expect(engine.shownAppeal == instrumental && engine.pendingAppeal == nil)
    engine.jump(toNumber: 1)
    let textOnly = AppealSetting(type: .textOnly, song: nil)
    engine.setAppeal(textOnly)
    #expect(engine.shownAppeal == textOnly, "away from the appeal a change applies at once")
  }

  @Test func editsKeepTheCurrentSlideOrTheNearestOne() {
    var engine = Self.sermon()
    engine.jump(toSlide: 4)
    var slides = engine.slides
    slides.swapAt(0, 3)  // 4 moves to the front
    engine.replaceSlides(slides)
    #expect(engine.current?.id == 4 && engine.counter == "1/4")
    slides[0].hidden = true  // the current slide is hidden
    engine.replaceSlides(slides)
    #expect(engine.current?.id == 2 && engine.counter == "1/3")
    engine.replaceSlides(slides.map { PresentationSlide(id: $0.id, hidden: true) })
    #expect(engine.current == nil && engine.counter == "0/0")
    engine.advance()
    engine.back()
    #expect(engine.counter == "0/0")
  }

  @Test func blackAndWhiteScreensToggleAndTheNextAdvanceOrBackOnlyClearsThem() {
    var engine = Self.sermon()
    engine.toggle(.black)
    #expect(engine.blank == .black)
    engine.toggle(.white)
    #expect(engine.blank == .white, "white replaces black")
    engine.advance()
    #expect(engine.blank == nil && engine.current?.id == 1, "the advance clears the screen, as in PowerPoint")
    engine.toggle(.black)
    engine.back()
    #expect(engine.blank == nil && engine.current?.id == 1)
    engine.toggle(.white)
    engine.toggle(.white)
    #expect(engine.blank == nil)
    engine.toggle(.black)
    engine.jump(toNumber: 2)
    #expect(engine.blank == nil && engine.current?.id == 2, "going to a slide shows it")
  }

  @Test func pastTheLastSlideIsBlackUnlessSetToWrap() {
    var engine = Self.sermon()
    #expect(engine.endOfSermon == .black, "the default")
    engine.back()
    #expect(engine.current?.id == 1 && engine.step == 0, "nothing before the first slide")
    engine.jump(toNumber: 4)
    for _ in 1...3 { engine.advance() }
    #expect(engine.current?.id == 5 && engine.blank == .black, "the end of the sermon is a black screen")
    engine.advance()
    #expect(engine.current?.id == 5 && engine.blank == nil && engine.step == 2)
    engine.back()
    #expect(engine.step == 1)
  }

  @Test func anAppealSlideReachesEveryNotesPageAndEveryChunk() {
    var engine = Self.sermon()
    engine.jump(toSlide: 5)
    engine.setNotePages(5, for: 5)
    #expect(engine.stepsHere == 5, "the speaker's five pages outnumber the three steps")
    var texts: [String?] = [engine.appealText]
    for _ in 1...4 {
      engine.advance()
      texts.append(engine.appealText)
    }
    #expect(engine.current?.id == 5 && engine.step == 4)
    #expect(texts == ["Come as you are", "Jesus waits", nil, nil, nil], "<R> cleared the text for the rest")
    var noRemove = PresentationEngine(
      slides: [.init(id: 1, appeal: AppealScript(text: "<C>One<c> <C>Two<c>"))], appeal: Self.appeal)
    noRemove.setNotePages(4, for: 1)
    noRemove.advance()
    noRemove.advance()
    #expect(noRemove.step == 2 && noRemove.appealText == "Two", "without <R> the last chunk stays up")
  }

  /// Any sequence of keys, page measurements and edits keeps the position valid; back undoes
  /// advance; advancing through every step of every visible slide returns to the start.
  @Test func anyKeySequenceKeepsTheStateValid() async {
    let keys = Gen.int(in: 0...99).array(of: 2...2).array(of: 1...60)
    await propertyCheck(count: 200, input: keys) { keys in
      var slides = (1...7).map { PresentationSlide(id: Int64($0), hidden: $0 % 3 == 0) }
      slides[5].appeal = AppealScript(text: Self.appealNotes)
      var engine = PresentationEngine(slides: slides, appeal: Self.appeal)
      engine.endOfSermon = keys[0][1] % 2 == 0 ? .black : .wrap
      for key in keys {
        let (kind, value) = (key[0] % 8, key[1])
        switch kind {
        case 0: engine.advance()
        case 1: engine.back()
        case 2: engine.jump(toNumber: value % 9)
        case 3: engine.jump(toSlide: Int64(value % 8))
        case 4: engine.setNotePages(value % 5, for: Int64(value % 7 + 1))
        case 5:
          var edited = engine.slides
          edited[value % 7].hidden.toggle()
          engine.replaceSlides(edited)
        case 6: engine.toggle(value % 2 == 0 ? .black : .white)
        default:
          let before = engine
          engine.advance()
          engine.back()
          if before.blank == nil {
            #expect(engine.index == before.index && engine.step == before.step, "back undoes advance")
          }
        }
        let visible = engine.visible
        if visible.isEmpty {
          #expect(engine.current == nil && engine.counter == "0/0")
        } else {
          #expect(visible.indices.contains(engine.index) && (0..<engine.stepsHere).contains(engine.step))
          #expect(engine.counter == "\(engine.index + 1)/\(visible.count)" && engine.current?.hidden == false)
        }
      }
      guard !engine.visible.isEmpty else { return }
      engine.endOfSermon = .wrap
      if engine.blank != nil { engine.advance() }
      let start = (engine.index, engine.step)
      let total = engine.visible.reduce(0) { sum, slide in
        var probe = engine
        probe.jump(toSlide: slide.id)
        return sum + probe.stepsHere
      }
      for _ in 0..<total { engine.advance() }
      #expect(engine.index == start.0 && engine.step == start.1, "a full cycle returns to the start")
    }
  }
}

/// The presenter's video controls and the display's report of its real playback.
@Suite struct VideoControlTests {
  @Test func commandsAndReportsBelongToTheSlideAndStartAfreshOnTheNext() throws {
    var live = LivePresentation(
      series: "s", sermon: "m", slides: [.init(id: 1), .init(id: 2)], appeal: PresentationEngineTests.appeal, songs: [])
    let paused = live.apply(.video(.pause))
    #expect(paused && !live.video.playing)
    live.apply(.video(.restart))
    #expect(live.video.playing && live.video.restarts == 1)
    live.apply(.video(.volume(7)))
    #expect(live.video.volume == 1, "volume is bounded")
    live.apply(.video(.volume(.nan)))
    #expect(live.video.volume == 1)
    live.apply(.video(.volume(0.25)))
    live.apply(.videoReport(muted: true, secondsLeft: 42))
    #expect(live.snapshot().video.muted && live.snapshot().video.secondsLeft == 42)
    live.apply(.video(.unmute))
    #expect(live.video.unmutes == 1)
    let same = live.apply(.videoReport(muted: true, secondsLeft: 42))
    #expect(!same, "the same report changes nothing")
    live.apply(.advance)
    #expect(live.video == VideoControl(), "the next slide starts afresh")
  }

  @Test func videoIntentsAreReadFromJSON() throws {
    func read(_ json: String) throws -> PresentationIntent {
      try JSONDecoder().decode(PresentationIntent.self, from: Data(json.utf8))
    }
    #expect(try read(#"{"intent":"video","action":"volume","level":0.5}"#) == .video(.volume(0.5)))
    #expect(
      try read(#"{"intent":"videoReport","muted":true,"secondsLeft":3}"#) == .videoReport(muted: true, secondsLeft: 3))
    #expect(throws: DecodingError.self) { try read(#"{"intent":"video","action":"explode"}"#) }
  }
}
