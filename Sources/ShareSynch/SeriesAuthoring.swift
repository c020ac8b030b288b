import AppSupport
import Foundation

/// Rules for series and sermons made in Scriptorium rather than installed from a package: their
/// names, the ids made from them, and the language codes they carry.
public enum SeriesAuthoring {
  /// A name as stored: trimmed, NFC, one line of at most 200 characters.
  public static func name(_ text: String, what: String) throws -> String {
    let name = text.trimmed.nfc
    guard !name.isEmpty, name.count <= 200,
      !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { throw ShareSynchError.badName(text, what: what) }
    return name
  }

  /// An id made from a name (ASCII letters and digits joined by `-`, else `fallback`), not in `taken`.
  public static func id(from name: String, fallback: String, taken: Set<String>) -> String {
    let folded =
      name.applyingTransform(.toLatin, reverse: false)?.applyingTransform(.stripDiacritics, reverse: false)
      ?? name
    var slug = ""
    for scalar in folded.lowercased().unicodeScalars {
      if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
        slug.unicodeScalars.append(scalar)
      } else if !slug.isEmpty, slug.last != "-" {
        slug += "-"
      }
    }
    slug = String(slug.prefix(40)).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
    let base = slug.isEmpty ? fallback : slug
    var candidate = base
    var number = 2
    while taken.contains(candidate) {
      candidate = "\(base)-\(number)"
      number += 1
    }
    return candidate
  }

  /// Language codes as a series carries them: trimmed, lowercase, each once, in the order given;
  /// a code is 2–3 letters with optional `-` parts (BCP 47's shape).
  public static func languages(_ codes: [String]) throws -> [String] {
    var seen: [String] = []
    for code in codes.map({ $0.trimmed.lowercased() }) where !code.isEmpty && !seen.contains(code) {
      let parts = code.split(separator: "-", omittingEmptySubsequences: false)
      guard (2...3).contains(parts[0].count), parts[0].allSatisfy({ $0.isASCII && $0.isLetter }),
        parts.dropFirst().allSatisfy({
          (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        })
      else { throw ShareSynchError.unknownLanguage(code, offered: []) }
      seen.append(code)
    }
    guard !seen.isEmpty else { throw ShareSynchError.unknownLanguage("", offered: []) }
    return seen
  }
}
