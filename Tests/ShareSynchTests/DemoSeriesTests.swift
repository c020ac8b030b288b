import Foundation
import Testing

@testable import ShareSynch

/// The demo series on a fresh data folder, hidden once a real series is installed.
@Suite struct DemoSeriesTests {
  @Test func aFreshStoreGetsTheDemoUntilARealSeriesArrives() async throws {
    let fixture = try SeriesFixture()
    let store = try ShareSynchStore.inMemory(seriesRoot: fixture.root)
    #expect(try await store.installDemoIfEmpty())
    #expect(!(try await store.installDemoIfEmpty()), "installed once")
    #expect(try await store.series().map(\.id) == ["demo"])
    let slides = try await store.slides(series: "demo", sermon: "welcome")
    #expect(slides.count == 9 && slides.filter(\.hidden).count == 1)
    #expect(slides.filter { $0.kind == .video }.map(\.resource) == ["media/demo-video.webm"])
    let video = try Data(contentsOf: fixture.root.appendingPathComponent("demo/media/demo-video.webm"))
    #expect(video.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) && video.count < 20_000, "a real, small WebM (EBML)")
    #expect(slides.filter { $0.overlay != nil }.map { $0.overlay!.text } == ["Grace upon grace", "He is faithful"])
    let appeal = slides.first { $0.kind == .appeal }!
    #expect(
      appeal.resource == "media/demo-hymn-vocal.webm"
        && appeal.presentation.appeal?.chunks == ["Come as you are", "He is waiting"])
    let picture = try Data(contentsOf: fixture.root.appendingPathComponent("demo/media/slide1.png"))
    #expect(picture.starts(with: [0x89, 0x50, 0x4E, 0x47]) && picture.count < 40_000, "a real, small PNG")
    #expect(GeneratedPicture.crc32(Data("IEND".utf8)) == 0xAE42_6082, "PNG's CRC of an empty IEND chunk")
    _ = try await store.setAppeal(.init(type: .textOnly, song: "hymn"), series: "demo", sermon: "welcome")
    #expect(
      try await store.slides(series: "demo", sermon: "welcome").first { $0.kind == .appeal }?.resource
        == "media/slide7.png", "text only shows the song's picture")
    _ = try await store.setLanguages(series: "demo", slides: "es", notes: "es")
    #expect(try await store.slides(series: "demo", sermon: "welcome")[2].overlay?.text == "Gracia sobre gracia")

    _ = try await store.install(try fixture.package())
    #expect(try await store.series().map(\.id) == ["grace"], "the demo is hidden once a real series is installed")
  }
}
