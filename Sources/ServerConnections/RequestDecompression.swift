import AppSupport
import Gzip
import HTTPTypes
import Hummingbird
import NIOCore

/// Takes request bodies a client gzipped (`Content-Encoding: gzip`), as a device on a slow link
/// packs its pushes to its hub, and says so: every answer carries `Accept-Encoding: gzip`
/// (RFC 7694), which is how a client learns that this server takes them. A body in any other coding
/// is refused with 415 before it is read. A route inflates its body where it reads it, under its own
/// limit (`Request.decodedBody(upTo:)`).
public struct RequestDecompression<Context: RequestContext>: RouterMiddleware {
  public init() {}

  public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    _ = try BodyCoding(request.headers)
    var response = try await next(request, context)
    response.headers[.acceptEncoding] = "gzip"
    return response
  }
}

/// How a request's body is coded.
enum BodyCoding {
  case plain, gzip

  /// The coding `Content-Encoding` names; throws 415 for one this server does not take (anything
  /// but gzip, or gzip twice).
  init(_ headers: HTTPFields) throws {
    let codings = headers[values: .contentEncoding].flatMap { $0.split(separator: ",") }
      .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { $0 != "identity" }
    switch codings {
    case []: self = .plain
    case ["gzip"], ["x-gzip"]: self = .gzip
    default:
      throw HTTPError(
        .unsupportedMediaType, headers: [.acceptEncoding: "gzip"],
        message: "a body is taken plain or gzipped, not as \(codings.joined(separator: ", "))")
    }
  }
}

extension Request {
  /// Past this many bytes received, a gzipped body is inflated off Swift's few shared threads: a
  /// few kilobytes of it can stand for megabytes.
  static var inflatedInPlace: Int { 4 << 10 }

  /// The body as the client meant it, inflated if it came gzipped; throws 413 when it is (or
  /// inflates to) more than `limit` bytes, 400 when it is marked gzip but is not, 415 for another
  /// coding.
  public func decodedBody(upTo limit: Int) async throws -> ByteBuffer {
    let coding = try BodyCoding(headers)
    let received: ByteBuffer
    do {
      received = try await body.collect(upTo: limit)
    } catch {
      throw HTTPError(.contentTooLarge, message: "the body is over \(limit) bytes")
    }
    guard coding == .gzip else { return received }
    let inflate = { @Sendable () throws -> ByteBuffer in
      try received.withUnsafeReadableBytes { ByteBuffer(bytes: try Gzip.decompress($0, limit: limit)) }
    }
    do {
      return received.readableBytes > Self.inflatedInPlace ? try await runBlocking { try inflate() } : try inflate()
    } catch Gzip.Problem.overLimit {
      throw HTTPError(.contentTooLarge, message: "the body inflates to over \(limit) bytes")
    } catch Gzip.Problem.outOfMemory {
      throw HTTPError(.serviceUnavailable, message: "the server is out of memory to inflate the body; try again later")
    } catch {
      throw HTTPError(.badRequest, message: "the body is marked gzip but is not one whole gzip stream")
    }
  }
}
