import Foundation

/// A sermon as the selection screen lists it.
public struct SermonSummary: Codable, Sendable, Equatable {
  /// The manifest's id.
  public let id: String
  /// The title in the series' note language.
  public let title: String
  /// The first visible picture slide's resource (a video or appeal shows none).
  public let thumbnail: String?
  /// Slides shown in a presentation (hidden ones left out).
  public let visibleSlides: Int
}

extension ShareSynchStore {
  /// The series' sermons in the current variation, with their thumbnails and visible slide counts.
  public func sermons(series seriesID: String) async throws -> [SermonSummary] {
    let language = try await summary(seriesID).noteLanguage
    var sermons: [SermonSummary] = []
    for sermon in try manifest(seriesID).sermons {
      let slides = try await slides(series: seriesID, sermon: sermon.id)
      let first = slides.first { !$0.hidden && ($0.kind == .image || $0.kind == .overlay) }
      sermons.append(
        SermonSummary(
          id: sermon.id, title: sermon.title(in: language), thumbnail: first?.resource,
          visibleSlides: slides.filter { !$0.hidden }.count))
    }
    return sermons
  }

  /// A sermon's title in the series' note language.
  public func sermonTitle(series seriesID: String, sermon sermonID: String) async throws -> String {
    let language = try await summary(seriesID).noteLanguage
    return try sermon(seriesID, sermonID).title(in: language)
  }
}
