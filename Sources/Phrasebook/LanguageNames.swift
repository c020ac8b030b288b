import CICU

/// A language a phrasebook may be in, named in English and in itself (ICU's display names).
public struct LanguageName: Codable, Sendable, Equatable {
  /// Its BCP 47 tag (`cy`).
  public let code: String
  /// Its name in English ("Welsh").
  public let english: String
  /// Its name in itself ("Cymraeg"); the English name where ICU has none.
  public let native: String
}

/// Names of languages from ICU (Debian's libicu), for the new-phrasebook picker and for codes given
/// without a name.
public enum LanguageNames {
  /// Every language ICU has locale data for (the language alone, no region or script), by English
  /// name.
  public static let all: [LanguageName] = {
    var tags: Set<String> = []
    var buffer = [CChar](repeating: 0, count: 160)
    for index in 0..<scriptorium_locale_count() {
      let length = scriptorium_locale_tag(index, &buffer, Int32(buffer.count))
      guard length > 0 else { continue }
      let tag = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if !tag.contains("-") { tags.insert(tag) }
    }
    return tags.compactMap(language).sorted { $0.english.lowercased() < $1.english.lowercased() }
  }()

  /// The language a tag names, with its names; nil for a tag that is not well-formed BCP 47.
  public static func language(_ tag: String) -> LanguageName? {
    guard let code = canonical(tag), let english = displayName(code, in: "en") else { return nil }
    let native = displayName(code, in: code)
    return LanguageName(code: code, english: english, native: native == code ? english : native ?? english)
  }

  /// `tag` as a well-formed BCP 47 tag in its usual letter case (`EN-gb` → `en-GB`), or nil.
  public static func canonical(_ tag: String) -> String? {
    guard !tag.isEmpty, tag.utf8.count < 100, tag.allSatisfy({ $0.isASCII }) else { return nil }
    var buffer = [CChar](repeating: 0, count: 160)
    let length = scriptorium_canonical_tag(tag, &buffer, Int32(buffer.count))
    guard length > 0 else { return nil }
    return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func displayName(_ tag: String, in displayTag: String) -> String? {
    var buffer = [UInt16](repeating: 0, count: 200)
    let length = scriptorium_display_name(tag, displayTag, &buffer, Int32(buffer.count))
    guard length > 0 else { return nil }
    return String(decoding: buffer.prefix(min(Int(length), buffer.count)), as: UTF16.self)
  }
}
