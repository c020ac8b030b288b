import CArchive
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// How much a zip may hold, counted on the bytes really inflated and the entries really met,
/// never on the sizes and counts the zip declares (a zip bomb lies about both).
public struct ZipLimits: Sendable, Equatable {
  /// Most entries, directories included.
  public var entries: Int
  /// Most bytes one entry may inflate to.
  public var entryBytes: Int64
  /// Most bytes all entries together may inflate to.
  public var totalBytes: Int64

  public init(entries: Int = 10_000, entryBytes: Int64 = 256 << 20, totalBytes: Int64 = 512 << 20) {
    self.entries = entries
    self.entryBytes = entryBytes
    self.totalBytes = totalBytes
  }
}

/// One entry of a zip as its header describes it.
public struct ZipEntry: Sendable, Equatable {
  public enum Kind: Sendable, Equatable { case file, directory, symbolicLink, other }
  /// The entry's path inside the zip, as written (not yet checked for safety).
  public let path: String
  public let kind: Kind
  /// The size the zip declares: untrusted, for early refusals and messages only.
  public let declaredSize: Int64?
}

/// Reads a zip through libarchive (fuzzed upstream by OSS-Fuzz), entry by entry and in chunks,
/// so memory stays bounded whatever the zip claims; every limit is checked on real bytes before
/// they are handed on. Damaged input ends in a `ZipError`, never a trap or an endless loop.
public final class ZipReader {
  private let archive: OpaquePointer
  private let limits: ZipLimits
  private var entriesSeen = 0
  private var bytesInflated: Int64 = 0
  private var current: ZipEntry?

  private init(limits: ZipLimits) throws {
    guard let archive = archive_read_new() else { throw ZipError(.outOfMemory) }
    self.archive = archive
    self.limits = limits
    archive_read_support_format_zip(archive)
  }

  deinit { archive_read_free(archive) }

  /// Runs `body` with this thread's character set UTF-8, so libarchive can give entry names in
  /// UTF-8 whatever the process locale (`C` by default) says; other threads are not affected.
  private static func inUTF8<Result>(_ body: () throws -> Result) rethrows -> Result {
    guard let utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil) else { return try body() }
    let previous = uselocale(utf8)
    defer {
      uselocale(previous)
      freelocale(utf8)
    }
    return try body()
  }

  /// Reads the zip file at `file` with `body`.
  public static func read<Result>(
    file: URL, limits: ZipLimits = ZipLimits(), _ body: (ZipReader) throws -> Result
  ) throws -> Result {
    try inUTF8 { try readOpened(file: file, limits: limits, body) }
  }

  private static func readOpened<Result>(
    file: URL, limits: ZipLimits, _ body: (ZipReader) throws -> Result
  ) throws -> Result {
    let reader = try ZipReader(limits: limits)
    guard archive_read_open_filename(reader.archive, file.path, 1 << 16) == ARCHIVE_OK else {
      throw ZipError(.notAZip, detail: reader.lastError)
    }
    return try body(reader)
  }

  /// Reads a zip held in memory with `body`.
  public static func read<Result>(
    data: Data, limits: ZipLimits = ZipLimits(), _ body: (ZipReader) throws -> Result
  ) throws -> Result {
    try inUTF8 {
      try data.withUnsafeBytes { bytes in
        let reader = try ZipReader(limits: limits)
        guard let base = bytes.baseAddress,
          archive_read_open_memory(reader.archive, base, bytes.count) == ARCHIVE_OK
        else { throw ZipError(.notAZip) }
        return try body(reader)
      }
    }
  }

  /// The next entry, or nil after the last; its data is read with `readData` before the next call
  /// (or skipped).
  public func nextEntry() throws -> ZipEntry? {
    var header: OpaquePointer?
    let status = archive_read_next_header(archive, &header)
    if status == ARCHIVE_EOF { return nil }
    guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let header else {
      throw ZipError(.damaged(entry: entriesSeen + 1), detail: lastError)
    }
    entriesSeen += 1
    guard entriesSeen <= limits.entries else {
      throw ZipError(.tooManyEntries(limit: limits.entries))
    }
    guard let name = archive_entry_pathname_utf8(header) ?? archive_entry_pathname(header) else {
      throw ZipError(.nameNotUTF8(entry: entriesSeen))
    }
    let path = String(decoding: Data(bytes: name, count: strlen(name)), as: UTF8.self)
    guard archive_entry_is_encrypted(header) == 0 else {
      throw ZipError(.encryptedEntry(path: path))
    }
    let kind: ZipEntry.Kind
    switch archive_entry_filetype(header) & 0o170000 {
    case 0o100000: kind = .file
    case 0o040000: kind = .directory
    case 0o120000: kind = .symbolicLink
    default: kind = .other
    }
    let declared = archive_entry_size_is_set(header) != 0 ? archive_entry_size(header) : nil
    let entry = ZipEntry(
      path: kind == .directory && path.hasSuffix("/") ? String(path.dropLast()) : path, kind: kind,
      declaredSize: declared)
    current = entry
    return entry
  }

  /// Streams the current entry's data to `chunk`, checking the limits on every chunk before it is
  /// handed on; returns the entry's real size.
  @discardableResult
  public func readData(_ chunk: (UnsafeRawBufferPointer) throws -> Void) throws -> Int64 {
    guard let entry = current else { throw ZipError(.noEntryOpen) }
    let capacity = 1 << 16
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    defer { buffer.deallocate() }
    var size: Int64 = 0
    while true {
      let count = archive_read_data(archive, buffer, capacity)
      if count == 0 { break }
      guard count > 0 else {
        throw ZipError(.damagedEntry(path: entry.path), detail: lastError)
      }
      size += Int64(count)
      bytesInflated += Int64(count)
      guard size <= limits.entryBytes else {
        throw ZipError(.entryTooLarge(path: entry.path, limit: limits.entryBytes))
      }
      guard bytesInflated <= limits.totalBytes else {
        throw ZipError(.tooLarge(limit: limits.totalBytes))
      }
      try chunk(UnsafeRawBufferPointer(start: buffer, count: count))
    }
    return size
  }

  /// The current entry's data in memory (bounded by the limits).
  public func readData() throws -> Data {
    var data = Data()
    try readData { data.append(contentsOf: $0) }
    return data
  }

  private var lastError: String {
    archive_error_string(archive).map { String(cString: $0) } ?? "unknown error"
  }
}

/// The files of a zip held in memory, by path. Refused with a `ZipError`: a damaged zip, an entry
/// that is not a plain file or folder, two entries with one path (other zip tools would read the
/// other one), and anything past `limits`.
public func unzipArchive(_ data: Data, limits: ZipLimits = ZipLimits()) throws -> [String: Data] {
  try ZipReader.read(data: data, limits: limits) { reader in
    var files: [String: Data] = [:]
    while let entry = try reader.nextEntry() {
      switch entry.kind {
      case .directory: continue
      case .file:
        guard files[entry.path] == nil else {
          throw ZipError(.duplicateEntry(path: entry.path))
        }
        files[entry.path] = try reader.readData()
      case .symbolicLink, .other:
        throw ZipError(.notAPlainFile(path: entry.path))
      }
    }
    return files
  }
}
