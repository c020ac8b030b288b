import Foundation
import KeyIt
import Localization
import Testing

@testable import WebApp

/// What Key It's cores say inside a message (what is wrong in a USFM file, why a book cannot be
/// added, what an import normalised, which text a new numbering would lose, the item an action is
/// refused on) and how Lexikon found a word are worded in the user's language, not the core's English.
@Suite struct KeyItReasonWordsTests {
  static let translated = Translations.shipped.map(\.tag).filter { $0 != Translations.source }

  func words(_ error: any Error, in language: String) throws -> String {
    try #require(interfaceWords(for: error, localizer: Translations.bundled.localizer(language)))
  }

  /// The error `work` throws.
  func refusal(_ work: () async throws -> some Any) async -> any Error {
    do {
      _ = try await work()
    } catch {
      return error
    }
    Issue.record("nothing was refused")
    return CancellationError()
  }

  /// One value of each kind, with English words that must be gone in every other language.
  static let problems: [USFMProblem] = [
    .controlCharacter(name: "U+0000 (NUL)"), .noIDFirst, .unknownBookCode("XYZ"), .secondID,
    .afterFirstChapter(marker: "mt1"), .beforeFirstChapter(marker: "p"),
    .noSuchChapter(book: "RUT", chapter: "5", count: 4), .chapterOutOfOrder(chapter: 1, after: 2), .noChapter,
    .introductionWithoutChapterOne, .afterVerse(marker: "cl", verse: 3), .badVerseNumber("2a"),
    .verseOutOfOrder(verse: 1, after: 2), .noSuchVerse(book: "RUT", chapter: 1, verse: 23, count: 22),
    .textBeforeFirstVerse(chapter: 1), .headingInsideVerse(marker: "s1", verse: 4),
    .afterLastVerse(marker: "s1", chapter: 1),
  ]
  static let lost: [LostText] = [
    .chapterTitles(book: "TOB", chapter: 1), .keptLines(book: "TOB", chapter: 2),
    .noSuchVerse(VerseRef("3JN", 1, 15), target: VerseRef("3JN", 1, 15), in: .kjv),
    .bridgeSplit(VerseRef("GEN", 31, 54), lastVerse: 55, in: .original),
    .merged([VerseRef("PSA", 3, 0), VerseRef("PSA", 3, 1), VerseRef("PSA", 3, 2)], into: VerseRef("PSA", 3, 1)),
    .bridgeAsPsalmTitle(VerseRef("PSA", 3, 1)),
    .itemAbovePsalmTitle(
      VerseRef("PSA", 3, 1), item: VerseItem(chapterID: 0, verseNumber: 1, itemType: .para).labelWords()),
    .insideBridge(VerseRef("PSA", 3, 2), in: .original),
  ]
  static let notes: [ImportNote] = [
    .composedForm, .introductionBeforeChapterOne, .markerAfterChapterNumber(marker: "rem"),
    .markerBeforeBreak(marker: "rem"),
  ]
  static let refusals: [BookRefusal] = [.notInVersification(.kjv), .alreadyThere]

  /// Each value's words in a language, and its English `description`.
  func worded(_ language: String) -> [(words: String, english: String)] {
    let localizer = Translations.bundled.localizer(language)
    return Self.problems.map { (KeyItWords.usfm($0, localizer), $0.description) }
      + Self.lost.map { (KeyItWords.lostText($0, localizer), $0.description) }
      + Self.notes.map { (KeyItWords.importNote($0, localizer), $0.description) }
      + Self.refusals.map { (KeyItWords.bookRefusal($0, localizer), $0.description) }
  }

  @Test func theEnglishCatalogSaysWhatTheCoreSays() {
    for (words, english) in worded("en") {
      #expect(words == english)
    }
  }

  @Test(arguments: translated) func everyReasonHasItsOwnWordsInEveryLanguage(language: String) {
    let worded = worded(language)
    #expect(Set(worded.map(\.words)).count == worded.count, "\(worded.map(\.words))")
    for (words, english) in worded {
      #expect(words != english, "\(language) still says \(english)")
      #expect(!words.hasPrefix("keyit.") && !words.contains("{"), "\(language): \(words)")
    }
  }

  @Test func aBadUSFMFileIsExplainedInTheLanguageAtItsPlace() async throws {
    let store = try KeyItStore.inMemory()
    _ = try await store.createBible(name: "Ruth")
    let error = await refusal {
      try await store.importUSFM([("bad.usfm", "\\id RUT\n\\c 1\n\\p\n\\v 23 too far\n")], bibleID: nil)
    }
    #expect(try words(error, in: "en") == "bad.usfm:4:1: RUT 1 has no verse 23; verses are 1–22")
    #expect(
      try words(error, in: "fr")
        == "bad.usfm:4:1\u{202F}: RUT 1 n’a pas de verset 23\u{202F}; les versets vont de 1 à 22")
    #expect(try words(error, in: "sw") == "bad.usfm:4:1: RUT 1 haina mstari 23; mistari ni 1–22")
    let marker = await refusal {
      try await store.importUSFM([("bad.usfm", "\\id RUT\n\\c 1\n\\p\n\\v 22 end\n\\s1 Tail\n")], bibleID: nil)
    }
    #expect(
      try words(marker, in: "cy")
        == "bad.usfm:5:1: \\s1 ar ôl adnod olaf pennod 1: mae Key It yn ei roi cyn adnod")
  }

  @Test func aFileThatFitsAnotherNumberingIsExplainedInTheLanguage() async throws {
    let store = try KeyItStore.inMemory()
    _ = try await store.createBible(name: "KJV")
    let error = await refusal {
      try await store.importUSFM([("3jn.usfm", "\\id 3JN\n\\c 1\n\\p\n\\v 15 Peace.\n")], bibleID: nil)
    }
    let swedish = try words(error, in: "sv")
    #expect(swedish.hasPrefix("3jn.usfm:4: 3JN 1 har ingen vers 15; verserna är 1–14 i versindelningen"), "\(swedish)")
  }

  @Test func aBookThatCannotBeAddedSaysWhyInTheLanguage() async throws {
    let store = try KeyItStore.inMemory()
    let vulgate = try await store.createBible(name: "Vulgata", versification: .vulgate)
    _ = try await store.addBook(bibleID: vulgate.bibleID, code: "TOB")
    let twice = await refusal { try await store.addBook(bibleID: vulgate.bibleID, code: "TOB") }
    #expect(try words(twice, in: "fr") == "«\u{A0}TOB\u{A0}» ne peut pas être ajouté\u{202F}: la Bible l’a déjà")
    let kjv = try await store.createBible(name: "KJV")
    let unnumbered = await refusal { try await store.addBook(bibleID: kjv.bibleID, code: "TOB") }
    #expect(try words(unnumbered, in: "tpi") == "yu no inap putim “TOB”: pasin namba King James i no gat dispela buk")
  }

  @Test func anActionRefusedNamesTheItemInTheLanguage() async throws {
    let store = try KeyItStore.inMemory()
    _ = try await store.createBible(name: "Ruth")
    let content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    let verse = try #require(content.items.first { $0.itemType == .verse && $0.verseNumber == 22 })
    let error = await refusal { try await store.perform(.delete, bibleID: nil, itemID: verse.itemID!) }
    #expect(try words(error, in: "en").hasPrefix("delete is not allowed on Verse 22;"))
    #expect(try words(error, in: "fr").hasPrefix("delete n’est pas permis sur Verset 22"))
    let breakBefore = try await store.perform(.insertParagraphBefore, bibleID: nil, itemID: verse.itemID!)
    let paragraph = try #require(breakBefore.items.first { $0.itemType == .para && $0.verseNumber == 22 })
    let typed = await refusal { try await store.setText(bibleID: nil, itemID: paragraph.itemID!, text: "x") }
    #expect(try words(typed, in: "sv") == "Stycke har ingen text")
  }

  @Test func textANewNumberingWouldLoseIsNamedInTheLanguage() async throws {
    let store = try KeyItStore.inMemory()
    _ = try await store.createBible(name: "Good News", versification: .english)
    let letter = try await store.openChapter(bibleID: nil, code: "3JN", chapter: 1)
    let verse = try #require(letter.items.first { $0.itemType == .verse && $0.verseNumber == 15 })
    _ = try await store.setText(bibleID: nil, itemID: verse.itemID!, text: "Peace be to you.")
    let error = await refusal { try await store.changeVersification(bibleID: nil, to: .kjv) }
    let french = try words(error, in: "fr")
    #expect(french.contains("3JN 1:15 (3JN 1:15 n’existe pas dans la numérotation King James)"), "\(french)")
    #expect(!french.contains("has no"))
  }

  @Test func whatAnImportNormalisedIsInTheLanguage() async throws {
    let store = try KeyItStore.inMemory()
    _ = try await store.createBible(name: "3 John")
    let file = "\\id 3JN\n\\c 1\n\\mt1 3 John\n\\p\n\\v 1 The elder to Gaius, cafe\u{301}.\n"
    let report = try #require(try await store.importUSFM([("3jn.usfm", file)], bibleID: nil).first)
    #expect(report.normalised == [.introductionBeforeChapterOne, .composedForm])
    let welsh = ImportReportWords(report, words: Translations.bundled.localizer("cy")).normalised
    #expect(
      welsh == [
        "mae teitlau a rhagarweiniad ar ôl \\c 1 yn cael eu hysgrifennu o'i flaen",
        "testun wedi'i gadw yn ffurf gyfansawdd Unicode (NFC): mae'n edrych yr un fath, ond mae ei feitiau'n wahanol",
      ])
  }

  @Test func howLexikonFoundAWordIsInTheLanguage() {
    let swedish = Translations.bundled.localizer("sv")
    let words = LexikonWords.form("definite plural, genitive", swedish)
    #expect(words == swedish.t("lexikon.js.form.definitePlural") + ", " + swedish.t("lexikon.js.form.genitive"))
    #expect(!words.contains("definite") && !words.contains("genitive"))
    #expect(LexikonWords.form("-ing form", Translations.bundled.localizer("fr")) != "-ing form")
    #expect(LexikonWords.form("soft mutation", Translations.bundled.localizer("cy")) != "soft mutation")
    #expect(LexikonWords.form("dual", swedish) == "dual")
  }
}
