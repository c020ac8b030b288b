import Localization
import ShareSynch
import Testing

@testable import WebApp

/// ShareSynch's errors and import notes are values the adapter words in the asker's language.
@Suite struct ShareSynchWordsTests {
  let translations = Translations.bundled

  @Test func anErrorIsWordedInTheLanguageWithItsInputsAndWelshPlurals() {
    let error = ShareSynchError.badVariationName("x", .tooLong(limit: 3))
    #expect(interfaceWords(for: error, localizer: translations.localizer("en")) == error.description)
    #expect(
      interfaceWords(for: error, localizer: translations.localizer("cy"))
        == "mae gan enw amrywiad 3 nod ar y mwyaf")
    let unknown = ShareSynchError.unknownSeries("hope")
    #expect(
      interfaceWords(for: unknown, localizer: translations.localizer("sw")) == "hakuna mfululizo hope uliosakinishwa")
    #expect(
      interfaceWords(for: ShareSynchError.originalIsReadOnly("deleted"), localizer: translations.localizer("sv"))
        == "originalvarianten kan inte tas bort: skapa en variant först")
  }

  @Test func anImportNoteIsWordedInTheLanguageAndKeepsItsEnglishForJSON() {
    let note = ImportNote.slidesLeftOut(fileSlides: 5, sermonSlides: 3)
    #expect(note.words(translations.localizer("en")) == note.description)
    #expect(note.description == "the file has 5 slides and the sermon 3: slides 4–5 were left out")
    #expect(note.words(translations.localizer("tpi")).contains("slaid 4–5 i no go insait"))
  }
}
