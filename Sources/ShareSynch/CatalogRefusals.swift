/// Why an activation code is refused; the adapters word it.
public enum ActivationRefusal: Sendable, Equatable {
  /// Not shaped like `SSA1.….…`.
  case notACode
  /// The signature is not the publisher's (or the code was mistyped).
  case notFromPublisher
  case unreadable
  /// The catalog has no publisher key to check a code with.
  case noPublisherKey
  /// The series is not free and no code was given.
  case needed(series: String)
  /// The code does not list the series.
  case doesNotUnlock(series: String)

  /// In English (for logs and tests).
  public var description: String {
    switch self {
    case .notACode: "it is not an activation code (SSA1.….…)"
    case .notFromPublisher: "it was not issued by this publisher, or was mistyped"
    case .unreadable: "its contents cannot be read"
    case .noPublisherKey: "this catalog has no publisher key to check it with"
    case .needed(let series): "\(series) needs an activation code (--activation)"
    case .doesNotUnlock(let series): "it does not unlock \(series)"
    }
  }
}

/// Why a catalog cannot be used; the adapters word it.
public enum CatalogRefusal: Sendable, Equatable {
  /// Not a series catalog; `field` is where the JSON decoder stopped (`series.0.size`), if it says.
  case notACatalog(field: String?)
  /// An entry without a safe id, a size or a 64-digit SHA-256.
  case badEntry(id: String)
  case noSuchSeries(id: String, offered: String)
  /// An entry's address is not a URL.
  case badAddress(id: String, url: String)

  /// In English (for logs and tests).
  public var description: String {
    switch self {
    case .notACatalog(let field?): "it is not a series catalog (at \(field))"
    case .notACatalog(nil): "it is not a series catalog"
    case .badEntry(let id): "the entry \(id) needs an id, a size and a 64-digit SHA-256"
    case .noSuchSeries(let id, let offered): "it offers no series \(id) (it has \(offered))"
    case .badAddress(let id, let url): "the address of \(id) is not a URL: \(url)"
    }
  }
}
