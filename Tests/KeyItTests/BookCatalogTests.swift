import Foundation
import Testing

@testable import KeyIt

@Suite struct BookCatalogTests {
  let catalog = BookCatalog.standard

  @Test func totalsMatchTheKJV() {
    #expect(catalog.books.count == 66)
    #expect(catalog.books.reduce(0) { $0 + $1.chapters.count } == 1189)
    #expect(catalog.books.reduce(0) { $0 + $1.chapters.reduce(0) { $0 + $1.verseCount } } == 31102)
    #expect(catalog.books.reduce(0) { $0 + $1.chapters.filter(\.mayHaveAscription).count } == 116)
  }

  @Test func bookNumbersAreParatextFileNumbers() {
    #expect(catalog.books.map(\.number) == Array(1...39) + Array(41...67))
    #expect(catalog.book(code: "est")?.number == 17)
    #expect(catalog.book(code: "MAT")?.number == 41)
    #expect(catalog.book(number: 40) == nil)
  }

  @Test func everyChapterMatchesTheVersificationFile() throws {
    for line in try fixture("versification/kjv-66-books.tsv").split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: "\t")
      let book = try #require(catalog.book(code: String(fields[2])))
      #expect(book.number == Int(fields[1]))
      // The file tells the Hebrew Esther and Daniel from the Greek ones (ESG, DAG); in a Bible's
      // list of the 66 they are simply "Esther" and "Daniel".
      #expect(book.name == String(fields[3]).replacingOccurrences(of: " (Hebrew)", with: ""))
      #expect(book.chapters.map(\.verseCount) == fields[7].split(separator: " ").map { Int($0)! })
    }
  }

  @Test func ascriptionsAreTheTitledPsalms() throws {
    let titledLine = try #require(
      try fixture("versification/psalm-titles-eng.txt").split(separator: "\n").first { $0.hasPrefix("titled") })
    let titled = titledLine.split(separator: ":")[1].split(separator: " ").map { Int($0)! }
    let psalms = try #require(catalog.book(code: "PSA"))
    #expect(psalms.chapters.indices.filter { psalms.chapters[$0].mayHaveAscription }.map { $0 + 1 } == titled)
    #expect(catalog.books.filter { $0.code != "PSA" }.allSatisfy { !$0.chapters.contains(where: \.mayHaveAscription) })
  }

  @Test func readsTheSeedsFormatAndIgnoresComments() throws {
    let parsed = try BookCatalog(
      spec: "# Poetry\n17, EST, 22, 23, 15, 17, 14, 14, 10, 17, 32, 3\n# psalm sample\n19, PSA, 6, A8\n",
      names: "# names\n17, Esther\n19, Psalms\n")
    #expect(parsed.books.count == 2)
    #expect(
      parsed.books[0]
        == BookSpec(
          number: 17, code: "EST", name: "Esther",
          chapters: [22, 23, 15, 17, 14, 14, 10, 17, 32, 3].map {
            ChapterSpec(verseCount: $0, mayHaveAscription: false)
          }))
    #expect(
      parsed.books[1].chapters == [
        ChapterSpec(verseCount: 6, mayHaveAscription: false), ChapterSpec(verseCount: 8, mayHaveAscription: true),
      ])
  }

  @Test func rejectsAMalformedLineNamingIt() {
    #expect(throws: KeyItError.badResourceLine(file: "KIT_BooksSpec.txt", line: 2)) {
      try BookCatalog(spec: "1, GEN, 31\n2, EXO, x\n", names: "")
    }
  }

  @Test func unknownCodeListsTheKnownOnes() {
    #expect(throws: KeyItError.unknownBook(code: "XYZ", known: catalog.books.map(\.code))) {
      try catalog.requireBook(code: "XYZ")
    }
  }
}

@Suite struct BookRulesTests {
  @Test func testamentsSplitAtMatthewAndPsalmsCountPsalms() throws {
    let catalog = BookCatalog.standard
    let old = catalog.books.filter { !$0.isNewTestament }
    #expect(old.count == 39 && old.last?.code == "MAL")
    #expect(catalog.books.first { $0.isNewTestament }?.code == "MAT")
    #expect(catalog.books.filter(\.isNewTestament).count == 27)
    #expect(try catalog.requireBook(code: "PSA").chapterWord == "Psalm")
    #expect(try catalog.requireBook(code: "RUT").chapterWord == "Chapter")
  }

  @Test func aSavedPsalmTitleIsLabelledAsOne() async throws {
    let store = try KeyItStore.inMemory()
    _ = try await store.createBible(name: "Psalms")
    let psalm = try await store.chapter(bibleID: nil, code: "PSA", chapter: 3)
    let title = try #require(psalm.items.first { $0.itemType == .ascription })
    let saved = try await store.setText(bibleID: nil, itemID: title.itemID!, text: "A Psalm by David")
    #expect(saved.label == "Psalm title")
    #expect(psalm.labelledItems.first?.label == "Psalm title")
  }
}
