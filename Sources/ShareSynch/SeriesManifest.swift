import AppSupport

/// `manifest.json` of a series package (format `sharesynch-series/1`, described in the README):
/// the series, its sermons and slides with notes and overlays per language, its appeal songs,
/// and every resource file with its size and SHA-256.
public struct SeriesManifest: Codable, Sendable, Equatable {
  /// Always `sharesynch-series/1` for this version.
  public var format: String
  /// A stable id (letters, digits, `-`), also the installed folder's name.
  public var id: String
  /// The series' title.
  public var name: String
  /// Language codes the slides carry (overlay text), first the default.
  public var slideLanguages: [String]
  /// Language codes the notes carry, first the default.
  public var noteLanguages: [String]
  /// The appeal songs.
  public var songs: [Song]
  /// The sermons, in order.
  public var sermons: [Sermon]
  /// Every file of the package besides the manifest.
  public var resources: [Resource]
  /// Variations exported with the series (installed as variations of it), each with its own
  /// slide order, visibility, edited notes and added slides.
  public var variations: [VariationExport]? = nil

  /// A variation as a package carries it.
  public struct VariationExport: Codable, Sendable, Equatable {
    /// Its name.
    public var name: String
    /// Each sermon's slides in the variation's order.
    public var sermons: [String: [VariationSlide]]
    /// Each sermon's target length in seconds, where one was set.
    public var targets: [String: Int]? = nil
  }

  /// A slide of an exported variation: a slide of the package (`slide`, of `sermon` when it is
  /// another sermon's) or one the user added (`resource`), with its visibility and the notes the
  /// user wrote per language.
  public struct VariationSlide: Codable, Sendable, Equatable {
    public var slide: String?
    public var sermon: String?
    public var kind: Kind
    public var resource: String?
    public var hidden: Bool
    public var notes: [String: String]
  }

  /// An appeal song: its videos and the image for a text-only appeal.
  public struct Song: Codable, Sendable, Equatable {
    /// Its id, referred to by sermons.
    public var id: String
    /// Its title.
    public var name: String
    /// The vocal video.
    public var vocal: String?
    /// The instrumental video.
    public var instrumental: String?
    /// The still image for a text-only appeal.
    public var image: String?
  }

  /// A sermon.
  public struct Sermon: Codable, Sendable, Equatable {
    /// Its id within the series.
    public var id: String
    /// Its title per language.
    public var title: [String: String]
    /// The appeal type and song it starts with.
    public var appeal: AppealSetting
    /// Its slides in the original order.
    public var slides: [Slide]
  }

  /// A slide: an image, a video, an image with text drawn over it, or the appeal.
  public struct Slide: Codable, Sendable, Equatable {
    /// Its id within the sermon.
    public var id: String
    /// What it shows.
    public var kind: Kind
    /// The image or video (none for the appeal, which uses the song's).
    public var resource: String?
    /// Text drawn over the image, per slide language.
    public var overlays: [String: Overlay]?
    /// Notes per note language (HTML of the notes subset; sanitised on install).
    public var notes: [String: String]
    /// Hidden in the original order.
    public var hidden: Bool?
    /// Its title in the file it was imported from (the thumbnail's caption).
    public var title: String?
    /// Its picture per slide language where the text is part of the picture (seed A.3.1.8);
    /// a language without one shows `resource`.
    public var pictures: [String: String]?

    /// Every file the slide shows, in any language.
    public var files: [String] { (resource.map { [$0] } ?? []) + (pictures.map { $0.values.sorted() } ?? []) }

    /// The picture or video shown in `language`.
    public func resource(in language: String) -> String? { pictures?[language] ?? resource }
  }

  /// The kinds of slide.
  public enum Kind: String, Codable, Sendable {
    /// A JPEG or PNG picture.
    case image
    /// A video.
    case video
    /// A picture with text drawn over it.
    case overlay
    /// The appeal (video or image from the song, text chunks from the notes).
    case appeal
  }

  /// Text drawn over an image, in image pixels from the top left.
  public struct Overlay: Codable, Sendable, Equatable {
    /// The text.
    public var text: String
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Box width.
    public var width: Double
    /// Box height.
    public var height: Double
    /// Font family name.
    public var font: String
    /// Font size in image pixels.
    public var size: Double
    /// CSS colour (`#rrggbb`).
    public var color: String
  }

  /// A file of the package.
  public struct Resource: Codable, Sendable, Equatable {
    /// Its path in the package (`media/…`).
    public var path: String
    /// Its size in bytes.
    public var size: Int64
    /// Its SHA-256, lowercase hex.
    public var sha256: String
  }

  /// The current format name.
  public static let currentFormat = "sharesynch-series/1"

  /// Checks what JSON cannot: the format, ids, that every referenced file is a listed resource,
  /// and that every listed path is safe. Returns the first problem, or nil.
  public func problem() -> ManifestProblem? {
    guard format == Self.currentFormat else { return .format(found: shortened(format), expected: Self.currentFormat) }
    guard Self.isSafeID(id) else { return .badID(.series, id: shortened(id)) }
    guard !slideLanguages.isEmpty, !noteLanguages.isEmpty else { return .noLanguages }
    let listed = Set(resources.map(\.path))
    guard listed.count == resources.count else { return .resourceListedTwice }
    if let unsafe = resources.first(where: { SeriesPackage.unsafeReason($0.path) != nil }) {
      return .resourcePathNotAllowed(path: shortened(unsafe.path))
    }
    guard resources.count < SeriesPackage.maxEntries else { return .tooManyResources(limit: SeriesPackage.maxEntries) }
    if let bad = resources.first(where: { !(0...SeriesCatalog.maxPackageSize).contains($0.size) }) {
      return .resourceSizeOutOfRange(path: shortened(bad.path))
    }
    if let song = songs.first(where: { !Self.isSafeID($0.id) }) { return .badID(.song, id: shortened(song.id)) }
    let songIDs = Set(songs.map(\.id))
    guard songIDs.count == songs.count else { return .idRepeats(.song) }
    guard Set(sermons.map(\.id)).count == sermons.count else { return .idRepeats(.sermon) }
    var referenced = songs.flatMap { [$0.vocal, $0.image, $0.instrumental].compactMap { $0 } }
    for sermon in sermons {
      let name = shortened(sermon.id)
      guard Self.isSafeID(sermon.id) else { return .badID(.sermon, id: name) }
      if let song = sermon.appeal.song, !songIDs.contains(song) {
        return .noSuchSong(sermon: name, song: shortened(song))
      }
      if let slide = sermon.slides.first(where: { !Self.isSafeID($0.id) }) {
        return .badID(.slide, id: shortened(slide.id))
      }
      guard Set(sermon.slides.map(\.id)).count == sermon.slides.count else { return .idRepeats(.slide) }
      for slide in sermon.slides {
        if slide.kind != .appeal, slide.resource == nil { return .slideWithoutResource(sermon: name, slide: slide.id) }
        if let overlay = slide.overlays?.values.first(where: { !Self.isHexColor($0.color) }) {
          return .overlayColour(sermon: name, slide: slide.id, colour: shortened(overlay.color))
        }
        referenced += slide.files
      }
    }
    let slideIDs = Set(sermons.flatMap { sermon in sermon.slides.map { "\(sermon.id)/\($0.id)" } })
    for variation in variations ?? [] {
      for (sermonID, slides) in variation.sermons {
        let (name, sermon) = (shortened(variation.name), shortened(sermonID))
        guard sermons.contains(where: { $0.id == sermonID }) else {
          return .variationWithoutSermon(variation: name, sermon: sermon)
        }
        for slide in slides {
          if let id = slide.slide, !slideIDs.contains("\(slide.sermon ?? sermonID)/\(id)") {
            return .variationWithoutSlide(variation: name, sermon: sermon, slide: shortened(id))
          }
          if slide.slide == nil, slide.kind != .appeal, slide.resource == nil {
            return .variationSlideShowsNothing(variation: name, sermon: sermon)
          }
          referenced += slide.resource.map { [$0] } ?? []
        }
      }
    }
    if let missing = referenced.first(where: { !listed.contains($0) }) {
      return .usedNotListed(path: shortened(missing))
    }
    if let text = textFields.first(where: { $0.contains("\0") }) {
      return .nulInText(shortened(text.replacingOccurrences(of: "\0", with: "␀")))
    }
    return nil
  }

  /// Every text of the manifest a person reads.
  private var textFields: [String] {
    [name] + songs.map(\.name)
      + sermons.flatMap { sermon in
        Array(sermon.title.values)
          + sermon.slides.flatMap {
            Array($0.notes.values) + ($0.overlays?.values.map(\.text) ?? []) + ($0.title.map { [$0] } ?? [])
          }
      }
  }

  /// A colour as overlays take it: `#rrggbb`, nothing a style sheet could run with.
  static func isHexColor(_ text: String) -> Bool {
    text.count == 7 && text.first == "#" && text.dropFirst().allSatisfy(\.isHexDigit)
  }

  static func isSafeID(_ id: String) -> Bool {
    !id.isEmpty && id.count <= 64
      && id.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
      }
  }
}

extension SeriesManifest.Sermon {
  /// The title in `language`, else in another language (the first by code, for a stable choice),
  /// else the sermon's id.
  public func title(in language: String?) -> String {
    language.flatMap { title[$0] } ?? title.sorted { $0.key < $1.key }.first?.value ?? id
  }
}
