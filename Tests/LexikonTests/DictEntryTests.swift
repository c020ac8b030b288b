import Testing

@testable import Lexikon

/// FreeDict definition bodies parsed into their parts, the raw text kept.
@Suite struct DictEntryTests {
  @Test func freeDictEntriesGiveHeadwordPronunciationPartOfSpeechAndSenses() {
    let water = DictEntry(raw: "water /wˈɔːtə/ <n>\ndŵr <n, s, m>\n")
    #expect(water.headword == "water" && water.pronunciation == "wˈɔːtə" && water.partOfSpeech == "n")
    #expect(water.senses == [.init(number: nil, text: "dŵr", partOfSpeech: "n, s, m", translations: ["dŵr"])])
    let bank = DictEntry(raw: "bank /bˈaŋk/\n1. bank\n2. sandbank\n")
    #expect(bank.partOfSpeech == nil && bank.senses.map(\.number) == [1, 2])
    #expect(bank.senses.map(\.text) == ["bank", "sandbank"])
    let phrase = DictEntry(raw: "bysell adlam /bˈʌsɛɬ ˈadlam/ <n, s, f>\nbounce key\n")
    #expect(phrase.headword == "bysell adlam" && phrase.pronunciation == "bˈʌsɛɬ ˈadlam")
    let springa = DictEntry(raw: "springa /sprˈɪŋa/\nrace, run\n")
    #expect(springa.senses.first?.translations == ["race", "run"])
    #expect(springa.raw == "springa /sprˈɪŋa/\nrace, run")
  }

  @Test func otherShapesStillGiveAHeadwordAndTheirLines() {
    let plain = DictEntry(raw: "Sul <n, s, m>\nSunday")
    #expect(plain.headword == "Sul" && plain.pronunciation == nil && plain.partOfSpeech == "n, s, m")
    let odd = DictEntry(raw: "rests  (music) /ɹˈɛsts mjˈuːzɪk/ <n>\n  1999. a year, not a number\n")
    #expect(odd.headword == "rests  (music)")
    #expect(odd.senses.first?.number == 1999)
    #expect(DictEntry(raw: "").headword.isEmpty && DictEntry(raw: "").senses.isEmpty)
  }
}
