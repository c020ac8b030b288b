import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix

/// A download that did not complete, with a sentence a user can act on.
public struct DownloadError: Error, Equatable, CustomStringConvertible {
  /// What went wrong.
  public let description: String
}

/// Fetches the body of an http(s) URL, refusing bodies over `maxBytes` (checked against the
/// announced length first, then while receiving) and giving up after `timeout`. `progress` is
/// called with the bytes received so far and the announced total, if any.
public func download(
  _ address: String, maxBytes: Int = 20 << 20, timeout: TimeAmount = .seconds(30),
  progress: @Sendable (_ received: Int, _ total: Int?) -> Void = { _, _ in }
) async throws -> Data {
  guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
    let host = url.host, !host.isEmpty
  else { throw DownloadError(description: "not a web address: \(address) (it must start with http:// or https://)") }
  try await checkReachable(host: host, port: url.port ?? (scheme == "https" ? 443 : 80), timeout: timeout)
  let response: HTTPClientResponse
  do {
    response = try await HTTPClient.shared.execute(HTTPClientRequest(url: address), timeout: timeout)
  } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
    throw DownloadError(description: "\(host) did not answer within \(timeout.nanoseconds / 1_000_000_000) s")
  } catch {
    throw DownloadError(description: "could not reach \(host): \(error)")
  }
  guard (200..<300).contains(response.status.code) else {
    throw DownloadError(
      description: "\(host) answered \(response.status.code) \(response.status.reasonPhrase) for \(url.path)")
  }
  let total = response.headers.first(name: "content-length").flatMap { Int($0) }
  if let total, total > maxBytes {
    throw DownloadError(description: "the file is \(total) bytes, more than the \(maxBytes) allowed")
  }
  var data = Data()
  do {
    for try await buffer in response.body {
      data.append(contentsOf: buffer.readableBytesView)
      guard data.count <= maxBytes else {
        throw DownloadError(description: "the file is more than the \(maxBytes) bytes allowed")
      }
      progress(data.count, total)
    }
  } catch let error as DownloadError {
    throw error
  } catch {
    throw DownloadError(description: "the download from \(host) broke off: \(error)")
  }
  return data
}

/// Opens and closes one TCP connection, so a refused or unroutable address fails at once with a
/// clear message: the HTTP client's pool would retry a refused connection until its deadline.
func checkReachable(host: String, port: Int, timeout: TimeAmount) async throws {
  do {
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .connectTimeout(min(timeout, .seconds(10)))
      .connect(host: host, port: port).get()
    try? await channel.close()
  } catch {
    throw DownloadError(description: "could not reach \(host):\(port): \(error)")
  }
}
