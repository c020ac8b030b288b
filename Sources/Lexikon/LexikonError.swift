/// Everything that can go wrong in Lexikon, with where.
public enum LexikonError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A dictionary file cannot be read.
  case unreadable(file: String)
  /// A `.index` line is not `headword TAB offset TAB length`.
  case badIndexLine(file: String, line: Int)
  /// A `.dict.dz` file is not dictzip, or a chunk does not inflate.
  case badDictzip(file: String, reason: String)
  /// An entry points outside its `.dict` text.
  case entryOutOfRange(file: String, headword: String)

  /// A sentence a user can act on.
  public var description: String {
    switch self {
    case .unreadable(let file): "cannot read the dictionary file \(file)"
    case .badIndexLine(let file, let line): "\(file):\(line): not a dictd index line (headword, offset, length)"
    case .badDictzip(let file, let reason): "\(file): not a readable dictzip file: \(reason)"
    case .entryOutOfRange(let file, let headword): "\(file): the entry for \"\(headword)\" lies outside the file"
    }
  }
}
