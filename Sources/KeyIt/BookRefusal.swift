/// Why a book cannot be added to a Bible.
public enum BookRefusal: Equatable, Sendable, CustomStringConvertible {
  /// The Bible's versification does not number the book.
  case notInVersification(Versification)
  /// The Bible has the book already.
  case alreadyThere

  public var description: String {
    switch self {
    case .notInVersification(let versification): "the \(versification.name) versification has no such book"
    case .alreadyThere: "the Bible has it already"
    }
  }
}
