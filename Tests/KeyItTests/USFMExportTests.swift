import Foundation
import GRDB
import Testing

@testable import KeyIt

@Suite struct USFMExportTests {
  /// Mark 1 with every kind of item a user can make.
  func markWithEverything() async throws -> KeyItStore {
    let (store, _) = try await storeWithBible()
    var content = try await store.openChapter(bibleID: nil, code: "MRK", chapter: 1)
    let verse1 = { content.item(.verse, verse: 1) }
    for action in [
      ItemActionID.insertTitle, .insertIntroTitle, .insertIntroHeading, .insertIntroParagraph,
      .insertChapterLabel, .insertChapterDescription, .insertHeadingBefore,
    ] {
      content = try await store.perform(action, on: verse1())
    }
    content = try await store.perform(.insertParallelRef, on: content.item(.heading, verse: 1))
    let texts: [(ItemType, String)] = [
      (.title, "Mark"), (.inTitle, "Introduction"), (.inSubj, "Author"), (.inPara, "John Mark wrote it."),
      (.chapLabel, "Chapter One"), (.chapDesc, "The beginning"), (.heading, "John the Baptist"), (.parlRef, "(Mt 3.1)"),
    ]
    for (type, text) in texts {
      _ = try await store.setText(bibleID: nil, itemID: content.item(type, verse: 1)!.itemID!, text: text)
    }
    try await store.type(
      [
        1: "The beginning.", 2: "As written,", 3: "a voice", 4: "John came", 6: "John wore camel hair. He ate locusts.",
      ], in: content)
    content = try await store.perform(.bridgeNext, on: content.item(.verse, verse: 3))
    content = try await store.perform(.insertParagraphIn, on: content.item(.verse, verse: 6), offset: 21)
    content = try await store.perform(.insertParagraphBefore, on: content.item(.verse, verse: 9))
    content = try await store.perform(.insertHeadingAfter, on: content.item(.para, verse: 9))
    _ = try await store.setText(
      bibleID: nil, itemID: content.item(.headingAfterPara, verse: 9)!.itemID!, text: "Baptism")
    _ = try await store.perform(.insertHeadingBefore, on: content.item(.verse, verse: 12))
    return store
  }

  @Test func writesStandardUSFMInPrintedOrder() async throws {
    let usfm = try await markWithEverything().exportChapter(bibleID: nil, code: "MRK", chapter: 1)
    let lines = usfm.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(
      Array(lines.prefix(12)) == [
        "\\id MRK Test Bible", "\\usfm 3.0", "\\ide UTF-8", "\\h Mark", "\\toc1 Mark", "\\toc2 Mark", "\\toc3 Mrk",
        "\\mt1 Mark", "\\imt1 Introduction", "\\is1 Author", "\\ip John Mark wrote it.", "\\c 1",
      ])
    #expect(
      Array(lines[12...24]) == [
        "\\cd The beginning", "\\cl Chapter One", "\\s1 John the Baptist", "\\r (Mt 3.1)", "\\p",
        "\\v 1 The beginning.", "\\v 2 As written,", "\\v 3-4 a voice John came", "\\v 5",
        "\\v 6 John wore camel hair.", "\\p He ate locusts.", "\\v 7", "\\v 8",
      ])
    #expect(Array(lines[25...29]) == ["\\p", "\\s1 Baptism", "\\p", "\\v 9", "\\v 10"])
    #expect(!usfm.contains("\\s1 \n") && !usfm.contains("\\s1\n"), "an untyped heading is left out")
    #expect(usfm.hasSuffix("\\v 45\n"))
  }

  @Test func everyChapterAndVerseIsWrittenEvenWhenEmpty() async throws {
    let (store, _) = try await storeWithBible()
    _ = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 2)
    let usfm = try await store.exportBook(bibleID: nil, code: "RUT")
    let lines = usfm.split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("\\c ") }.count == 4)
    #expect(lines.filter { $0.hasPrefix("\\v ") }.count == 85)
    #expect(lines.filter { $0 == "\\p" }.count == 4)
  }

  @Test func utf8NFCWithLineFeedsAndNoBOM() async throws {
    let (store, _) = try await storeWithBible()
    let content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    try await store.type([1: "Cymraeg: dw\u{0302}r a thŷ", 2: "عربي"], in: content)
    let usfm = try await store.exportChapter(bibleID: nil, code: "RUT", chapter: 1)
    #expect(!usfm.hasPrefix("\u{FEFF}") && !usfm.contains("\r"))
    #expect(usfm == usfm.precomposedStringWithCanonicalMapping)
    #expect(usfm.contains("\\v 1 Cymraeg: dŵr a thŷ\n\\v 2 عربي\n"))
  }

  @Test func fileNamesFollowParatext() {
    let ruth = BookCatalog.standard.book(code: "RUT")!
    #expect(exportFileName(book: ruth, bibleName: "Good News Bible!", format: .usfm) == "08RUTGoodNewsBible.usfm")
    #expect(
      exportFileName(book: BookCatalog.standard.book(code: "MAT")!, bibleName: "?", format: .usfm) == "41MATKIT.usfm")
    #expect(exportFileName(book: ruth, bibleName: "Cymraeg Newydd", format: .usfm) == "08RUTCymraegNewydd.usfm")
    #expect(exportFileName(book: ruth, bibleName: "Good News", chapter: 2, format: .usx) == "08RUTGoodNews-2.usx")
  }

  @Test func everyExportPassesUsfmGrammar() async throws {
    let store = try await markWithEverything()
    var psalm = try await store.openChapter(bibleID: nil, code: "PSA", chapter: 3)
    _ = try await store.setText(bibleID: nil, itemID: psalm.items[0].itemID!, text: "A Psalm by David")
    psalm = try await store.perform(.insertHeadingBefore, on: psalm.item(.verse, verse: 3))
    _ = try await store.setText(bibleID: nil, itemID: psalm.item(.heading, verse: 3)!.itemID!, text: "Selah")
    _ = try await store.openChapter(bibleID: nil, code: "PSA", chapter: 4)
    var exports: [String: String] = [
      "mark-chapter-1.usfm": try await store.exportChapter(bibleID: nil, code: "MRK", chapter: 1),
      "mark-chapter-2.usfm": try await store.exportChapter(bibleID: nil, code: "MRK", chapter: 2),
      "mark.usfm": try await store.exportBook(bibleID: nil, code: "MRK"),
      "psalms.usfm": try await store.exportBook(bibleID: nil, code: "PSA"),
      "ruth-empty.usfm": try await store.exportBook(bibleID: nil, code: "RUT"),
    ]
    let names = ["09-RUTeng-web.usfm", "92-1JNeng-web.usfm", "94-3JNeng-web.usfm"]
    _ = try await store.importUSFM(try names.map { ($0, try fixture("usfm/\($0)")) }, bibleID: nil)
    for code in ["RUT", "1JN", "3JN"] {
      exports["web-\(code).usfm"] = try await store.exportBook(bibleID: nil, code: code)
    }
    let report = try usfmGrammarErrors(exports)
    #expect(report.count == exports.count)
    for (name, errors) in report.sorted(by: { $0.key < $1.key }) {
      #expect(errors.isEmpty, "\(name): \(errors)")
    }
  }
}

/// What an export reads straight from the database: text no save path normalised, ties in printed
/// order, and the index that serves that order in a database made before it.
@Suite struct USFMExportStorageTests {
  @Test func textStoredDecomposedIsWrittenComposedLineByLine() async throws {
    let (store, _) = try await storeWithBible()
    let content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    let verse = try #require(content.item(.verse, verse: 1))
    // Hebrew points and a Welsh circumflex typed as combining marks, written past the store.
    try await store.writer.write { db in
      try db.execute(
        sql: "UPDATE VerseItems SET itemText = ? WHERE itemID = ?",
        arguments: ["dw\u{0302}r הִנֵּה A\u{030A}", verse.itemID])
    }
    let usfm = try await store.exportChapter(bibleID: nil, code: "RUT", chapter: 1)
    #expect(usfm == usfm.precomposedStringWithCanonicalMapping)
    #expect(usfm.contains("\\v 1 dŵr \("הִנֵּה".precomposedStringWithCanonicalMapping) Å\n\\v 2\n"))
  }

  /// Whether the chapter is read through the printed-order index (another Bible's opened
  /// chapters outweigh it) or by a pass over the table (`PrintedItems.scan`), ties are broken alike.
  @Test(arguments: [false, true]) func itemsTiedInPrintedOrderAreWrittenInTextIDOrder(throughTheIndex: Bool)
    async throws
  {
    let (store, bible) = try await storeWithBible()
    if throughTheIndex {
      let other = try await store.createBible(name: "Other Bible")
      for chapter in 1...5 { _ = try await store.openChapter(bibleID: other.bibleID, code: "GEN", chapter: chapter) }
      _ = try await store.selectBible(bible.bibleID!)
    }
    let content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    let chapterID = try #require(content.chapter.chapterID)
    // Two headings before verse 2 with the same order, as a merge of two devices' edits can leave
    // them: the one whose text id sorts first is printed first, on every device.
    try await store.writer.write { db in
      for (uid, text) in [("zz-heading", "Second"), ("aa-heading", "First")] {
        try db.execute(
          sql: """
            INSERT INTO VerseItems (chapterID, verseNumber, itemType, itemOrder, itemText, intSeq, uid)
            VALUES (?, 2, 'Heading', ?, ?, 0, ?)
            """, arguments: [chapterID, itemOrder(type: .heading, verse: 2), text, uid])
      }
    }
    let usfm = try await store.exportChapter(bibleID: nil, code: "RUT", chapter: 1)
    #expect(usfm.contains("\\s1 First\n\\s1 Second\n\\p\n\\v 2\n"))
    let shown = try await store.chapter(bibleID: nil, code: "RUT", chapter: 1).items.map(\.itemText)
    #expect(shown.filter { ["First", "Second"].contains($0) } == ["First", "Second"])
  }

  @Test func aDatabaseMadeBeforeTheTieBreakingIndexGetsIt() async throws {
    let queue = try DatabaseQueue()
    try KeyItMigrations.migrator.migrate(
      queue, upTo: "v8: the team (hub and member token) each shared Bible syncs with")
    _ = try KeyItStore(writer: queue, checkpointer: nil)
    let columns = try await queue.read { db in
      try Row.fetchAll(db, sql: "PRAGMA index_info('VerseItems_printedOrder')").map { $0["name"] as String }
    }
    #expect(columns == ["chapterID", "itemOrder", "intSeq", "uid"])
  }
}
