import Foundation
import ShareSynch
import ShareSynchServer

/// An installed series.
struct SeriesJSON: Encodable {
  let id: String
  let name: String
  let slideLanguage: String
  let noteLanguage: String
  let currentVariationID: Int64?
  let installedAt: Date

  init(_ series: SeriesSummary) {
    id = series.id
    name = series.name
    slideLanguage = series.slideLanguage
    noteLanguage = series.noteLanguage
    currentVariationID = series.currentVariationID
    installedAt = series.installedAt
  }
}

/// A variation of a series.
struct VariationJSON: Encodable {
  let id: Int64
  let seriesID: String
  let name: String
  let isOriginal: Bool

  init(_ variation: Variation) {
    id = variation.id!
    seriesID = variation.seriesID
    name = variation.name
    isOriginal = variation.isOriginal
  }
}

/// What a sermon remembers in the current variation: its appeal, the last slide shown and its
/// target length.
struct SermonStateJSON: Encodable {
  let variationID: Int64
  let sermonID: String
  let appealType: AppealType
  let appealSong: String?
  let lastSlideID: Int64?
  let targetSeconds: Int?

  init(_ state: SermonState) {
    variationID = state.variationID
    sermonID = state.sermonID
    appealType = state.appealType
    appealSong = state.appealSong
    lastSlideID = state.lastSlideID
    targetSeconds = state.targetSeconds
  }
}

/// A series as the selection screen shows it.
struct SeriesDetailsJSON: Encodable {
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
  let series: SeriesJSON
  let slideLanguages: [String]
  let noteLanguages: [String]
  let songs: [Song]
  let variations: [VariationJSON]
  let sermons: [Sermon]

  init(series: SeriesSummary, manifest: SeriesManifest, variations: [Variation], sermons: [SermonSummary]) {
    self.series = SeriesJSON(series)
    slideLanguages = manifest.slideLanguages
    noteLanguages = manifest.noteLanguages
    songs = manifest.songs.map { Song(id: $0.id, name: $0.name) }
    self.variations = variations.map(VariationJSON.init)
    self.sermons = sermons.map { Sermon(id: $0.id, title: $0.title, thumbnail: $0.thumbnail, slides: $0.visibleSlides) }
  }
}

/// A sermon's slides with its title and state.
struct SermonSlidesJSON: Encodable {
  let title: String
  let slides: [SermonSlide]
  let state: SermonStateJSON
}

/// What every edit answers: what undo and redo can do, and the sermon's slides.
struct EditedJSON: Encodable {
  let status: EditStatus
  let slides: [SermonSlide]
}

/// The media files an ended edit session deleted.
struct RemovedMediaJSON: Encodable { let removed: [String] }

/// The settings screen.
struct ShareSynchSettingsJSON: Encodable {
  let storage: [SeriesStorage]
  let totalBytes: Int64
  let freeBytes: Int64?
  let catalogURL: String?
  let activation: String?
  let advance: AdvanceMode
  let endOfSermon: EndOfSermon
  let slideWidth: Int
  let timerLog: [PresentationRun]

  init(_ overview: ShareSynchOverview) {
    storage = overview.storage
    totalBytes = overview.totalBytes
    freeBytes = overview.freeBytes
    catalogURL = overview.settings.catalogURL
    activation = overview.settings.activation
    advance = overview.settings.advance
    endOfSermon = overview.settings.endOfSermon
    slideWidth = overview.settings.slideWidth
    timerLog = overview.timerLog
  }
}

/// Settings to change (an empty text clears one).
struct SettingsInputJSON: Decodable {
  let catalogURL: String?
  let activation: String?
  let advance: AdvanceMode?
  let endOfSermon: EndOfSermon?
  let slideWidth: Int?
}

/// The slide and note languages to show a series in.
struct LanguagesJSON: Decodable {
  let slides: String?
  let notes: String?
}

/// The variation to make current.
struct VariationChoiceJSON: Decodable { let id: Int64 }

/// A variation to create.
struct NewVariationJSON: Decodable {
  let name: String
  let from: Int64?
}

/// A sermon to present.
struct StartJSON: Decodable {
  let series: String
  let sermon: String
  /// Start again at slide 1 even when this sermon is already being presented.
  let restart: Bool?
}

/// A slide's notes in a language (the series' note language when missing); no `html` restores
/// the package's notes.
struct NotesJSON: Decodable {
  let slide: Int64
  let html: String?
  let language: String?
}

/// Slides to hide or show.
struct VisibilityJSON: Decodable {
  let slides: [Int64]
  let hidden: Bool
}

/// A slide and its new place.
struct MoveJSON: Decodable {
  let slide: Int64
  let to: Int
}

/// A slide to duplicate or delete.
struct SlideJSON: Decodable { let slide: Int64 }

/// Another sermon's slide to copy here, and where.
struct ImportSlideJSON: Decodable {
  let slide: Int64
  let at: Int
}

/// How long a sermon should last, in seconds: answered, and sent to set it (null or absent clears it).
struct TargetJSON: Codable {
  let seconds: Int?
}

/// How a second device gets on: whether the server listens on loopback only (and what to run to
/// open it to the LAN), and each LAN address with the display's, stage view's and remote's links
/// and the address of each link's QR code.
struct ConnectJSON: Encodable {
  struct Link: Encodable {
    let screen: DeviceLinks.Screen
    let url: String
    let qr: String
  }
  struct Address: Encodable {
    let address: String
    let links: [Link]
  }
  let loopbackOnly: Bool
  let openToLAN: String?
  let addresses: [Address]

  init(_ devices: DeviceLinks) {
    loopbackOnly = devices.loopbackOnly
    openToLAN = devices.loopbackOnly ? devices.openToLAN : nil
    addresses = devices.addresses().map { address in
      Address(
        address: address,
        links: DeviceLinks.Screen.allCases.map { screen in
          var qr = URLComponents()
          qr.path = "/api/sharesynch/qr"
          qr.queryItems = [.init(name: "address", value: address), .init(name: "screen", value: screen.rawValue)]
          return Link(screen: screen, url: devices.url(screen, at: address), qr: qr.string!)
        })
    }
  }
}
