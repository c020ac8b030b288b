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
