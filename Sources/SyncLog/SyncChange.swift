/// One change a device made to a shared project, as devices send it to the hub and the hub hands it
/// on. The hub stores and forwards changes without reading `payload`; the app that made the change
/// (Key It today) is the only one that interprets it.
public struct SyncChange: Codable, Sendable, Hashable {
  /// The shared thing the change belongs to, e.g. `keyit:<bible uuid>` (no slash: it is one path segment of the hub's routes).
  public var project: String
  /// The installation that made the change (made once per installation).
  public var device: String
  /// 1, 2, 3… per device and project, without gaps: a device's changes are applied in this order.
  public var counter: Int64
  /// When the change was made, on the team's hybrid logical clock.
  public var clock: HybridTimestamp
  /// Who made it, as the team knows them (shown beside conflicts).
  public var author: String
  /// The change itself, as the app encodes it (JSON).
  public var payload: String

  public init(
    project: String, device: String, counter: Int64, clock: HybridTimestamp, author: String, payload: String
  ) {
    self.project = project
    self.device = device
    self.counter = counter
    self.clock = clock
    self.author = author
    self.payload = payload
  }
}
