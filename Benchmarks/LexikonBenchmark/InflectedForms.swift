import Foundation

/// Plural forms of FreeDict's Swedish nouns made with Hunspell's own rule (`sv_SE.dic` flag G on
/// a word not ending in a or e: stol → stolar) where the form is no headword itself, as
/// (form, lemma).
func inflectedForms(headwords: Set<String>) throws -> [(form: String, lemma: String)] {
  let dic = try String(contentsOfFile: "/usr/share/hunspell/sv_SE.dic", encoding: .utf8)
  return dic.split(separator: "\n").dropFirst().compactMap { line in
    let parts = line.split(separator: "/", maxSplits: 1)
    guard parts.count == 2, let last = parts[0].last, !"ae".contains(last), parts[1].contains("G"),
      headwords.contains(String(parts[0])), !headwords.contains(parts[0] + "ar")
    else { return nil }
    return (parts[0] + "ar", String(parts[0]))
  }
}
