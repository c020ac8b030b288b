import AsyncHTTPClient
import Foundation
import NIOCore

/// How a file download is going: bytes so far of the total, speed, and time left.
public struct DownloadProgress: Sendable, Equatable {
  /// Bytes in the file so far (earlier sessions included).
  public let received: Int64
  /// The whole file's size, when known.
  public let total: Int64?
  /// Bytes per second in this session.
  public let bytesPerSecond: Double
  /// Estimated seconds left, when the total is known and bytes are arriving.
  public var secondsLeft: Double? {
    guard let total, bytesPerSecond > 0 else { return nil }
    return Double(total - received) / bytesPerSecond
  }
}

/// Downloads an http(s) URL into `file` under `policy` (see `FetchPolicy`), resuming from what an
/// earlier, interrupted run left there (HTTP `Range`; a server that ignores it sends the whole file
/// again, which then replaces it). Cancelling the task pauses: the partial file stays for the next
/// call. A body larger than `expectedSize` (when given) or `maxBytes` (2 GiB, as a package upload)
/// is refused and the partial file deleted. Returns the file's final size.
@discardableResult
public func downloadResuming(
  _ address: String, to file: URL, policy: FetchPolicy = .publicOnly, expectedSize: Int64? = nil,
  maxBytes: Int64 = 2 << 30, timeout: TimeAmount = .seconds(30),
  progress: @Sendable (DownloadProgress) -> Void = { _ in }
) async throws -> Int64 {
  let limit = min(expectedSize ?? maxBytes, maxBytes)
  let manager = FileManager.default
  if !manager.fileExists(atPath: file.path) { manager.createFile(atPath: file.path, contents: nil) }
  let existing = Int64((try? manager.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0)
  if let expectedSize, existing >= expectedSize { return existing }
  let answer = try await checkedGet(
    address, policy: policy, headers: existing > 0 ? [("Range", "bytes=\(existing)-")] : [], timeout: timeout)
  do {
    let size = try await save(answer, to: file, existing: existing, expectedSize: expectedSize, limit: limit, progress)
    await answer.close()
    return size
  } catch {
    await answer.close()
    throw error
  }
}

/// Writes a response body into `file` (appending to `existing` bytes for a 206), at most `limit` bytes.
private func save(
  _ answer: CheckedResponse, to file: URL, existing: Int64, expectedSize: Int64?, limit: Int64,
  _ progress: @Sendable (DownloadProgress) -> Void
) async throws -> Int64 {
  var existing = existing
  let manager = FileManager.default
  let (response, host) = (answer.response, answer.host)
  let handle = try FileHandle(forWritingTo: file)
  defer { try? handle.close() }
  switch response.status.code {
  case 206:
    try handle.seekToEnd()
  case 200:
    try handle.truncate(atOffset: 0)
    existing = 0
  default:
    throw DownloadError(.status(host: host, code: Int(response.status.code), path: answer.url.path))
  }
  let length = response.headers.first(name: "content-length").flatMap { Int64($0) }
  let total = length.map { $0 + existing } ?? expectedSize
  /// Too big: nothing is kept.
  func refuse(_ size: Int64?) -> DownloadError {
    try? manager.removeItem(at: file)
    return DownloadError(
      expectedSize == limit ? .largerThanAnnounced(size: size, announced: limit) : .tooLarge(size: size, limit: limit))
  }
  if let total, total > limit { throw refuse(total) }
  let started = ContinuousClock.now
  var received = existing
  do {
    for try await buffer in response.body {
      guard received + Int64(buffer.readableBytes) <= limit else { throw refuse(nil) }
      try handle.write(contentsOf: Data(buffer.readableBytesView))
      received += Int64(buffer.readableBytes)
      let elapsed = ContinuousClock.now - started
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      progress(
        DownloadProgress(
          received: received, total: total, bytesPerSecond: seconds > 0 ? Double(received - existing) / seconds : 0))
    }
  } catch let error as DownloadError {
    throw error
  } catch is CancellationError {
    throw CancellationError()
  } catch {
    throw DownloadError(.brokeOff(host: host, received: received))
  }
  return received
}
