import Testing

@testable import Phrasebook

@Suite struct LanguageNamesTests {
  @Test func languagesAreNamedInEnglishAndInThemselves() {
    #expect(LanguageNames.language("cy") == LanguageName(code: "cy", english: "Welsh", native: "Cymraeg"))
    #expect(LanguageNames.language("sv")?.native == "svenska")
    #expect(LanguageNames.language("EN-gb")?.code == "en-GB")
    #expect(LanguageNames.language("tpi")?.english == "Tok Pisin", "any tag ICU can name")
    for bad in ["", "not a tag", "x:y", "de_DE", "ünï"] { #expect(LanguageNames.language(bad) == nil, "\(bad)") }
    let all = LanguageNames.all
    #expect(all.count > 100 && all.contains { $0.code == "cy" } && all.contains { $0.code == "sv" })
    #expect(!all.contains { $0.code.contains("-") }, "languages only, no regions")
    #expect(all.map { $0.english.lowercased() } == all.map { $0.english.lowercased() }.sorted())
  }

  @Test func languagesAreNamedInTheInterfaceLanguage() {
    #expect(LanguageNames.language("cy", in: "fr")?.name == "gallois")
    #expect(LanguageNames.language("cy", in: "sw")?.name == "Kiwelisi")
    #expect(LanguageNames.language("sv", in: "cy")?.name == "Swedeg")
    #expect(LanguageNames.language("cy", in: "sv")?.name == "walesiska")
    #expect(LanguageNames.language("cy", in: "tpi")?.name == "Welsh", "ICU has no Tok Pisin names: English")
    #expect(LanguageNames.language("cy")?.name == "Welsh")
    let french = LanguageNames.all(in: "fr")
    #expect(french.count == LanguageNames.all.count)
    let german = french.first { $0.code == "de" }
    #expect(german?.name == "allemand" && german?.english == "German" && german?.native == "Deutsch")
    let names = french.map(\.name)
    #expect(names.firstIndex(of: "éwé")! < names.firstIndex(of: "finnois")!, "in French order, accents aside")
  }

  @Test func aPhrasebookMayBeMadeFromTagsAlone() async throws {
    let store = try PhrasebookStore.inMemory()
    let book = try await store.createPhrasebook(name: "Svenska", languages: "en,sv")
    #expect(book.languageOneName == "English" && book.languageTwoName == "Swedish")
    let welsh = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English, cy")
    #expect(welsh.languageTwoName == "Welsh" && welsh.areas == ["North", "South", "Both"])
    await #expect(throws: PhrasebookError.badLanguages("en,not a tag")) {
      try await store.createPhrasebook(name: "Bad", languages: "en,not a tag")
    }
  }
}
