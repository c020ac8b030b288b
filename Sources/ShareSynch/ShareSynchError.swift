import AppSupport

/// Everything that can go wrong in ShareSynch, saying what and where.
public enum ShareSynchError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A package file cannot be read as a series package.
  case badPackage(file: String, reason: String)
  /// The package's SHA-256 is not the one published for it.
  case checksumMismatch(file: String, expected: String, actual: String)
  /// A resource is missing, or its size or SHA-256 is not what the manifest says.
  case badResource(path: String, reason: String)
  /// An entry would land outside the package folder, or is a link.
  case unsafeEntry(path: String, reason: String)
  /// Not enough free space to install.
  case noSpace(needed: Int64, available: Int64)
  /// A folder to pack lacks what a package needs.
  case badSeriesFolder(path: String, reason: String)
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
  /// A name that cannot be used.
  case badName(String)
  /// A file that cannot become a slide.
  case badMedia(String)
  /// An activation code that is refused.
  case badActivationCode(String)
  /// A catalog that cannot be used.
  case badCatalog(String)
  /// A setting's value is not one it can take.
  case badSetting(String)

  /// A sentence a user can act on.
  public var description: String {
    switch self {
    case .badPackage(let file, let reason): "\(shortened(file)) is not a series package: \(reason)"
    case .checksumMismatch(let file, let expected, let actual):
      "\(shortened(file)) is damaged or not the published file: its SHA-256 is \(actual), expected \(expected)"
    case .badResource(let path, let reason): "the package's resource \(shortened(path)) \(reason)"
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
    case .badName(let reason): shortened(reason, limit: 300)
    case .badMedia(let reason): reason
    case .badActivationCode(let reason): "the activation code is refused: \(reason)"
    case .badCatalog(let reason): "the catalog cannot be used: \(reason)"
    case .badSetting(let reason): shortened(reason, limit: 300)
    }
  }
}
