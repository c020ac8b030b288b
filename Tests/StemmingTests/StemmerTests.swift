import Foundation
import Synchronization
import Testing

@testable import Stemming

/// Hunspell's stems and the inflections named from its analyses, with Debian's dictionaries
/// (`hunspell-sv`, `hunspell-fr`, `hunspell-en-us`, `hunspell-sw`).
@Suite struct StemmerTests {
  let stemmers = Stemmers()

  @Test(arguments: [
    ("hundar", "hund", "plural"), ("huset", "hus", "definite"), ("hunden", "hund", "definite"),
    ("gick", "gå", "past"), ("flickorna", "flicka", "definite plural"), ("finare", "fin", "comparative"),
    ("Hundar", "hund", "plural"),
  ])
  func swedishFormsGiveTheirLemmaAndInflection(_ word: String, _ lemma: String, _ inflection: String) {
    #expect(stemmers.stems(of: word, language: "swe").first == Stem(lemma: lemma, inflection: inflection))
  }

  @Test func frenchMorphologyNamesTheInflection() {
    #expect(stemmers.stems(of: "chevaux", language: "fr") == [Stem(lemma: "cheval", inflection: "plural")])
    #expect(stemmers.stems(of: "belles", language: "fra").first == Stem(lemma: "beau", inflection: "feminine, plural"))
    #expect(stemmers.stems(of: "allions", language: "fr").map(\.lemma) == ["allier", "aller"])
  }

  @Test func englishAndSwahiliDictionariesOpen() {
    #expect(stemmers.stems(of: "walked", language: "en") == [Stem(lemma: "walk", inflection: "past")])
    #expect(stemmers.has("sw"), "an ISO 8859-1 dictionary opens too")
    #expect(stemmers.stems(of: "watoto", language: "swa").isEmpty)
  }

  @Test func aLemmaOrAnUnknownWordOrLanguageHasNoStems() {
    #expect(stemmers.stems(of: "hund", language: "sv").isEmpty)
    #expect(stemmers.stems(of: "xqzzy", language: "sv").isEmpty)
    #expect(stemmers.stems(of: "cathod", language: "cym").isEmpty && !stemmers.has("tpi"))
    #expect(stemmers.stems(of: "a\u{0}b", language: "sv").isEmpty)
  }

  @Test func analysesSplitIntoFields() {
    #expect(Analysis(" st:cheval po:nom is:mas is:pl") == Analysis(" st:cheval po:nom is:mas is:pl"))
    #expect(Analysis(" st:cheval po:nom is:mas is:pl")?.tags == ["nom", "mas", "pl"])
    #expect(Analysis(" st:hund fl:G")?.flag == "G")
    #expect(Analysis(" st:hund st:koja") == nil && Analysis("po:nom") == nil)
  }

  /// Dictionaries are opened, used and closed on several threads at once (as parallel tests and
  /// requests do) without Hunspell's shared tables being freed twice, which aborted the process
  /// ("double free or corruption") when each parallel test case opened its own Swedish dictionary.
  @Test func dictionariesOpenAndCloseOnSeveralThreadsAtOnce() {
    let failures = Mutex(0)
    DispatchQueue.concurrentPerform(iterations: 12) { index in
      let swedish = Hunspell(
        affix: "/usr/share/hunspell/sv_SE.aff", dictionary: "/usr/share/hunspell/sv_SE.dic", language: "sv_SE")
      if swedish?.analyze(["hundar", "huset", "gick"][index % 3]).isEmpty != false { failures.withLock { $0 += 1 } }
    }
    #expect(failures.withLock { $0 } == 0, "every handle opened and analysed its word")
  }

  /// A handle is used from many threads at once without crashing or changing its answers.
  @Test func oneDictionaryAnswersManyThreadsAtOnce() {
    let words = ["hundar", "huset", "gick", "flickorna"]
    let expected = words.map { stemmers.stems(of: $0, language: "sv") }
    let mismatches = Mutex(0)
    DispatchQueue.concurrentPerform(iterations: 400) { index in
      if stemmers.stems(of: words[index % 4], language: "sv") != expected[index % 4] {
        mismatches.withLock { $0 += 1 }
      }
    }
    #expect(mismatches.withLock { $0 } == 0)
  }
}
