import Foundation
import Testing

@testable import ShareSynch

/// The running presentation as clients drive it: intents decoded from JSON, the snapshot they get.
@Suite struct LivePresentationTests {
  static let songs = [SeriesManifest.Song(id: "s", name: "Song", vocal: "v.webm", instrumental: nil, image: "t.png")]

  func live() -> LivePresentation {
    LivePresentation(
      series: "x", sermon: "y",
      slides: [
        PresentationSlide(id: 1), PresentationSlide(id: 2, hidden: true),
        PresentationSlide(id: 3, appeal: AppealScript(text: "<C>One<c><R>end")), PresentationSlide(id: 4),
      ],
      appeal: AppealSetting(type: .vocal, song: "s"), songs: Self.songs)
  }

  func decode(_ json: String) throws -> PresentationIntent {
    try JSONDecoder().decode(PresentationIntent.self, from: Data(json.utf8))
  }

  @Test func intentsAreReadFromJSONAndUnknownOnesRefused() throws {
    #expect(try decode(#"{"intent":"advance"}"#) == .advance)
    #expect(try decode(#"{"intent":"jump","number":3}"#) == .jump(number: 3))
    #expect(try decode(#"{"intent":"show","slide":7}"#) == .show(slide: 7))
    #expect(try decode(#"{"intent":"pages","slide":7,"count":2}"#) == .pages(slide: 7, count: 2))
    #expect(try decode(#"{"intent":"appeal","type":"text"}"#) == .appeal(AppealSetting(type: .textOnly, song: nil)))
    #expect(throws: DecodingError.self) { try decode(#"{"intent":"explode"}"#) }
    #expect(throws: DecodingError.self) { try decode(#"{"intent":"jump"}"#) }
  }

  @Test func theSnapshotFollowsTheEngineAndTheAppealShown() {
    var live = live()
    #expect(live.snapshot().counter == "1/3" && live.snapshot().previous == nil && live.snapshot().next == 3)
    #expect(live.apply(.pages(slide: 1, count: 2)) == true)
    #expect(live.snapshot().steps == 2)
    _ = live.apply(.advance)
    #expect(live.snapshot().step == 1 && live.snapshot().slide == 1)
    _ = live.apply(.advance)
    #expect(live.snapshot().appealText == "One" && live.snapshot().appealResource == "v.webm", "hidden slide skipped")
    _ = live.apply(.appeal(AppealSetting(type: .textOnly, song: "s")))
    #expect(live.snapshot().appealResource == "v.webm" && live.snapshot().pendingAppeal?.type == .textOnly)
    let jumped = live.apply(.jump(number: 9))
    #expect(!jumped, "no such slide: nothing changes")
    _ = live.apply(.jump(number: 1))
    _ = live.apply(.jump(number: 2))
    #expect(live.snapshot().appealResource == "t.png", "the change shows on the appeal's next showing")
    let version = live.snapshot().slidesVersion
    live.replaceSlides([PresentationSlide(id: 4)])
    #expect(live.snapshot().slidesVersion == version + 1 && live.snapshot().counter == "1/1")
  }
}
