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

/// Downloads an http(s) URL into `file`, resuming from what an earlier, interrupted run left there
/// (HTTP `Range`; a server that ignores it sends the whole file again, which then replaces it).
/// Cancelling the task pauses: the partial file stays for the next call. A body larger than
/// `expectedSize` is refused. Returns the file's final size.
@discardableResult
public func downloadResuming(
  _ address: String, to file: URL, expectedSize: Int64? = nil, timeout: TimeAmount = .seconds(30),
  progress: @Sendable (DownloadProgress) -> Void = { _ in }
) async throws -> Int64 {
  guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
    let host = url.host, !host.isEmpty
  else { throw DownloadError(description: "not a web address: \(address) (it must start with http:// or https://)") }
  try await checkReachable(host: host, port: url.port ?? (scheme == "https" ? 443 : 80), timeout: timeout)
  let manager = FileManager.default
  if !manager.fileExists(atPath: file.path) { manager.createFile(atPath: file.path, contents: nil) }
  var existing = Int64((try? manager.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0)
  if let expectedSize, existing >= expectedSize { return existing }
  var request = HTTPClientRequest(url: address)
  if existing > 0 { request.headers.add(name: "Range", value: "bytes=\(existing)-") }
  let response: HTTPClientResponse
  do {
    response = try await HTTPClient.shared.execute(request, timeout: timeout)
  } catch {
    throw DownloadError(description: "could not reach \(host): \(error)")
  }
  let handle = try FileHandle(forWritingTo: file)
  defer { try? handle.close() }
  switch response.status.code {
  case 206:
    try handle.seekToEnd()
  case 200:
    try handle.truncate(atOffset: 0)
    existing = 0
  default:
    throw DownloadError(
      description: "\(host) answered \(response.status.code) \(response.status.reasonPhrase) for \(url.path)")
  }
  let length = response.headers.first(name: "content-length").flatMap { Int64($0) }
  let total = length.map { $0 + existing } ?? expectedSize
  if let expectedSize, let total, total > expectedSize {
    throw DownloadError(description: "the file is \(total) bytes, more than the \(expectedSize) announced")
  }
  let started = ContinuousClock.now
  var received = existing
  do {
    for try await buffer in response.body {
      try handle.write(contentsOf: Data(buffer.readableBytesView))
      received += Int64(buffer.readableBytes)
      if let expectedSize, received > expectedSize {
        throw DownloadError(description: "the file is more than the \(expectedSize) bytes announced")
      }
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
    throw DownloadError(
      description: "the download from \(host) broke off at \(received) bytes (run it again to resume): \(error)")
  }
  return received
}
