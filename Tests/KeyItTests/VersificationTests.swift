import Foundation
import Testing

@testable import KeyIt

/// Bibles numbered as their printed page: the seed's Good News example (3 John 15, Revelation
/// 12:18), Hebrew-numbered psalms, deuterocanonical books, and imports that say which numbering fits.
@Suite struct VersificationTests {
  func verses(_ versification: Versification, _ code: String, _ chapter: Int) throws -> Int {
    try BookCatalog.of(versification).requireBook(code: code).chapters[chapter - 1].verseCount
  }

  @Test func eachVersificationHasItsOwnVerseCounts() throws {
    #expect(try verses(.kjv, "3JN", 1) == 14 && verses(.english, "3JN", 1) == 15)
    #expect(try verses(.kjv, "REV", 12) == 17 && verses(.english, "REV", 12) == 18)
    #expect(try verses(.kjv, "PSA", 3) == 8 && verses(.original, "PSA", 3) == 9)
    #expect(
      try verses(.original, "MAL", 3) == 24 && BookCatalog.of(.original).requireBook(code: "MAL").chapters.count == 3)
    #expect(try BookCatalog.of(.kjv).requireBook(code: "MAL").chapters.count == 4)
    for versification in Versification.allCases {
      #expect(BookCatalog.of(versification).books.filter { !$0.isExtra }.count >= 60, "\(versification)")
    }
  }

  /// The bound a change's verse numbers are checked against is the largest chapter of them all.
  @Test func noVersificationHasAChapterLongerThanTheBoundChangesAreCheckedAgainst() throws {
    let most = try Versification.allCases.flatMap { try $0.chapters().flatMap(\.verseCounts) }.max()
    #expect(most == Versification.mostVersesInAChapter)
  }

  @Test func psalmTitlesAreItemsOnlyWhereTheyAreNotNumbered() async throws {
    let store = try KeyItStore.inMemory()
    let english = try await store.createBible(name: "Good News", versification: .english)
    let psalm = try await store.chapter(bibleID: english.bibleID, code: "PSA", chapter: 3)
    #expect(psalm.items.first?.itemType == .ascription && psalm.items.filter { $0.itemType == .verse }.count == 8)
    let original = try await store.createBible(name: "Segond", versification: .original)
    let hebrew = try await store.chapter(bibleID: original.bibleID, code: "PSA", chapter: 3)
    #expect(hebrew.items.map(\.itemType) == Array(repeating: .verse, count: 9))
    let french = try await store.createBible(name: "Français", frenchPsalms: true)
    #expect(french.versification == .original, "French psalm numbering is the Original numbering")
    let john = try await store.chapter(bibleID: english.bibleID, code: "3JN", chapter: 1)
    #expect(john.items.last?.verseNumber == 15)
  }

  @Test func deuterocanonicalBooksCanBeAddedWhereTheVersificationHasThem() async throws {
    let store = try KeyItStore.inMemory()
    let vulgate = try await store.createBible(name: "Vulgata", versification: .vulgate)
    #expect(try await store.books(bibleID: vulgate.bibleID).count == 66)
    #expect(try await store.addableBooks(bibleID: vulgate.bibleID).map(\.code).contains("TOB"))
    let tobit = try await store.addBook(bibleID: vulgate.bibleID, code: "tob")
    #expect(tobit.bookCode == "TOB" && tobit.numChaps == 14)
    await #expect(throws: KeyItError.cannotAddBook(code: "TOB", reason: .alreadyThere)) {
      try await store.addBook(bibleID: vulgate.bibleID, code: "TOB")
    }
    let kjv = try await store.createBible(name: "KJV")
    await #expect(throws: KeyItError.self) { try await store.addBook(bibleID: kjv.bibleID, code: "TOB") }
    #expect(try await store.addableBooks(bibleID: kjv.bibleID).isEmpty)
    let chapter = try await store.chapter(bibleID: vulgate.bibleID, code: "TOB", chapter: 1)
    #expect(chapter.items.count == 25)
  }

  @Test func anImportThatDoesNotFitSaysWhichVersificationDoes() async throws {
    let store = try KeyItStore.inMemory()
    _ = try await store.createBible(name: "KJV")
    let goodNews = "\\id 3JN\n\\c 1\n\\p\n\\v 14 I hope to see you soon.\n\\v 15 Peace be with you.\n"
    await #expect {
      try await store.importUSFM([("3jn.usfm", goodNews)], bibleID: nil)
    } throws: { error in
      guard case .notInVersification(_, _, _, .kjv, let fits) = error as? KeyItError else { return false }
      return fits.contains(.english) && "\(error)".contains("English")
    }
    // After a long file written while it was read (`USFMImportPipeline`): the same error, and
    // nothing of the long file is kept.
    let psalms = everyVerse(of: "PSA", in: .kjv, saying: "Praise ye the Lord.")
    #expect(psalms.utf8.count >= USFMImportPipeline.bytesForAThread)
    func written() async throws -> [Int] {
      try await store.writer.read { db in
        try ["SELECT COUNT(*) FROM KeyItChanges", "SELECT COUNT(*) FROM VerseItems WHERE itemText != ''"].map {
          try Int.fetchOne(db, sql: $0) ?? 0
        }
      }
    }
    let before = try await written()
    await #expect {
      try await store.importUSFM([("psa.usfm", psalms), ("3jn.usfm", goodNews)], bibleID: nil)
    } throws: { error in
      guard case .notInVersification("3jn.usfm", _, _, .kjv, let fits) = error as? KeyItError else { return false }
      return fits.contains(.english)
    }
    #expect(try await written() == before)
    let english = try await store.createBible(name: "Good News", versification: .english)
    let reports = try await store.importUSFM([("3jn.usfm", goodNews)], bibleID: english.bibleID)
    #expect(reports.first?.versesWithText == 2)
    #expect(try await store.exportChapter(bibleID: english.bibleID, code: "3JN", chapter: 1).contains("\\v 15 Peace"))
  }
}
