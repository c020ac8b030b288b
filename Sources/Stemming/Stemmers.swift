import Foundation

/// The Hunspell dictionaries in a folder (Debian's `/usr/share/hunspell`), each opened on first
/// use and kept: the stems of a word in a language.
public final class Stemmers: @unchecked Sendable {
  /// The folder searched.
  public let folder: String
  private let lock = NSLock()
  private var opened: [String: Hunspell?] = [:]

  /// Stemmers over the dictionaries in `folder`.
  public init(folder: String = "/usr/share/hunspell") { self.folder = folder }

  /// The lemmas `word` is an inflection of in `language` (`sv`, `swe`, `fr_FR`), most likely first,
  /// without the word itself; empty when it is not inflected or no dictionary is installed.
  public func stems(of word: String, language: String) -> [Stem] {
    guard let hunspell = dictionary(for: language) else { return [] }
    var found: [Stem] = []
    for analysis in hunspell.analyze(word).compactMap(Analysis.init) {
      guard analysis.stem.lowercased() != word.lowercased(), !found.contains(where: { $0.lemma == analysis.stem })
      else { continue }
      found.append(
        Stem(
          lemma: analysis.stem,
          inflection: Inflection.name(of: analysis, word: word, language: hunspell.language)))
    }
    return found
  }

  /// Only the lemmas of `stems(of:language:)`: what Phrasebook's search and answer check take.
  public func lemmas(of word: String, language: String) -> [String] {
    stems(of: word, language: language).map(\.lemma)
  }

  /// True when a dictionary for `language` is installed.
  public func has(_ language: String) -> Bool { dictionary(for: language) != nil }

  /// The dictionary for a language: `LANG.aff`, else `LANG_REGION.aff` where REGION is LANG in
  /// capitals (`sv_SE` has no such, so `sv_SE` as the first sorted), opened once.
  private func dictionary(for language: String) -> Hunspell? {
    let code = Self.shortCode(language)
    return lock.withLock {
      if let known = opened[code] { return known }
      let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasSuffix(".aff") }.map { String($0.dropLast(4)) }.sorted()
      let candidates = names.filter { $0 == code || $0.hasPrefix(code + "_") }
      let preferred = [code, "\(code)_\(code.uppercased())"].first(where: candidates.contains) ?? candidates.first
      let hunspell = preferred.flatMap {
        Hunspell(affix: "\(folder)/\($0).aff", dictionary: "\(folder)/\($0).dic", language: $0)
      }
      opened[code] = hunspell
      return hunspell
    }
  }

  /// The two-letter code Hunspell's files use for a language code (`swe` → `sv`, `sv-SE` → `sv`).
  static func shortCode(_ language: String) -> String {
    let base = String(language.lowercased().prefix { $0 != "_" && $0 != "-" })
    return threeLetter[base] ?? base
  }

  /// ISO 639-3 codes (as dictd's directions write them) of the languages Debian has Hunspell
  /// dictionaries for that a learner is likely to meet.
  private static let threeLetter: [String: String] = [
    "swe": "sv", "fra": "fr", "eng": "en", "swa": "sw", "deu": "de", "nld": "nl", "dan": "da", "nor": "no",
    "spa": "es", "ita": "it", "por": "pt", "pol": "pl", "ces": "cs", "rus": "ru", "ukr": "uk", "hun": "hu",
    "fin": "fi", "cym": "cy", "gle": "ga", "gla": "gd", "bre": "br", "afr": "af", "ell": "el", "tur": "tr",
  ]
}

extension Stemmers {
  /// The dictionaries Debian installs in `/usr/share/hunspell`, shared by every user in the process.
  public static let installed = Stemmers()

  /// `installed.lemmas(of:language:)` as a function, the stems hook Phrasebook's search and answer
  /// check take.
  public static let installedLemmas: @Sendable (String, String) -> [String] = {
    installed.lemmas(of: $0, language: $1)
  }
}
