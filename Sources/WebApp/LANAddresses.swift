/// The addresses another device on the network can open this server at, best first, for the
/// address the server was bound to and this machine's interface addresses.
enum LANAddresses {
  /// None when the server listens on loopback only; the one address it was bound to; or, bound to
  /// every address, this machine's own in the order a phone or tablet most likely reaches them:
  /// private IPv4 (the networks of homes and churches) first, then other IPv4, then IPv4
  /// link-local, then — only when bound to `::`, as `0.0.0.0` takes no IPv6 — IPv6 unique-local
  /// and global addresses. Loopback and IPv6 link-local addresses (unusable without their
  /// interface's zone) are never offered.
  static func reachable(boundTo host: String, interfaces: [String]) -> [String] {
    if ServerSettings.isLoopback(host) { return [] }
    guard ["0.0.0.0", "::", ""].contains(host) else { return [host] }
    var seen = Set<String>()
    let ranked = interfaces.compactMap { address -> (rank: Int, address: String)? in
      guard seen.insert(address).inserted, let rank = rank(address, ipv6: host == "::") else { return nil }
      return (rank, address)
    }
    return ranked.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
      .map(\.element.address)
  }

  /// Lower comes first; nil for an address no other device can use.
  private static func rank(_ address: String, ipv6: Bool) -> Int? {
    if address.contains(":") {
      let lowered = address.lowercased()
      guard ipv6, lowered != "::1", lowered != "::", !lowered.hasPrefix("fe8"), !lowered.hasPrefix("fe9"),
        !lowered.hasPrefix("fea"), !lowered.hasPrefix("feb")
      else { return nil }
      return lowered.hasPrefix("fc") || lowered.hasPrefix("fd") ? 3 : 4
    }
    let octets = address.split(separator: ".").compactMap { UInt8($0) }
    guard octets.count == 4, octets[0] != 127, octets[0] != 0 else { return nil }
    switch (octets[0], octets[1]) {
    case (10, _), (172, 16...31), (192, 168): return 0
    case (169, 254): return 2
    default: return 1
    }
  }
}
