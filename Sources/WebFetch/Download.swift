import AsyncHTTPClient
import Foundation
import NIOCore

/// A download that did not complete: what went wrong with its inputs (hosts, sizes, statuses,
/// never what the server sent), for an adapter to word in the user's language.
public struct DownloadError: Error, Equatable, CustomStringConvertible {
  public enum Problem: Sendable, Equatable {
    /// Not an http(s) address (the address as typed, shortened).
    case notAWebAddress(String)
    case status(host: String, code: Int, path: String)
    /// Bigger than `limit`: `size` as announced, nil when found while receiving.
    case tooLarge(size: Int64?, limit: Int64)
    /// Bigger than the size the catalog announced.
    case largerThanAnnounced(size: Int64?, announced: Int64)
    /// The connection broke off; `received` bytes are kept when the download can resume.
    case brokeOff(host: String, received: Int64?)
    case timedOut(host: String, seconds: Int64)
    /// The connection failed; `code` is the system's error number when there is one.
    case unreachable(host: String, port: Int?, code: Int32?)
    case doesNotResolve(host: String)
    case notAnInternetAddress(host: String)
    case notPublic(host: String, kind: AddressKind, address: String)
    case tooManyRedirects(host: String, limit: Int)
    case redirectNotWeb(host: String)
  }

  public let problem: Problem

  public init(_ problem: Problem) { self.problem = problem }

  /// What went wrong, in English (for logs and tests).
  public var description: String {
    switch problem {
    case .notAWebAddress(let address): "not a web address: \(address) (it must start with http:// or https://)"
    case .status(let host, let code, let path): "\(host) answered with status \(code) for \(path)"
    case .tooLarge(let size?, let limit): "the file is \(size) bytes, more than the \(limit) allowed"
    case .tooLarge(nil, let limit): "the file is more than the \(limit) bytes allowed"
    case .largerThanAnnounced(let size?, let announced):
      "the file is \(size) bytes, more than the \(announced) announced"
    case .largerThanAnnounced(nil, let announced): "the file is more than the \(announced) bytes announced"
    case .brokeOff(let host, let received?):
      "the download from \(host) broke off at \(received) bytes (run it again to resume)"
    case .brokeOff(let host, nil): "the download from \(host) broke off"
    case .timedOut(let host, let seconds): "\(host) did not answer within \(seconds) s"
    case .unreachable(let host, let port, let code):
      "could not reach \(host)\(port.map { ":\($0)" } ?? "")" + (code.map { " (error \($0))" } ?? "")
    case .doesNotResolve(let host): "could not reach \(host): the name does not resolve"
    case .notAnInternetAddress(let host): "could not reach \(host): not an internet address"
    case .notPublic(let host, let kind, let address):
      "\(host) is \(kind.rawValue) (\(address)): fetching from it is refused unless you allow the host in settings"
    case .tooManyRedirects(let host, let limit): "\(host) redirected more than \(limit) times"
    case .redirectNotWeb(let host): "\(host) redirected to an address that is not http or https"
    }
  }
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
    throw DownloadError(.status(host: host, code: Int(response.status.code), path: answer.url.path))
  }
  let total = response.headers.first(name: "content-length").flatMap { Int($0) }
  if let total, total > maxBytes {
    throw DownloadError(.tooLarge(size: Int64(total), limit: Int64(maxBytes)))
  }
  var data = Data()
  do {
    for try await buffer in response.body {
      guard data.count + buffer.readableBytes <= maxBytes else {
        throw DownloadError(.tooLarge(size: nil, limit: Int64(maxBytes)))
      }
      data.append(contentsOf: buffer.readableBytesView)
      progress(data.count, total)
    }
  } catch let error as DownloadError {
    throw error
  } catch {
    throw DownloadError(.brokeOff(host: host, received: nil))
  }
  return data
}
