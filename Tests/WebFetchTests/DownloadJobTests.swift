import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import WebFetch

/// Pause, resume and cancel against a real HTTP server on loopback that honours `Range` and sends
/// slowly enough to be paused mid-way.
@Suite struct DownloadJobTests {
  /// 256 KiB of bytes that differ from their neighbours, so a misplaced range shows.
  static let content = (0..<262_144).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }

  /// A server for `/file` (with `Range`) sending 8 KiB every 10 ms; it records the ranges asked.
  static func server() -> (Application<RouterResponder<BasicRequestContext>>, RangeLog) {
    let log = RangeLog()
    let router = Router()
    router.get("/file") { request, _ -> Response in
      var start = 0
      if let range = request.headers[.range], range.hasPrefix("bytes="),
        let first = Int(range.dropFirst(6).split(separator: "-").first ?? "")
      {
        start = min(first, content.count)
      }
      log.append(start)
      let slice = Array(content[start...])
      let body = ResponseBody(contentLength: slice.count) { writer in
        for offset in stride(from: 0, to: slice.count, by: 8192) {
          try await writer.write(ByteBuffer(bytes: slice[offset..<min(offset + 8192, slice.count)]))
          try await Task.sleep(for: .milliseconds(10))
        }
        try await writer.finish(nil)
      }
      var headers: HTTPFields = [:]
      if start > 0 { headers[.contentRange] = "bytes \(start)-\(content.count - 1)/\(content.count)" }
      return Response(status: start > 0 ? .partialContent : .ok, headers: headers, body: body)
    }
    return (Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0))), log)
  }

  /// The test server is on loopback, which a download reaches only when allowed.
  static let loopback = FetchPolicy(allowedHosts: ["127.0.0.1"])

  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("download-\(UUID().uuidString)")

  func until(_ job: DownloadJob, received atLeast: Int64) async throws {
    for _ in 0..<500 {
      if let progress = await job.progress, progress.received >= atLeast { return }
      try await Task.sleep(for: .milliseconds(5))
    }
    Issue.record("the download never reached \(atLeast) bytes")
  }

  @Test func pausedAndResumedItCompletesWithTheRightBytesAskingOnlyForTheRest() async throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let (app, log) = Self.server()
    try await app.test(.live) { client in
      let file = folder.appendingPathComponent("series.sspkg")
      let installed = Received()
      let job = DownloadJob(
        address: "http://127.0.0.1:\(client.port!)/file", file: file, policy: Self.loopback,
        expectedSize: Int64(Self.content.count)
      ) { file in installed.set(try Data(contentsOf: file)) }
      await job.resume()
      try await until(job, received: 40_000)
      await job.pause()
      #expect(await job.wait() == .paused)
      let partial = try Data(contentsOf: file)
      #expect(partial.count > 0 && partial.count < Self.content.count, "a partial file stays")
      #expect(Array(partial) == Array(Self.content[..<partial.count]))
      let progress = await job.progress!
      #expect(progress.total == Int64(Self.content.count) && progress.bytesPerSecond > 0)

      await job.resume()
      #expect(await job.wait() == .completed)
      #expect(installed.get().map(Array.init) == Self.content, "the whole file, byte for byte")
      #expect(log.starts.count == 2 && log.starts[0] == 0 && log.starts[1] >= partial.count, "\(log.starts)")
    }
  }

  @Test func cancellingDeletesThePartialFileAndARefusedFileIsDeleted() async throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let (app, _) = Self.server()
    try await app.test(.live) { client in
      let address = "http://127.0.0.1:\(client.port!)/file"
      let file = folder.appendingPathComponent("series.sspkg")
      let cancelled = DownloadJob(address: address, file: file, policy: Self.loopback) { _ in
        Issue.record("a cancelled job installs nothing")
      }
      await cancelled.resume()
      try await until(cancelled, received: 20_000)
      await cancelled.cancel()
      #expect(await cancelled.state == .cancelled)
      #expect(!FileManager.default.fileExists(atPath: file.path), "no partial file is left")

      struct Refused: Error, CustomStringConvertible { var description: String { "the checksum does not match" } }
      let refused = DownloadJob(address: address, file: file, policy: Self.loopback) { _ in throw Refused() }
      await refused.resume()
      #expect(await refused.wait() == .failed("the checksum does not match"))
      #expect(!FileManager.default.fileExists(atPath: file.path), "a refused download is deleted")

      let unreachable = DownloadJob(address: "http://127.0.0.1:1/file", file: file, policy: Self.loopback) { _ in }
      await unreachable.resume()
      guard case .failed(let reason) = await unreachable.wait() else {
        Issue.record("an unreachable server fails the job")
        return
      }
      #expect(reason.contains("127.0.0.1"), "\(reason)")
    }
  }
}

/// The `Range` starts the test server was asked for.
final class RangeLog: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Int] = []
  func append(_ start: Int) { lock.withLock { values.append(start) } }
  var starts: [Int] { lock.withLock { values } }
}

/// What the finish step received.
final class Received: @unchecked Sendable {
  private let lock = NSLock()
  private var data: Data?
  func set(_ data: Data) { lock.withLock { self.data = data } }
  func get() -> Data? { lock.withLock { data } }
}
