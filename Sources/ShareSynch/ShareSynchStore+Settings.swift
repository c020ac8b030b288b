import AppSupport
import Foundation
import GRDB

/// A sermon of a series, as "load last used sermon" remembers it.
public struct SermonReference: Codable, Sendable, Equatable {
  /// The series.
  public let series: String
  /// The sermon.
  public let sermon: String

  /// A reference to `sermon` of `series`.
  public init(series: String, sermon: String) {
    self.series = series
    self.sermon = sermon
  }
}

extension ShareSynchStore {
  /// The sermon presented last, while its series is still installed.
  public func lastSermon() async throws -> SermonReference? {
    guard let stored = try await setting("lastSermon") else { return nil }
    let parts = stored.split(separator: "/", maxSplits: 1).map(String.init)
    guard parts.count == 2, (try? sermon(parts[0], parts[1])) != nil else { return nil }
    return SermonReference(series: parts[0], sermon: parts[1])
  }

  /// Remembers the sermon being presented (it must exist).
  public func rememberLastSermon(_ reference: SermonReference) async throws {
    _ = try sermon(reference.series, reference.sermon)
    try await setSetting("lastSermon", "\(reference.series)/\(reference.sermon)")
  }

  /// The settings screen's choices.
  public func settings() async throws -> ShareSynchSettings {
    try await writer.read { db in
      var stored: [String: String] = [:]
      for row in try Row.fetchAll(db, sql: "SELECT key, value FROM Settings") { stored[row["key"]] = row["value"] }
      return ShareSynchSettings(
        catalogURL: stored["catalogURL"], activation: stored["activation"],
        advance: stored["advance"].flatMap(AdvanceMode.init(rawValue:)) ?? .buttons,
        endOfSermon: stored["endOfSermon"].flatMap(EndOfSermon.init(rawValue:)) ?? .black,
        slideWidth: stored["slideWidth"].flatMap(Int.init) ?? ShareSynchSettings.defaultSlideWidth)
    }
  }

  /// Changes the settings given (an empty text clears one) in one transaction; a catalog address
  /// must be http(s).
  public func updateSettings(
    catalogURL: String? = nil, activation: String? = nil, advance: AdvanceMode? = nil, endOfSermon: EndOfSermon? = nil,
    slideWidth: Int? = nil
  ) async throws -> ShareSynchSettings {
    if let slideWidth, !ShareSynchSettings.slideWidths.contains(slideWidth) {
      throw ShareSynchError.badSlideWidth(slideWidth, allowed: ShareSynchSettings.slideWidths)
    }
    let catalog = catalogURL?.trimmed
    if let catalog, !catalog.isEmpty,
      URL(string: catalog)?.scheme.map({ ["http", "https"].contains($0.lowercased()) }) != true
    {
      throw ShareSynchError.badCatalogAddress(catalog)
    }
    try await writer.write { db in
      for (key, value) in [
        ("catalogURL", catalog), ("activation", activation?.trimmed), ("advance", advance?.rawValue),
        ("endOfSermon", endOfSermon?.rawValue), ("slideWidth", slideWidth.map(String.init)),
      ] {
        guard let value else { continue }
        if value.isEmpty {
          try db.execute(sql: "DELETE FROM Settings WHERE key = ?", arguments: [key])
        } else {
          try Self.store(db, key, value)
        }
      }
    }
    return try await settings()
  }

  private func setting(_ key: String) async throws -> String? {
    try await writer.read { db in
      try String.fetchOne(db, sql: "SELECT value FROM Settings WHERE key = ?", arguments: [key])
    }
  }

  private func setSetting(_ key: String, _ value: String) async throws {
    try await writer.write { db in try Self.store(db, key, value) }
  }

  private static func store(_ db: Database, _ key: String, _ value: String) throws {
    try db.execute(
      sql: "INSERT INTO Settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      arguments: [key, value])
  }
}

/// How a touch screen advances the presentation (seed A.3.6).
public enum AdvanceMode: String, Codable, Sendable, CaseIterable {
  /// The on-screen buttons.
  case buttons
  /// A swipe.
  case swipe
  /// A tap on the screen's left or right third.
  case sides
}

/// ShareSynch's stored choices.
public struct ShareSynchSettings: Codable, Sendable, Equatable {
  /// Where the series catalog is.
  public let catalogURL: String?
  /// The activation code the publisher sent.
  public let activation: String?
  /// How a touch screen advances.
  public let advance: AdvanceMode
  /// What advancing past the last slide does.
  public let endOfSermon: EndOfSermon
  /// How wide imported slides are drawn, in pixels (the display's width).
  public var slideWidth: Int = defaultSlideWidth

  /// The width slides are imported at unless Settings says otherwise (a Full HD display).
  public static let defaultSlideWidth = 1920
  /// The widths slides may be imported at.
  public static let slideWidths = 320...7680
}
