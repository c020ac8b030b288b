import AppSupport
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix

/// The URL of an absolute http or https address with a host, or nil.
func webURL(_ address: String) -> URL? {
  guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
    let host = url.host, !host.isEmpty
  else { return nil }
  return url
}

/// A response from a connection made to a checked address. Its client lives until the body is
/// read: call `close` once done with the body.
struct CheckedResponse {
  let response: HTTPClientResponse
  let client: HTTPClient
  /// The address finally answered (after redirects).
  let url: URL
  /// Its host, for messages.
  let host: String

  func close() async { try? await client.shutdown() }
}

/// Sends a GET for `address` under `policy`: each hop's host is resolved, the address checked,
/// and the connection made to that same address (AsyncHTTPClient's `dnsOverride`; TLS still checks
/// the certificate for the host name), so a name that resolves differently a moment later (DNS
/// rebinding) cannot move the connection. Redirects are followed here, each checked the same way,
/// at most `policy.maxRedirects`. Messages name hosts and statuses, never what a server sent.
func checkedGet(
  _ address: String, policy: FetchPolicy, headers: [(String, String)] = [], timeout: TimeAmount
) async throws -> CheckedResponse {
  guard var url = webURL(address) else {
    throw DownloadError(.notAWebAddress(quoted(address, limit: 200)))
  }
  for hop in 0...policy.maxRedirects {
    let host = url.host!
    let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
    let target = try await checkedAddress(host: host, port: port, policy: policy)
    try await checkReachable(target, host: host, port: port, timeout: timeout)
    var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
    if let ip = target.ipAddress, ip != hostKey(host) {
      configuration.dnsOverride = [host: ip]
      configuration.dnsOverride[hostKey(host)] = ip
    }
    let client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
    let response: HTTPClientResponse
    do {
      var request = HTTPClientRequest(url: url.absoluteString)
      for (name, value) in headers { request.headers.add(name: name, value: value) }
      response = try await client.execute(request, timeout: timeout)
    } catch {
      try? await client.shutdown()
      if error is CancellationError || Task.isCancelled { throw CancellationError() }
      if let error = error as? HTTPClientError, error == .deadlineExceeded || error == .readTimeout {
        throw DownloadError(.timedOut(host: host, seconds: timeout.nanoseconds / 1_000_000_000))
      }
      throw DownloadError(.unreachable(host: host, port: nil, code: (error as? IOError)?.errnoCode))
    }
    guard [301, 302, 303, 307, 308].contains(response.status.code),
      let location = response.headers.first(name: "location")
    else { return CheckedResponse(response: response, client: client, url: url, host: host) }
    try? await client.shutdown()
    guard hop < policy.maxRedirects else {
      throw DownloadError(.tooManyRedirects(host: host, limit: policy.maxRedirects))
    }
    guard let next = URL(string: location, relativeTo: url).flatMap({ webURL($0.absoluteString) }) else {
      throw DownloadError(.redirectNotWeb(host: host))
    }
    url = next
  }
  throw DownloadError(.tooManyRedirects(host: url.host ?? "?", limit: policy.maxRedirects))
}

/// The address `host` resolves to, provided the policy lets a fetch reach it.
func checkedAddress(host: String, port: Int, policy: FetchPolicy) async throws -> SocketAddress {
  let name = hostKey(host)
  let address: SocketAddress
  do {
    address = try await NIOThreadPool.singleton.runIfActive {
      try SocketAddress.makeAddressResolvingHost(name, port: port)
    }
  } catch {
    throw DownloadError(.doesNotResolve(host: host))
  }
  guard let bytes = addressBytes(address) else {
    throw DownloadError(.notAnInternetAddress(host: host))
  }
  if let kind = nonPublicKind(bytes), !policy.allows(host: name, address: address.ipAddress ?? "") {
    throw DownloadError(.notPublic(host: host, kind: kind, address: address.ipAddress ?? "?"))
  }
  return address
}

/// The bytes of an IPv4 or IPv6 address in network order, or nil for another kind of address.
func addressBytes(_ address: SocketAddress) -> [UInt8]? {
  switch address {
  case .v4(let v4): withUnsafeBytes(of: v4.address.sin_addr) { Array($0) }
  case .v6(let v6): withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
  default: nil
  }
}

/// Opens and closes one TCP connection to the checked address, so a refused or unroutable address
/// fails at once with a clear message: the HTTP client's pool would retry a refused connection
/// until its deadline.
func checkReachable(_ address: SocketAddress, host: String, port: Int, timeout: TimeAmount) async throws {
  do {
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .connectTimeout(min(timeout, .seconds(10)))
      .connect(to: address).get()
    try? await channel.close()
  } catch {
    throw DownloadError(.unreachable(host: host, port: port, code: (error as? IOError)?.errnoCode))
  }
}
