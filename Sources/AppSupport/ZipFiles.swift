import Foundation
import ZIPFoundation

/// A zip file could not be read, or holds more than the reader accepts.
public struct ZipError: Error, Equatable, CustomStringConvertible {
  /// What was wrong.
  public let description: String
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

/// The files of a zip by name, refusing archives that unpack to more than `limit` bytes (so a
/// small upload cannot fill the disk or memory).
public func unzipArchive(_ data: Data, limit: UInt64 = 512 << 20) throws -> [String: Data] {
  let archive: Archive
  do {
    archive = try Archive(data: data, accessMode: .read)
  } catch {
    throw ZipError(description: "not a zip file")
  }
  let total = archive.reduce(UInt64(0)) { $0 + $1.uncompressedSize }
  guard total <= limit else {
    throw ZipError(description: "the zip unpacks to \(total) bytes, more than the \(limit) allowed")
  }
  var files: [String: Data] = [:]
  for entry in archive where entry.type == .file {
    var contents = Data()
    do {
      _ = try archive.extract(entry) { contents.append($0) }
    } catch {
      throw ZipError(description: "the zip entry \(entry.path) is damaged")
    }
    files[entry.path] = contents
  }
  return files
}
