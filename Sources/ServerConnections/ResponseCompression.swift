import AppSupport
import Gzip
import HTTPTypes
import Hummingbird
import NIOCore

/// Gzips an answer for a client that accepts gzip, so that a phone on a slow link or a team hub
/// reached over a poor connection moves a fraction of the bytes: Psalm 119's chapter JSON with
/// its text goes as 17 KB of 152. Only a whole `200` of text (HTML, JSON, JavaScript, CSS, SVG,
/// XML, USFM and other plain text) of a known length from 1 KiB to 4 MiB, never to a `HEAD`.
///
/// Never an answer that holds `secret` (the access token `serve --host 0.0.0.0` requires, which the
/// presenter's page carries for its QR codes), nor one marked `no-store`: compressed beside text
/// that a request put there, a secret can be guessed a letter at a time by someone who sees only
/// the sizes of the answers, even through TLS (BREACH).
///
/// A strong `ETag` becomes weak, as both forms of one text are equivalent, so a browser's
/// `If-None-Match` still finds a file unchanged; `Accept-Ranges` is dropped, as ranges are of the
/// plain bytes.
public struct ResponseCompression<Context: RequestContext>: RouterMiddleware {
  /// Smaller answers gain less than gzip's header and trailer cost them.
  static var smallest: Int { 1 << 10 }
  /// Larger ones are sent as they are, rather than held whole in memory twice.
  static var largest: Int { 4 << 20 }
  /// Past this, the compressing runs off Swift's few shared threads (about a millisecond here).
  static var compressedInPlace: Int { 256 << 10 }
  /// zlib's level 4: Psalm 119's JSON in 0.6 ms to 11% of its size, where level 6 takes 1.0 ms for 10%.
  static var level: Int32 { 4 }

  /// Bytes never compressed: an answer holding them is sent plain.
  let secret: [UInt8]?

  public init(keepingPlain secret: String? = nil) {
    self.secret = secret.map { Array($0.utf8) }.flatMap { $0.isEmpty ? nil : $0 }
  }

  public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    let response = try await next(request, context)
    guard request.method != .head else { return response }
    return try await answer(response, gzipTaken: Gzip.isAccepted(by: request.headers[values: .acceptEncoding]))
  }

  /// `response` as sent to a client that takes gzip or not: gzipped if it is compressible (see
  /// the type), and then marked as varying with `Accept-Encoding` even when sent plain, so that no
  /// cache hands one client's form to another.
  func answer(_ response: Response, gzipTaken: Bool) async throws -> Response {
    guard Self.isCompressible(response) else { return response }
    var response = response
    response.headers[.vary] = (response.headers[.vary].map { $0 + ", " } ?? "") + "Accept-Encoding"
    return gzipTaken ? try await gzipped(response) : response
  }

  /// Whether `response` is text of this server's worth gzipping (see the type).
  static func isCompressible(_ response: Response) -> Bool {
    guard response.status == .ok, !response.headers.contains(.contentEncoding),
      let length = response.body.contentLength, (smallest...largest).contains(length),
      let type = response.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
        .lowercased(),
      !(response.headers[.cacheControl]?.lowercased().contains("no-store") ?? false)
    else { return false }
    if type.hasPrefix("text/") { return type != "text/event-stream" }
    return ["application/json", "application/javascript", "application/xml"].contains(type)
      || type.hasSuffix("+json") || type.hasSuffix("+xml")
  }

  /// `response` with its body gzipped, or as it was when it holds the secret or gzip does not make
  /// it smaller.
  func gzipped(_ response: Response) async throws -> Response {
    var response = response
    let plain = try await BodyCollector.collect(response.body)
    let packed: ByteBuffer?
    if holdsSecret(plain) {
      packed = nil
    } else if plain.readableBytes > Self.compressedInPlace {
      packed = try await runBlocking { Self.gzip(plain) }
    } else {
      packed = Self.gzip(plain)
    }
    guard let packed, packed.readableBytes < plain.readableBytes else {
      response.body = ResponseBody(byteBuffer: plain)
      return response
    }
    response.body = ResponseBody(byteBuffer: packed)
    response.headers[.contentEncoding] = "gzip"
    if let tag = response.headers[.eTag], tag.hasPrefix("\"") { response.headers[.eTag] = "W/" + tag }
    response.headers[.acceptRanges] = nil
    return response
  }

  /// Whether `body` holds the secret anywhere.
  func holdsSecret(_ body: ByteBuffer) -> Bool {
    guard let secret else { return false }
    return body.withUnsafeReadableBytes { $0.firstRange(of: secret) != nil }
  }

  /// `plain` gzipped, or nil if zlib failed.
  static func gzip(_ plain: ByteBuffer) -> ByteBuffer? {
    plain.withUnsafeReadableBytes { input in
      var packed = ByteBuffer()
      let written = packed.writeWithUnsafeMutableBytes(minimumWritableBytes: Gzip.bound(input.count)) { output in
        Gzip.compress(input, level: level, into: output) ?? 0
      }
      return written > 0 ? packed : nil
    }
  }
}

/// Keeps what a response body writes, to gzip it whole.
final class BodyCollector: ResponseBodyWriter, @unchecked Sendable {  // used by one task at a time
  private(set) var buffer = ByteBuffer()

  /// Everything `body` writes.
  static func collect(_ body: ResponseBody) async throws -> ByteBuffer {
    let collector = BodyCollector()
    try await body.write(collector)
    return collector.buffer
  }

  func write(_ part: ByteBuffer) async throws { buffer.writeImmutableBuffer(part) }

  func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
