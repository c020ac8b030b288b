import AppSupport

/// Why a series package, one of its entries or resources, or a folder to pack is refused; the
/// adapters word it in the user's language.
public enum PackageRefusal: Sendable, Equatable, CustomStringConvertible {
  /// An entry path that is empty or absolute.
  case absolutePath
  /// A backslash, colon or NUL in an entry path.
  case forbiddenCharacter
  /// An entry path with `..`, `.` or an empty step (zip-slip).
  case leavesFolder
  case symbolicLink
  case notAPlainFile
  case heldTwice
  /// An entry the manifest does not list.
  case notListed
  case unreadable
  /// The unzipper refused the package.
  case zip(ZipError.Problem)
  case manifestTooLarge(limit: Int64)
  case noManifest
  /// manifest.json is not a series manifest; `field` is where the decoder stopped, if it says.
  case manifestNotASeries(field: String?)
  case manifest(ManifestProblem)
  /// A resource whose size is not the one listed.
  case sizeMismatch(actual: Int64, listed: Int64)
  case missing
  case largerThanListed
  /// A resource whose bytes the unzipper could not inflate.
  case damaged(ZipError.Problem)
  case checksumMismatch
  /// A file that is not a PNG or JPEG picture or an MP4 or WebM video.
  case notSlideMedia
  /// A picture or video named with another type's extension.
  case misnamedMedia(content: String, named: String)
  /// A folder to pack without `series.json`.
  case noSeriesJSON
  case seriesJSONNotJSON
  /// series.json is not a series description; `field` is where the decoder stopped, if it says.
  case seriesJSONNotASeries(field: String?)
  case missingOrNotAPlainFile
  /// The package file cannot be written where asked.
  case cannotWrite
  case demoVideoMissing

  /// In English (for logs and tests).
  public var description: String {
    switch self {
    case .absolutePath: "an absolute or empty path"
    case .forbiddenCharacter: "a backslash, colon or NUL in the path"
    case .leavesFolder: "the path leaves its folder (zip-slip)"
    case .symbolicLink: "it is a symbolic link"
    case .notAPlainFile: "it is not a plain file"
    case .heldTwice: "the package holds it twice"
    case .notListed: "the manifest does not list it"
    case .unreadable: "it cannot be read"
    case .zip(let problem): ZipError(problem).description
    case .manifestTooLarge(let limit): "manifest.json is larger than \(limit / 1_048_576) MiB"
    case .noManifest: "it has no manifest.json"
    case .manifestNotASeries(let field): "manifest.json does not describe a series" + Self.at(field)
    case .manifest(let problem): problem.description
    case .sizeMismatch(let actual, let listed): "it is \(actual) bytes, the manifest says \(listed)"
    case .missing: "it is missing"
    case .largerThanListed: "it is larger than listed"
    case .damaged(let problem): "it is damaged (\(ZipError(problem).description))"
    case .checksumMismatch: "it does not match its SHA-256"
    case .notSlideMedia: "it is not a PNG or JPEG picture or an MP4 or WebM video"
    case .misnamedMedia(let content, let named): "it holds a \(content.uppercased()) file but is named .\(named)"
    case .noSeriesJSON: "it has no series.json"
    case .seriesJSONNotJSON: "it is not JSON"
    case .seriesJSONNotASeries(let field): "it does not describe a series" + Self.at(field)
    case .missingOrNotAPlainFile: "it is missing or not a plain file"
    case .cannotWrite: "the package could not be written there"
    case .demoVideoMissing: "the app's demo video is missing"
    }
  }

  private static func at(_ field: String?) -> String { field.map { " (at \($0))" } ?? "" }
}

/// What a series manifest gets wrong that JSON cannot say (see `SeriesManifest.problem()`).
public enum ManifestProblem: Sendable, Equatable, CustomStringConvertible {
  /// The kinds of id a manifest holds.
  public enum IDKind: String, Sendable, Equatable { case series, song, sermon, slide }

  case format(found: String, expected: String)
  /// An id that is not 1–64 letters, digits and `-`.
  case badID(IDKind, id: String)
  case noLanguages
  case resourceListedTwice
  case resourcePathNotAllowed(path: String)
  case tooManyResources(limit: Int)
  case resourceSizeOutOfRange(path: String)
  case idRepeats(IDKind)
  case noSuchSong(sermon: String, song: String)
  case slideWithoutResource(sermon: String, slide: String)
  case overlayColour(sermon: String, slide: String, colour: String)
  case variationWithoutSermon(variation: String, sermon: String)
  case variationWithoutSlide(variation: String, sermon: String, slide: String)
  case variationSlideShowsNothing(variation: String, sermon: String)
  case usedNotListed(path: String)
  /// A text holding a NUL character (shown as ␀).
  case nulInText(String)

  /// In English (for logs and tests).
  public var description: String {
    switch self {
    case .format(let found, let expected): "format \"\(found)\" is not \(expected)"
    case .badID(let kind, let id): "the \(kind.rawValue) id \"\(id)\" must be letters, digits and -"
    case .noLanguages: "no slide or note language"
    case .resourceListedTwice: "a resource is listed twice"
    case .resourcePathNotAllowed(let path): "the resource path \(path) is not allowed"
    case .tooManyResources(let limit): "more than \(limit) resources"
    case .resourceSizeOutOfRange(let path): "the resource \(path) has a size outside 0 to 1 TiB"
    case .idRepeats(let kind): "a \(kind.rawValue) id repeats"
    case .noSuchSong(let sermon, let song): "sermon \(sermon): no song \(song)"
    case .slideWithoutResource(let sermon, let slide): "sermon \(sermon), slide \(slide): no resource"
    case .overlayColour(let sermon, let slide, let colour):
      "sermon \(sermon), slide \(slide): the overlay colour \(colour) is not #rrggbb"
    case .variationWithoutSermon(let variation, let sermon): "variation \(variation), sermon \(sermon): no such sermon"
    case .variationWithoutSlide(let variation, let sermon, let slide):
      "variation \(variation), sermon \(sermon): no slide \(slide)"
    case .variationSlideShowsNothing(let variation, let sermon):
      "variation \(variation), sermon \(sermon): a slide shows nothing"
    case .usedNotListed(let path): "\(path) is used but not listed"
    case .nulInText(let text): "the text \(text) holds a NUL character"
    }
  }
}

/// Why a file cannot be imported as slides; the adapters word it.
public enum ImportRefusal: Sendable, Equatable, CustomStringConvertible {
  /// Not a deck, a PDF or a picture by its name and first bytes.
  case notADeck
  case notPowerPoint
  case noPresentationXML
  case notOpenDocument
  case noContentXML
  case notReadablePDF
  /// pdftoppm failed; `said` is its last line of errors (English, the tool's own).
  case pagesNotDrawn(said: String)
  /// LibreOffice could not convert it; `said` is its last line (the tool's own words).
  case officeCannotOpen(said: String)

  /// In English (for logs and tests).
  public var description: String {
    switch self {
    case .notADeck: "it is not a PowerPoint, Impress, Keynote or PDF file, nor a PNG or JPEG picture"
    case .notPowerPoint: "it is not a PowerPoint file"
    case .noPresentationXML: "it has no ppt/presentation.xml"
    case .notOpenDocument: "it is not an OpenDocument file"
    case .noContentXML: "it has no readable content.xml"
    case .notReadablePDF: "it is not a readable PDF"
    case .pagesNotDrawn(let said): "its pages could not be drawn (\(said))"
    case .officeCannotOpen(let said):
      "LibreOffice cannot open it (damaged, password-protected, or not a presentation)"
        + (said.isEmpty ? "" : ": \(said)")
    }
  }
}
