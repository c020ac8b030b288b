import Foundation
import ZlibShim

/// The text of a dictd dictionary: a plain `.dict` file, or a `.dict.dz` in dictzip form (gzip
/// whose header lists independently compressed chunks), of which only the chunks an entry needs
/// are inflated, the last few kept in a cache.
public struct DictText: Sendable {
  private let file: String
  private let data: Data
  private let chunks: Chunks?
  let cache = ChunkCache()

  /// Where each compressed chunk starts and how long it is.
  private struct Chunks: Sendable {
    let length: Int
    let starts: [Int]
    let sizes: [Int]
  }

  /// Opens (memory-maps) a `.dict` or `.dict.dz` file.
  public init(path: String) throws {
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
      throw LexikonError.unreadable(file: path)
    }
    file = path
    self.data = data
    chunks = path.hasSuffix(".dz") ? try Self.chunks(data, file: path) : nil
  }

  /// The longest definition read (an index line cannot make a lookup inflate gigabytes).
  static let maxDefinition = 4 << 20

  /// The definition text at `offset` for `length` bytes of the uncompressed text.
  public func text(offset: Int, length: Int, headword: String) throws -> String {
    let (end, tooLarge) = offset.addingReportingOverflow(length)
    guard offset >= 0, (0...Self.maxDefinition).contains(length), !tooLarge else {
      throw LexikonError.entryOutOfRange(file: file, headword: headword)
    }
    guard let chunks else {
      guard end <= data.count else { throw LexikonError.entryOutOfRange(file: file, headword: headword) }
      return String(decoding: data[data.startIndex + offset..<data.startIndex + end], as: UTF8.self)
    }
    let first = offset / chunks.length
    let last = length == 0 ? first : (end - 1) / chunks.length
    guard last < chunks.sizes.count else { throw LexikonError.entryOutOfRange(file: file, headword: headword) }
    var bytes: [UInt8] = []
    for index in first...last {
      let chunk = try cache.bytes(of: index) { try inflate(chunk: $0, in: chunks) }
      let from = index == first ? offset - first * chunks.length : 0
      let to = index == last ? end - index * chunks.length : chunk.count
      guard from <= to, to <= chunk.count else { throw LexikonError.entryOutOfRange(file: file, headword: headword) }
      if first == last { return String(decoding: chunk[from..<to], as: UTF8.self) }
      bytes += chunk[from..<to]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private func inflate(chunk index: Int, in chunks: Chunks) throws -> [UInt8] {
    let start = chunks.starts[index]
    let size = chunks.sizes[index]
    guard start + size <= data.count else {
      throw LexikonError.badDictzip(file: file, reason: "chunk \(index) is cut short")
    }
    var output = [UInt8](repeating: 0, count: chunks.length)
    let written = data[data.startIndex + start..<data.startIndex + start + size].withUnsafeBytes { input in
      output.withUnsafeMutableBytes { out in
        czlib_inflate_raw(
          input.bindMemory(to: UInt8.self).baseAddress, size, out.bindMemory(to: UInt8.self).baseAddress, chunks.length)
      }
    }
    guard written >= 0 else { throw LexikonError.badDictzip(file: file, reason: "chunk \(index) does not inflate") }
    output.removeLast(chunks.length - written)
    return output
  }

  /// Reads the dictzip header: gzip's, with an extra field `RA` listing the chunks.
  private static func chunks(_ data: Data, file: String) throws -> Chunks {
    let bytes = [UInt8](data.prefix(65_536 + 12))
    func fail(_ reason: String) -> LexikonError { .badDictzip(file: file, reason: reason) }
    func u16(_ at: Int) throws -> Int {
      guard at + 1 < bytes.count else { throw fail("the header is cut short") }
      return Int(bytes[at]) | Int(bytes[at + 1]) << 8
    }
    guard bytes.count >= 10, bytes[0] == 0x1F, bytes[1] == 0x8B, bytes[2] == 8 else { throw fail("not gzip") }
    let flags = bytes[3]
    guard flags & 4 != 0 else { throw fail("no extra field (plain gzip, not dictzip)") }
    let extraLength = try u16(10)
    var position = 12
    let extraEnd = position + extraLength
    var found: Chunks?
    while position + 4 <= extraEnd {
      let fieldLength = try u16(position + 2)
      if bytes[position] == UInt8(ascii: "R"), bytes[position + 1] == UInt8(ascii: "A") {
        let length = try u16(position + 6)
        let count = try u16(position + 8)
        guard length > 0 else { throw fail("chunk length 0") }
        let sizes = try (0..<count).map { try u16(position + 10 + 2 * $0) }
        found = Chunks(length: length, starts: [], sizes: sizes)
      }
      position += 4 + fieldLength
    }
    guard let found else { throw fail("no RA field") }
    position = extraEnd
    for flag: UInt8 in [8, 16] where flags & flag != 0 {  // file name, comment: zero-terminated
      while position < bytes.count, bytes[position] != 0 { position += 1 }
      position += 1
    }
    if flags & 2 != 0 { position += 2 }
    var starts: [Int] = []
    var start = position
    for size in found.sizes {
      starts.append(start)
      start += size
    }
    return Chunks(length: found.length, starts: starts, sizes: found.sizes)
  }
}
