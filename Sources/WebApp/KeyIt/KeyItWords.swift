import Foundation
import KeyIt
import Localization

/// Key It's values that the core names in English (versifications, chapter states), in a language:
/// the pages', or the command line's.
public enum KeyItWords {
  public static func versification(_ versification: Versification, _ words: Localizer) -> String {
    words.t("keyit.versification.\(versification.rawValue)")
  }

  /// One line saying which printed Bibles number this way.
  public static func explanation(_ versification: Versification, _ words: Localizer) -> String {
    words.t("keyit.versification.\(versification.rawValue).explanation")
  }

  public static func status(_ status: ChapterStatus, _ words: Localizer) -> String {
    words.t("keyit.chapters.\(status.rawValue)")
  }
}

extension KeyItWords {
  /// A shared Bible's sync in one line: last sync, changes not sent, hub reachable, conflicts waiting,
  /// and changes refused, if any.
  public static func teamSummary(_ status: TeamStatus, _ words: Localizer) -> String {
    var parts = [
      status.lastSync.map {
        words.t("keyit.team.lastSync", ["time": .date(Date(timeIntervalSince1970: Double($0) / 1000))])
      } ?? words.t("keyit.team.neverSynced"),
      words.t("keyit.team.unsent", ["count": .number(status.unsent)]),
      words.t(
        status.reachable.map { $0 ? "keyit.team.reachable" : "keyit.team.unreachable" } ?? "keyit.team.notTried"),
      words.t("keyit.team.conflictsWaiting", ["count": .number(status.openConflicts)]),
    ]
    if status.refusedChanges > 0 {
      parts.append(words.t("keyit.team.refused", ["count": .number(status.refusedChanges)]))
    }
    return parts.joined(separator: " · ")
  }
}
