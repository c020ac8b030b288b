import AsyncHTTPClient
import Foundation
import NIOCore

/// A download that did not complete, with a sentence a user can act on. It names hosts, sizes and
/// statuses, never what the server sent.
public struct DownloadError: Error, Equatable, CustomStringConvertible {
  /// What went wrong.
  public let description: String
}

/// Fetches the body of an http(s) URL under `policy` (see `FetchPolicy`: public addresses only
/// unless the user allowed the host), refusing bodies over `maxBytes` (checked against the
/// announced length first, then while receiving; nothing is kept) and giving up after `timeout`.
/// `progress` is called with the bytes received so far and the announced total, if any.
public func download(
  _ address: String, policy: FetchPolicy = .publicOnly, maxBytes: Int = 20 << 20, timeout: TimeAmount = .seconds(30),
  progress: @Sendable (_ received: Int, _ total: Int?) -> Void = { _, _ in }
) async throws -> Data {
  let answer = try await checkedGet(address, policy: policy, timeout: timeout)
  do {
    let data = try await body(of: answer, maxBytes: maxBytes, progress: progress)
    await answer.close()
    return data
  } catch {
    await answer.close()
    throw error
  }
}

private func body(
  of answer: CheckedResponse, maxBytes: Int, progress: @Sendable (_ received: Int, _ total: Int?) -> Void
) async throws -> Data {
  let (response, host) = (answer.response, answer.host)
  guard (200..<300).contains(response.status.code) else {
    throw DownloadError(description: "\(host) answered with status \(response.status.code) for \(answer.url.path)")
  }
  let total = response.headers.first(name: "content-length").flatMap { Int($0) }
  if let total, total > maxBytes {
    throw DownloadError(description: "the file is \(total) bytes, more than the \(maxBytes) allowed")
  }
  var data = Data()
  do {
    for try await buffer in response.body {
      guard data.count + buffer.readableBytes <= maxBytes else {
        throw DownloadError(description: "the file is more than the \(maxBytes) bytes allowed")
      }
      data.append(contentsOf: buffer.readableBytesView)
      progress(data.count, total)
    }
  } catch let error as DownloadError {
    throw error
  } catch {
    throw DownloadError(description: "the download from \(host) broke off: \(error)")
  }
  return data
}
