import Foundation
import Hummingbird
import ShareSynch

/// ShareSynch's JSON API under `/api/sharesynch` (see API.md): series, their details and
/// languages, a sermon's slides, and the running presentation (start, state, intents). The
/// presentation's live updates go over the WebSocket `/api/sharesynch/live/socket`.
struct ShareSynchAPI: Sendable {
  let store: ShareSynchStore
  let hub: PresentationHub

  /// A series as the selection screen shows it.
  struct SeriesDetails: Encodable {
    let series: SeriesSummary
    let slideLanguages: [String]
    let noteLanguages: [String]
    let songs: [Song]
    let variations: [Variation]
    let sermons: [Sermon]

    struct Song: Encodable {
      let id: String
      let name: String
    }
    struct Sermon: Encodable {
      let id: String
      let title: String
      /// The first visible slide's picture (a video or appeal shows none).
      let thumbnail: String?
      let slides: Int
    }
  }

  struct SermonSlides: Encodable {
    let title: String
    let slides: [SlideView]
    let state: SermonState
  }

  struct LanguagesBody: Decodable {
    let slides: String?
    let notes: String?
  }

  struct VariationBody: Decodable {
    let id: Int64
  }

  struct StartBody: Decodable {
    let series: String
    let sermon: String
    /// Start again at slide 1 even when this sermon is already being presented.
    let restart: Bool?
  }

  func register(on group: RouterGroup<BasicRequestContext>) {
    group.get("series") { _, _ in JSONResponse(try await store.series()) }
    group.get("series/:series") { _, context in
      JSONResponse(try await details(try context.parameters.require("series")))
    }
    group.put("series/:series/languages") { request, context in
      let series = try context.parameters.require("series")
      let body = try await request.decode(as: LanguagesBody.self, context: context)
      let summary = try await store.setLanguages(series: series, slides: body.slides, notes: body.notes)
      try await hub.slidesChanged(series: series)
      return JSONResponse(summary)
    }
    group.put("series/:series/variation") { request, context in
      let series = try context.parameters.require("series")
      let body = try await request.decode(as: VariationBody.self, context: context)
      try await store.switchVariation(series: series, to: body.id)
      try await hub.slidesChanged(series: series)
      return JSONResponse(try await details(series))
    }
    group.get("series/:series/sermons/:sermon/slides") { _, context in
      let series = try context.parameters.require("series")
      let sermon = try context.parameters.require("sermon")
      let slides = try await store.slides(series: series, sermon: sermon)
      let language = try await store.summary(series).noteLanguage
      let title = try store.manifest(series).sermons.first { $0.id == sermon }?.title(in: language) ?? sermon
      return JSONResponse(
        SermonSlides(
          title: title, slides: slides, state: try await store.sermonState(series: series, sermon: sermon)))
    }
    group.get("last") { _, _ in
      guard let last = try await store.lastSermon() else {
        throw HTTPError(.notFound, message: "no sermon has been presented yet")
      }
      return JSONResponse(last)
    }
    group.post("live") { request, context in
      let body = try await request.decode(as: StartBody.self, context: context)
      return JSONResponse(try await hub.start(series: body.series, sermon: body.sermon, restart: body.restart ?? false))
    }
    group.get("live") { _, _ in
      guard let state = await hub.current() else { throw HTTPError(.notFound, message: "no sermon is being presented") }
      return JSONResponse(state)
    }
    group.post("live/intent") { request, context in
      JSONResponse(try await hub.apply(try await request.decode(as: PresentationIntent.self, context: context)))
    }
  }

  private func details(_ seriesID: String) async throws -> SeriesDetails {
    let summary = try await store.summary(seriesID)
    let manifest = try store.manifest(seriesID)
    var sermons: [SeriesDetails.Sermon] = []
    for sermon in manifest.sermons {
      let slides = try await store.slides(series: seriesID, sermon: sermon.id)
      let first = slides.first { !$0.hidden && ($0.kind == .image || $0.kind == .overlay) }
      sermons.append(
        .init(
          id: sermon.id, title: sermon.title(in: summary.noteLanguage),
          thumbnail: first?.resource, slides: slides.filter { !$0.hidden }.count))
    }
    return SeriesDetails(
      series: summary, slideLanguages: manifest.slideLanguages, noteLanguages: manifest.noteLanguages,
      songs: manifest.songs.map { .init(id: $0.id, name: $0.name) },
      variations: try await store.variations(series: seriesID), sermons: sermons)
  }
}
