import Foundation
import ZlibShim

/// gzip (RFC 1952) through the system's zlib: answers and pushes packed for slow links, and what a
/// client packed taken back whole, never past a limit.
public enum Gzip {
  /// Why bytes could not be inflated.
  public enum Problem: Error, Equatable, Sendable {
    /// They are not one whole gzip stream: another format, cut short, damaged, or followed by more.
    case notGzip
    /// They inflate to more than the limit (a few bytes of zeros can stand for gigabytes).
    case overLimit(Int)
    /// Memory ran out holding what they inflate to (at most the limit).
    case outOfMemory
  }

  /// Whether an `Accept-Encoding` header (its fields) lists gzip, or `*`, with a weight above zero:
  /// a client's, for the answer; a server's answer's, for the client's next request body (RFC 7694).
  public static func isAccepted(by acceptEncoding: [String]) -> Bool {
    var star = false
    for coding in acceptEncoding.flatMap({ $0.split(separator: ",") }) {
      let parts = coding.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
      guard let name = parts.first else { continue }
      let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
      if name == "gzip" || name == "x-gzip" { return weight > 0 }
      if name == "*" { star = weight > 0 }
    }
    return star
  }

  /// The most bytes gzipping `length` bytes can take: zlib's bound for the deflate stream, plus
  /// gzip's 18 bytes of header and trailer.
  public static func bound(_ length: Int) -> Int { czlib_compress_bound(length) + 18 }

  /// `input` gzipped into `output` (at least `bound(input.count)` bytes) at `level`, 1 (fastest) to 9
  /// (smallest); the bytes written, or nil if zlib failed.
  public static func compress(_ input: UnsafeRawBufferPointer, level: Int32, into output: UnsafeMutableRawBufferPointer)
    -> Int?
  {
    let written = czlib_gzip(
      input.baseAddress?.assumingMemoryBound(to: UInt8.self), input.count,
      output.baseAddress?.assumingMemoryBound(to: UInt8.self), output.count, level)
    return written >= 0 ? written : nil
  }

  /// `input` gzipped at `level`, or nil if zlib failed.
  public static func compress(_ input: [UInt8], level: Int32) -> [UInt8]? {
    input.withUnsafeBytes { input in
      var written: Int? = nil
      let packed = [UInt8](unsafeUninitializedCapacity: bound(input.count)) { output, count in
        written = compress(input, level: level, into: UnsafeMutableRawBufferPointer(output))
        count = written ?? 0
      }
      return written.map { _ in packed }
    }
  }

  /// `input`, one whole gzip stream, inflated; throws a `Problem`: `overLimit` as soon as it passes
  /// `limit` bytes, without holding more than that.
  public static func decompress(_ input: UnsafeRawBufferPointer, limit: Int) throws -> [UInt8] {
    var output: UnsafeMutablePointer<UInt8>? = nil
    let length = czlib_gunzip(input.baseAddress?.assumingMemoryBound(to: UInt8.self), input.count, limit, &output)
    defer { czlib_free(output) }
    switch length {
    case -2: throw Problem.overLimit(limit)
    case -3: throw Problem.outOfMemory
    case ..<0: throw Problem.notGzip
    default: return Array(UnsafeBufferPointer(start: output, count: length))
    }
  }

  /// The same for an array.
  public static func decompress(_ input: [UInt8], limit: Int) throws -> [UInt8] {
    try input.withUnsafeBytes { try decompress($0, limit: limit) }
  }
}
