import Foundation
import Stemming
import Testing

@testable import Lexikon

/// Words as text has them find their entries: Swedish inflections through Hunspell's stems, Welsh
/// mutations through the rule table, with lists made from Debian's Hunspell and FreeDict files.
@Suite struct WordFormTests {
  /// A word's headword key as dictd's index compares it.
  static func headwords(_ name: String) throws -> Set<String> {
    let text = try String(contentsOfFile: "/usr/share/dictd/\(name).index", encoding: .utf8)
    return Set(try DictdIndex(text: text).entries.map { DictdIndex.fold($0.headword) })
  }

  @Test(arguments: [
    ("hundar", "hund", "plural"), ("huset", "hus", "definite"), ("gick", "gå", "past"),
    ("hunden", "hund", "definite"), ("flickorna", "flicka", "definite plural"), ("bilarna", "bil", "definite plural"),
    ("husen", "hus", "definite"), ("stolar", "stol", "plural"), ("gatorna", "gata", "definite plural"),
    ("skrev", "skriva", "past"), ("sågs", "se", "past, passive"),
  ])
  func swedishInflectionsFindTheirLemma(_ typed: String, _ lemma: String, _ how: String) async throws {
    let service = LexikonService(store: try .inMemory(), source: DictdFolderSource())
    let found = try await service.lookup(typed, direction: "swe-eng")
    #expect(found.word == lemma && !found.entries.isEmpty, "\(typed): \(found.word) \(found.suggestions)")
    #expect(found.foundAs == WordForm(asked: typed, how: how, kind: .inflection))
    let again = try await service.lookup(typed, direction: "swe-eng")
    #expect(again.fromCache && again.word == lemma && again.foundAs?.kind == .inflection, "the lemma is cached")
    let english = try await service.lookup("dogs", direction: "eng-swe")
    #expect(english.word == "dog" && english.foundAs == WordForm(asked: "dogs", how: "plural", kind: .inflection))
  }

  /// Every noun of FreeDict's Swedish dictionary that Hunspell's `sv_SE.dic` inflects like `stol`
  /// (flag G: stolar, stolarna) or `katt`/`hus` (D: katten, B: huset), in each such form that is
  /// not a headword itself, finds its lemma, named with the inflection, or another lemma Hunspell
  /// gives first for the same form (`fiskar`: present of `fiska`, plural of `fisk`).
  @Test func swedishFormsMadeFromHunspellAndFreeDictFindTheirLemma() async throws {
    let headwords = try Self.headwords("freedict-swe-eng")
    let dic = try String(contentsOfFile: "/usr/share/hunspell/sv_SE.dic", encoding: .utf8)
    var forms: [(form: String, lemma: String, how: String)] = []
    for line in dic.split(separator: "\n").dropFirst() {
      let parts = line.split(separator: "/", maxSplits: 1)
      guard parts.count == 2, let last = parts[0].last, !"ae".contains(last),
        parts[0].allSatisfy(\.isLowercase), headwords.contains(String(parts[0]))
      else { continue }
      let lemma = String(parts[0])
      let flags = parts[1].prefix { !$0.isWhitespace }
      if flags.contains("G") { forms += [(lemma + "ar", lemma, "plural"), (lemma + "arna", lemma, "definite plural")] }
      if flags.contains("D") { forms.append((lemma + "en", lemma, "definite")) }
      if flags.contains("B") { forms.append((lemma + "et", lemma, "definite")) }
    }
    forms.removeAll { headwords.contains($0.form) }
    #expect(forms.count > 300, "the lists overlap as expected")
    let service = LexikonService(store: try .inMemory(), source: DictdFolderSource())
    let stems = Stemmers.installed
    var missing: [String] = []
    var otherLemma: [String] = []
    var wrongInflection: [String] = []
    for (form, lemma, how) in forms {
      let found = try await service.lookup(form, direction: "swe-eng")
      if found.entries.isEmpty || found.foundAs?.kind != .inflection {
        missing.append(form)
      } else if DictdIndex.fold(found.word) == lemma {
        if found.foundAs?.how != how { wrongInflection.append("\(form): \(found.foundAs?.how ?? "")") }
      } else if !stems.stems(of: form, language: "sv").map(\.lemma).contains(lemma) {
        // `fiskar` is also the present of `fiska`, which Hunspell names first: fine; any other lemma is not.
        otherLemma.append("\(form) → \(found.word) (\(found.foundAs?.how ?? ""))")
      }
    }
    #expect(missing.isEmpty, "\(missing.count) of \(forms.count) not found: \(missing.prefix(20))")
    #expect(otherLemma.isEmpty, "\(otherLemma.count) of \(forms.count): \(otherLemma.prefix(20))")
    #expect(wrongInflection.isEmpty, "\(wrongInflection.count) of \(forms.count): \(wrongInflection.prefix(20))")
  }

  /// Every fifth one-word headword of FreeDict's Welsh dictionary starting with c, p or t, in
  /// each of its soft, nasal and aspirate mutations that is not a headword itself.
  @Test func welshMutationsMadeFromFreeDictFindTheirRadical() async throws {
    let headwords = try Self.headwords("freedict-cym-eng")
    let mutations: [Character: [(String, String)]] = [
      "c": [("g", "soft mutation"), ("ngh", "nasal mutation"), ("ch", "aspirate mutation")],
      "p": [("b", "soft mutation"), ("mh", "nasal mutation"), ("ph", "aspirate mutation")],
      "t": [("d", "soft mutation"), ("nh", "nasal mutation"), ("th", "aspirate mutation")],
    ]
    let radicals = headwords.filter {
      guard let first = $0.first, mutations[first] != nil, $0.count > 2, $0.dropFirst().first != "h" else {
        return false
      }
      return $0.allSatisfy(\.isLetter)
    }.sorted()
    let sample = radicals.enumerated().filter { $0.offset % 5 == 0 }.map(\.element)
    let forms = sample.flatMap { radical in
      mutations[radical.first!]!.map { (start, how) in (start + radical.dropFirst(), radical, how) }
    }.filter { !headwords.contains($0.0) }
    #expect(forms.count > 1000)
    let service = LexikonService(store: try .inMemory(), source: DictdFolderSource())
    var wrong: [String] = []
    for (form, radical, how) in forms {
      let found = try await service.lookup(form, direction: "cym-eng")
      if DictdIndex.fold(found.word) != radical || found.foundAs?.how != how || found.foundAs?.kind != .mutation {
        wrong.append("\(form) → \(found.word) (\(found.foundAs?.how ?? "none"))")
      }
    }
    #expect(wrong.isEmpty, "\(wrong.count) of \(forms.count): \(wrong.prefix(20))")
  }
}
