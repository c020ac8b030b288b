import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The names this server answers to: loopback names, the address it was bound to (every address
/// of this machine when bound to all of them, and its host name), and names the user allowed. A
/// request for any other `Host` — what a page on another site sends after DNS rebinding — is
/// refused, and so is a page of any other origin, `null` included.
public struct ServerHosts: Sendable, Equatable {
  /// Host names and addresses, lowercased, IPv6 without brackets.
  public let names: Set<String>

  /// The names for a server bound to `host`, plus `allowed` (e.g. `laptop.lan`).
  public init(boundTo host: String, allowed: [String] = []) {
    var names: Set<String> = ["localhost", "127.0.0.1", "::1"]
    if ["0.0.0.0", "::", ""].contains(host) {
      names.formUnion(Self.machineAddresses())
      if let name = Self.machineName() { names.formUnion([name, name + ".local"]) }
    } else {
      names.insert(host)
    }
    self.names = Set((names.union(allowed)).map(Self.normalized))
  }

  /// True when `authority` (`host[:port]`, from `Host` or an origin) names this server; a request
  /// without one (not from a browser) passes.
  public func knows(authority: String?) -> Bool {
    guard let authority, !authority.isEmpty else { return true }
    return names.contains(Self.normalized(Self.host(of: authority)))
  }

  /// True when a page's `Origin` is this server as the request addressed it: http(s), a known
  /// name, and the request's own authority. `null` (sandboxed frames, some redirects) is refused.
  public func isOwnOrigin(_ origin: String, requestAuthority: String?) -> Bool {
    let origin = origin.trimmingCharacters(in: .whitespaces)
    guard let scheme = ["http://", "https://"].first(where: origin.hasPrefix) else { return false }
    let authority = String(origin.dropFirst(scheme.count))
    guard !authority.isEmpty, !authority.contains(where: { "/@?#".contains($0) }), knows(authority: authority) else {
      return false
    }
    guard let requestAuthority else { return true }
    return Self.normalized(authority) == Self.normalized(requestAuthority)
  }

  /// The host of `host[:port]` or `[v6]:port`.
  static func host(of authority: String) -> String {
    if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
      return String(authority[authority.index(after: authority.startIndex)..<end])
    }
    if authority.filter({ $0 == ":" }).count > 1 { return authority }  // a bare IPv6 address
    return String(authority.split(separator: ":", maxSplits: 1).first ?? "")
  }

  static func normalized(_ name: String) -> String {
    var name = name.lowercased()
    if name.hasSuffix(".") { name.removeLast() }
    return name
  }

  /// Every address of this machine's interfaces.
  static func machineAddresses() -> [String] {
    var first: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&first) == 0 else { return [] }
    defer { freeifaddrs(first) }
    var addresses: [String] = []
    var next = first
    while let interface = next {
      defer { next = interface.pointee.ifa_next }
      guard let address = interface.pointee.ifa_addr else { continue }
      let family = Int32(address.pointee.sa_family)
      guard family == AF_INET || family == AF_INET6 else { continue }
      var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
      let length = socklen_t(
        family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
      if getnameinfo(address, length, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 {
        let name = String(cString: text)
        addresses.append(String(name.split(separator: "%").first ?? ""))  // drop an IPv6 zone
      }
    }
    return addresses
  }

  static func machineName() -> String? {
    var text = [CChar](repeating: 0, count: 256)
    guard gethostname(&text, text.count) == 0 else { return nil }
    let name = String(cString: text)
    return name.isEmpty ? nil : name
  }
}
