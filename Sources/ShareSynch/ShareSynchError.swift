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

  /// A sentence a user can act on.
  public var description: String {
    switch self {
    case .badPackage(let file, let reason): "\(file) is not a series package: \(reason)"
    case .checksumMismatch(let file, let expected, let actual):
      "\(file) is damaged or not the published file: its SHA-256 is \(actual), expected \(expected)"
    case .badResource(let path, let reason): "the package's resource \(path) \(reason)"
    case .unsafeEntry(let path, let reason): "the package entry \(path) was refused: \(reason)"
    case .noSpace(let needed, let available):
      "not enough free space: the series needs \(needed / 1_048_576 + 1) MB, \(available / 1_048_576) MB are free"
    case .badSeriesFolder(let path, let reason): "\(path) cannot be packed: \(reason)"
    case .alreadyInstalled(let id): "the series \(id) is already installed"
    }
  }
}
