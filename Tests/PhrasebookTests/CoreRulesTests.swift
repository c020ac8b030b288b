import Foundation
import Testing

@testable import Phrasebook

/// Rules the pages and the command line take from the core: which letters a language has, and
/// which format a file to import is.
@Suite struct CoreRulesTests {
  @Test func welshIndexLettersAreItsAlphabetWithDigraphs() {
    let letters = Alphabet.letters(language: "cy-GB")
    #expect(letters.contains("ch") && letters.contains("ll") && letters.contains("rh") && !letters.contains("k"))
    #expect(letters.firstIndex(of: "ch")! == letters.firstIndex(of: "c")! + 1)
  }

  @Test func swedishIndexEndsWithÅÄÖAndOthersWithZ() {
    #expect(Alphabet.letters(language: "sv").suffix(4) == ["z", "å", "ä", "ö"])
    #expect(Alphabet.letters(language: "en").last == "z" && Alphabet.letters(language: "en").count == 26)
  }

  @Test func hangmanKeysAddTheLanguagesAccentedLetters() {
    #expect(Alphabet.keys(language: "sv").suffix(4) == ["å", "ä", "ö", "é"])
    #expect(Alphabet.keys(language: "cy").contains("ŵ") && Alphabet.keys(language: "cy").contains("ŷ"))
    #expect(Alphabet.keys(language: "sw").count == 26)
  }

  @Test func anImportsFormatIsItsNamesElseItsContents() {
    let zip = Data([0x50, 0x4B, 0x03, 0x04])
    #expect(TransferFormat.detect(fileName: "words.CSV", data: zip) == .csv, "the name wins")
    #expect(TransferFormat.detect(fileName: "deck", data: zip) == .apkg)
    #expect(TransferFormat.detect(fileName: nil, data: Data("  \n[{\"wordone\": \"a\"}]".utf8)) == .json)
    #expect(TransferFormat.detect(fileName: "/download", data: Data("{\"pairs\": []}".utf8)) == .json)
    #expect(TransferFormat.detect(fileName: nil, data: Data("wordone,wordtwo\n".utf8)) == .csv)
    #expect(TransferFormat.detect(fileName: nil, data: Data()) == .csv)
  }
}
