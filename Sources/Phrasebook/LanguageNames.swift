import CICU
import Foundation

/// A language a phrasebook may be in, named in English, in the interface's language and in itself
/// (ICU's display names).
public struct LanguageName: Codable, Sendable, Equatable {
  /// Its BCP 47 tag (`cy`).
  public let code: String
  /// Its name in English ("Welsh").
  public let english: String
  /// Its name in the language it was asked for ("gallois" in French); the English name where ICU
  /// has no names in that language (Tok Pisin).
  public let name: String
  /// Its name in itself ("Cymraeg"); the English name where ICU has none.
  public let native: String

  public init(code: String, english: String, name: String? = nil, native: String) {
    self.code = code
    self.english = english
    self.name = name ?? english
    self.native = native
  }
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
    return tags.compactMap { language($0) }.sorted { $0.english.lowercased() < $1.english.lowercased() }
  }()

  /// Every language ICU has locale data for, named also in `displayLanguage` and in its order.
  public static func all(in displayLanguage: String) -> [LanguageName] {
    guard displayLanguage != "en" else { return all }
    return all.map {
      LanguageName(
        code: $0.code, english: $0.english, name: displayName($0.code, in: displayLanguage), native: $0.native)
    }
    .sorted {
      $0.name.compare(
        $1.name, options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: displayLanguage))
        == .orderedAscending
    }
  }

  /// The language a tag names, with its names (also in `displayLanguage`); nil for a tag that is not
  /// well-formed BCP 47.
  public static func language(_ tag: String, in displayLanguage: String = "en") -> LanguageName? {
    guard let code = canonical(tag), let english = displayName(code, in: "en") else { return nil }
    let native = displayName(code, in: code)
    return LanguageName(
      code: code, english: english, name: displayName(code, in: displayLanguage),
      native: native == code ? english : native ?? english)
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
