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

  /// What was wrong, with its inputs, for an adapter to word in the user's language.
  public enum Problem: Sendable, Equatable {
    case outOfMemory
    case notAZip
    /// Damaged where entry `entry` (counted from 1) should be.
    case damaged(entry: Int)
    case damagedEntry(path: String)
    case tooManyEntries(limit: Int)
    /// The name of entry `entry` (counted from 1) is not UTF-8.
    case nameNotUTF8(entry: Int)
    case encryptedEntry(path: String)
    case entryTooLarge(path: String, limit: Int64)
    case tooLarge(limit: Int64)
    case duplicateEntry(path: String)
    case notAPlainFile(path: String)
    case noEntryOpen
  }

  public let problem: Problem
  /// libarchive's own words (English), for the log and `description` only.
  public let detail: String?

  public init(_ problem: Problem, detail: String? = nil) {
    self.problem = problem
    self.detail = detail
  }

  public var kind: Kind {
    switch problem {
    case .outOfMemory, .notAZip, .damaged, .damagedEntry, .noEntryOpen: .damaged
    case .tooManyEntries: .tooManyEntries
    case .entryTooLarge, .tooLarge: .tooLarge
    case .nameNotUTF8, .encryptedEntry, .duplicateEntry, .notAPlainFile: .refusedEntry
    }
  }

  /// What was wrong, in English (for logs and tests).
  public var description: String {
    let words =
      switch problem {
      case .outOfMemory: "out of memory"
      case .notAZip: "not a zip file"
      case .damaged(let entry): "the zip is damaged after \(entry - 1) entries"
      case .damagedEntry(let path): "the zip entry \(shortened(path)) is damaged"
      case .tooManyEntries(let limit): "the zip has more than \(limit) entries"
      case .nameNotUTF8(let entry): "entry \(entry) of the zip has a name that is not UTF-8"
      case .encryptedEntry(let path): "the zip entry \(shortened(path)) is encrypted"
      case .entryTooLarge(let path, let limit): "the zip entry \(shortened(path)) unpacks to more than \(limit) bytes"
      case .tooLarge(let limit): "the zip unpacks to more than \(limit) bytes"
      case .duplicateEntry(let path): "the zip holds \(shortened(path)) twice"
      case .notAPlainFile(let path): "the zip entry \(shortened(path)) is not a plain file"
      case .noEntryOpen: "no zip entry is open"
      }
    return detail.map { "\(words) (\($0))" } ?? words
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
