/// Which addresses a fetch may reach. A fetch is asked for by someone who may not be the machine's
/// owner (a phone on the LAN, a catalog's package list), so by default it reaches only public
/// internet addresses: loopback, private, link-local, shared (CGNAT), unspecified, multicast and
/// reserved addresses, in IPv4 and IPv6 and IPv6's forms that carry an IPv4 address, are refused
/// unless the user named the host. The check is made on the address the name resolves to, on
/// every redirect, and the connection goes to that very address.
public struct FetchPolicy: Sendable, Equatable {
  /// Host names or IP addresses (lower case, IPv6 without brackets) the user allowed explicitly.
  public var allowedHosts: Set<String>
  /// The most redirects followed.
  public var maxRedirects: Int

  /// A policy allowing `allowedHosts` besides public addresses.
  public init(allowedHosts: some Sequence<String> = [], maxRedirects: Int = 5) {
    self.allowedHosts = Set(allowedHosts.map(hostKey))
    self.maxRedirects = maxRedirects
  }

  /// Public addresses only.
  public static let publicOnly = FetchPolicy()

  /// The policy with the host of `address` allowed too (an address the user typed or set).
  public func allowing(hostOf address: String) -> FetchPolicy {
    guard let url = webURL(address), let host = url.host else { return self }
    var policy = self
    policy.allowedHosts.insert(hostKey(host))
    return policy
  }

  /// True when the user allowed this host name or this address.
  func allows(host: String, address: String) -> Bool {
    allowedHosts.contains(hostKey(host)) || allowedHosts.contains(hostKey(address))
  }
}

/// A host as the allowed list keeps it: lower case, without IPv6 brackets.
public func hostKey(_ host: String) -> String {
  var host = host.lowercased()
  if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
  return host
}

/// A kind of address that is not public; the raw value is its English words.
public enum AddressKind: String, Sendable, CaseIterable {
  case unknown = "an unknown kind of address"
  case unspecified = "the unspecified address"
  case loopback = "a loopback address"
  case linkLocal = "a link-local address"
  case siteLocal = "a site-local address"
  case uniqueLocal = "a unique local (private) address"
  case multicast = "a multicast address"
  case thisNetwork = "an unspecified (this-network) address"
  case privateNetwork = "a private address"
  case shared = "a shared (carrier-grade NAT) address"
  case reserved = "a reserved or broadcast address"
}

/// What kind of non-public address `bytes` (4 for IPv4, 16 for IPv6, network order) is, or nil
/// for a public one.
func nonPublicKind(_ bytes: [UInt8]) -> AddressKind? {
  if bytes.count == 4 { return nonPublicIPv4Kind(bytes) }
  guard bytes.count == 16 else { return .unknown }
  let zeros = { (range: Range<Int>) in bytes[range].allSatisfy { $0 == 0 } }
  if zeros(0..<16) { return .unspecified }
  if zeros(0..<15), bytes[15] == 1 { return .loopback }
  if zeros(0..<10), bytes[10] == 0xFF, bytes[11] == 0xFF { return nonPublicIPv4Kind(Array(bytes[12..<16])) }
  if zeros(0..<12) { return nonPublicIPv4Kind(Array(bytes[12..<16])) }  // IPv4-compatible (deprecated)
  if bytes[0..<4] == [0x00, 0x64, 0xFF, 0x9B], zeros(4..<12) { return nonPublicIPv4Kind(Array(bytes[12..<16])) }
  if bytes[0] == 0x20, bytes[1] == 0x02 { return nonPublicIPv4Kind(Array(bytes[2..<6])) }  // 6to4
  if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0x80 { return .linkLocal }
  if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0xC0 { return .siteLocal }
  if bytes[0] & 0xFE == 0xFC { return .uniqueLocal }
  if bytes[0] == 0xFF { return .multicast }
  return nil
}

private func nonPublicIPv4Kind(_ bytes: [UInt8]) -> AddressKind? {
  switch (bytes[0], bytes[1]) {
  case (0, _): .thisNetwork
  case (10, _), (172, 16...31), (192, 168): .privateNetwork
  case (100, 64...127): .shared
  case (127, _): .loopback
  case (169, 254): .linkLocal
  case (224...239, _): .multicast
  case (240...255, _): .reserved
  default: nil
  }
}
