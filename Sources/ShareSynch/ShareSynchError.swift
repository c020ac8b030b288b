import AppSupport

/// Everything that can go wrong in ShareSynch, saying what and where.
public enum ShareSynchError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A package file cannot be read as a series package.
  case badPackage(file: String, reason: PackageRefusal)
  /// The package's SHA-256 is not the one published for it.
  case checksumMismatch(file: String, expected: String, actual: String)
  /// A resource is missing, or its size or SHA-256 is not what the manifest says.
  case badResource(path: String, reason: PackageRefusal)
  /// An entry would land outside the package folder, or is a link.
  case unsafeEntry(path: String, reason: PackageRefusal)
  /// Not enough free space to install.
  case noSpace(needed: Int64, available: Int64)
  /// A folder to pack lacks what a package needs.
  case badSeriesFolder(path: String, reason: PackageRefusal)
  /// A series with this id is already installed.
  case alreadyInstalled(id: String)
  /// No installed series has this id.
  case unknownSeries(String)
  /// The series has no sermon with this id.
  case unknownSermon(String)
  /// The series has no variation with this id.
  case unknownVariation(Int64)
  /// The variation has no slide with this id.
  case unknownSlide(Int64)
  /// The series does not carry this language.
  case unknownLanguage(String, offered: [String])
  /// The original variation cannot be edited or deleted.
  case originalIsReadOnly(String)
  /// A variation name that cannot be used, and why.
  case badVariationName(String, VariationNameProblem)
  /// The series has no song with this id.
  case unknownSong(String)
  /// A visibility change lists a different number of hidden values than slides.
  case visibilityCountMismatch(slides: Int, hidden: Int)
  /// A file that is not a picture or video a slide can show.
  case notSlideMedia(file: String)
  /// An activation code that is refused.
  case badActivationCode(ActivationRefusal)
  /// A catalog that cannot be used.
  case badCatalog(CatalogRefusal)
  /// A catalog address that is not http(s).
  case badCatalogAddress(String)
  /// No catalog address is set yet.
  case noCatalogAddress
  /// No download of this series was started in this run.
  case unknownDownload(String)
  /// A download can be paused, resumed or cancelled, nothing else.
  case unknownDownloadAction(String)
  /// No sermon is being presented.
  case nothingPresented
  /// The series is being presented, so it cannot be deleted.
  case seriesBeingPresented(String)
  /// A sermon's target length (seconds) outside the lengths allowed.
  case badTargetLength(seconds: Int, allowed: ClosedRange<Int>)
  /// A file that cannot be imported as slides, and why.
  case cannotImport(file: String, reason: ImportRefusal)
  /// A presentation or PDF locked with a password.
  case passwordProtected(file: String)
  /// A presentation or PDF without a single page.
  case emptyDocument(file: String)
  /// A conversion that took longer than the time limit allows.
  case importTimedOut(file: String, seconds: Int)
  /// A program the import needs is not installed.
  case converterMissing(tool: String)
  /// An import was asked for with no file.
  case nothingToImport
  /// A series or sermon name that is blank or too long.
  case badName(String, what: String)
  /// A slide width (pixels) outside the widths allowed.
  case badSlideWidth(Int, allowed: ClosedRange<Int>)
  /// An import is already running (one at a time).
  case importRunning
  /// No import job with this id.
  case unknownImport(String)

  /// A sentence a user can act on.
  public var description: String {
    switch self {
    case .badPackage(let file, let reason): "\(shortened(file)) is not a series package: \(reason)"
    case .checksumMismatch(let file, let expected, let actual):
      "\(shortened(file)) is damaged or not the published file: its SHA-256 is \(actual), expected \(expected)"
    case .badResource(let path, let reason): "the package's resource \(shortened(path)): \(reason)"
    case .unsafeEntry(let path, let reason): "the package entry \(shortened(path)) was refused: \(reason)"
    case .noSpace(let needed, let available):
      "not enough free space: the series needs \(needed / 1_048_576 + 1) MB, \(available / 1_048_576) MB are free"
    case .badSeriesFolder(let path, let reason): "\(shortened(path)) cannot be packed: \(reason)"
    case .alreadyInstalled(let id): "the series \(shortened(id)) is already installed"
    case .unknownSeries(let id): "no series \(shortened(id)) is installed"
    case .unknownSermon(let id): "the series has no sermon \(shortened(id))"
    case .unknownVariation(let id): "the series has no variation \(id)"
    case .unknownSlide(let id): "this variation has no slide \(id)"
    case .unknownLanguage(let code, let offered):
      "the series does not carry \(shortened(code)) (it has \(offered.joined(separator: ", ")))"
    case .originalIsReadOnly(let what): "the original variation cannot be \(shortened(what)): create a variation first"
    case .badVariationName(let name, let problem):
      switch problem {
      case .blank: "a variation needs a name"
      case .tooLong(let limit): "a variation's name has at most \(limit) characters"
      case .controlCharacter(let scalar):
        "a variation's name is one line of text: \(controlCharacterName(scalar)) cannot be part of it"
      case .taken: "a variation named \(shortened(name)) exists"
      }
    case .unknownSong(let song): "the series has no song \(shortened(song))"
    case .visibilityCountMismatch(let slides, let hidden):
      "one hidden value per slide (\(slides) slides, \(hidden) values)"
    case .notSlideMedia: "only PNG or JPEG pictures and MP4 or WebM videos can become slides"
    case .badActivationCode(let reason): "the activation code is refused: \(reason.description)"
    case .badCatalog(let reason): "the catalog cannot be used: \(reason.description)"
    case .badCatalogAddress: "the catalog's address must start with http:// or https://"
    case .noCatalogAddress: "no catalog address yet: set one in Settings"
    case .unknownDownload(let id): "no download of \(shortened(id))"
    case .unknownDownloadAction(let action): "\(shortened(action)) is not pause, resume or cancel"
    case .nothingPresented: "no sermon is being presented: open one in the presenter view first"
    case .seriesBeingPresented: "this series is being presented: stop presenting it first"
    case .badTargetLength(let seconds, let allowed):
      "a target length of \(seconds) seconds is refused: give one from \(allowed.lowerBound) to \(allowed.upperBound) seconds"
    case .cannotImport(let file, let reason): "\(shortened(file)) cannot be imported: \(reason)"
    case .passwordProtected(let file):
      "\(shortened(file)) is protected by a password: save a copy without one and import that"
    case .emptyDocument(let file): "\(shortened(file)) has no pages"
    case .importTimedOut(let file, let seconds):
      "converting \(shortened(file)) took more than \(seconds) seconds and was stopped"
    case .converterMissing(let tool):
      "\(shortened(tool)) is not installed: run scripts/setup.sh (it installs libreoffice-impress and poppler-utils)"
    case .nothingToImport: "choose at least one file to import"
    case .badName(let name, let what):
      name.trimmed.isEmpty ? "a \(what) needs a name" : "a \(what)'s name is one line of at most 200 characters"
    case .badSlideWidth(let width, let allowed):
      "slides cannot be \(width) pixels wide: give \(allowed.lowerBound) to \(allowed.upperBound)"
    case .importRunning: "an import is running: wait for it or cancel it first"
    case .unknownImport(let id): "no import \(shortened(id))"
    }
  }
}

/// Why a variation name cannot be used.
public enum VariationNameProblem: Equatable, Sendable {
  /// It is blank after trimming.
  case blank
  /// It has more characters than the limit.
  case tooLong(limit: Int)
  /// It holds a control character (a name is one line).
  case controlCharacter(Unicode.Scalar)
  /// Another variation of the series has it.
  case taken
}
