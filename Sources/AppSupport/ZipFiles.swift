import Foundation
import ZIPFoundation

/// A zip file could not be read, or holds more than the reader accepts.
public struct ZipError: Error, Equatable, CustomStringConvertible {
  /// What kind of refusal it is, for callers that word it their own way.
  public enum Kind: Sendable, Equatable {
    /// Not a zip, cut short, or damaged.
    case damaged
    /// More bytes than the limits allow.
    case tooLarge
    /// More entries than the limits allow.
    case tooManyEntries
    /// An entry that cannot be accepted: a link, an encrypted file, a name met twice.
    case refusedEntry
  }

  public let kind: Kind
  /// What was wrong.
  public let description: String

  public init(_ kind: Kind, _ description: String) {
    self.kind = kind
    self.description = description
  }
}

/// Packs named files into a zip (deflated), in the order given.
public func zipArchive(_ files: [(name: String, data: Data)]) throws -> Data {
  let archive = try Archive(accessMode: .create)
  for file in files {
    let data = file.data
    try archive.addEntry(
      with: file.name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
    ) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
  }
  return archive.data ?? Data()
}
