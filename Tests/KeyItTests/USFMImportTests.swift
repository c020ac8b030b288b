import Foundation
import GRDB
import TestSupport
import Testing

@testable import KeyIt

@Suite struct USFMImportTests {
  let webFiles = ["09-RUTeng-web.usfm", "92-1JNeng-web.usfm", "94-3JNeng-web.usfm"]

  /// Verse texts read straight from USFM by splitting at `\v` and `\c` (independent of the importer):
  /// "chapter:verse" → the verse's text with paragraph markers and whitespace removed.
  func naiveVerseTexts(_ usfm: String) -> [String: String] {
    var result: [String: String] = [:]
    var chapter = 0
    let pattern = try! NSRegularExpression(pattern: #"\\(c|v) (\S+)"#)
    let text = usfm as NSString
    let matches = pattern.matches(in: usfm, range: NSRange(location: 0, length: text.length))
    for (index, match) in matches.enumerated() {
      let marker = text.substring(with: match.range(at: 1))
      let number = text.substring(with: match.range(at: 2))
      if marker == "c" { chapter = Int(number)!; continue }
      let end = index + 1 < matches.count ? matches[index + 1].range.location : text.length
      let body = text.substring(with: NSRange(location: match.range.upperBound, length: end - match.range.upperBound))
      let cleaned = body.replacingOccurrences(
        of: #"\\(p|m|q\d?|b|nb|s\d?|d|r)(\s|$)"#, with: " ", options: .regularExpression)
      result["\(chapter):\(number)"] = cleaned.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    return result
  }

  @Test func roundTripKeepsEveryVerseOfTheWEBBooks() async throws {
    let (store, _) = try await storeWithBible()
    let inputs = try webFiles.map { ($0, try fixture("usfm/\($0)")) }
    let reports = try await store.importUSFM(inputs, bibleID: nil)
    #expect(reports.map(\.book) == ["RUT", "1JN", "3JN"])
    #expect(reports.map(\.versesWithText) == [85, 105, 14])
    for ((_, original), code) in zip(inputs, ["RUT", "1JN", "3JN"]) {
      let exported = try await store.exportBook(bibleID: nil, code: code)
      let expected = naiveVerseTexts(original)
      #expect(expected.count > 10)
      #expect(naiveVerseTexts(exported) == expected, "\(code) verse texts changed")
    }
  }

  /// The import gives itself a larger page cache; the writer has SQLite's own again afterwards.
  @Test func theImportsPageCacheIsGivenBack() async throws {
    let (store, _) = try await storeWithBible()
    let cacheSize = { try await store.writer.write { try Int.fetchOne($0, sql: "PRAGMA cache_size") } }
    let before = try await cacheSize()
    _ = try await store.importUSFM([("ruth", try fixture("usfm/09-RUTeng-web.usfm"))], bibleID: nil)
    #expect(try await cacheSize() == before)
  }

  @Test func importThenExportThenImportIsStable() async throws {
    let (store, _) = try await storeWithBible()
    _ = try await store.importUSFM([("ruth", try fixture("usfm/09-RUTeng-web.usfm"))], bibleID: nil)
    let first = try await store.exportBook(bibleID: nil, code: "RUT")
    _ = try await store.importUSFM([("again", first)], bibleID: nil)
    #expect(try await store.exportBook(bibleID: nil, code: "RUT") == first)
  }

  /// A file imported again over itself writes and logs nothing (and leaves the place the user
  /// was at); imported again with one verse changed, only that verse is logged, and the titles,
  /// paragraphs and lines keep their text ids, so a teammate's edit of one still finds it.
  @Test func importingAFileAgainChangesOnlyWhatChanged() async throws {
    let (store, _) = try await storeWithBible()
    let ruth = try fixture("usfm/09-RUTeng-web.usfm")
    _ = try await store.importUSFM([("ruth", ruth)], bibleID: nil)
    let imported = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    _ = try await store.setText(
      bibleID: nil, itemID: imported.item(.verse, verse: 3)!.itemID!, text: imported.item(.verse, verse: 3)!.itemText)
    let logged = { try await store.writer.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM KeyItChanges")! } }
    let changesBefore = try await logged()
    let writesBefore = try await store.writer.read { $0.totalChangesCount }

    _ = try await store.importUSFM([("ruth again", ruth)], bibleID: nil)
    #expect(try await logged() == changesBefore)
    #expect(try await store.writer.read { $0.totalChangesCount } == writesBefore)
    let again = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    #expect(again.items.map(\.uid) == imported.items.map(\.uid))
    #expect(again.chapter.currItem == imported.item(.verse, verse: 3)!.itemID, "still where the user was")

    let changed = ruth.replacingOccurrences(of: "Naomi’s husband, died", with: "Naomi’s husband, passed away")
    #expect(changed != ruth)
    _ = try await store.importUSFM([("ruth changed", changed)], bibleID: nil)
    #expect(try await logged() == changesBefore + 1)
    let after = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    #expect(after.items.map(\.uid) == imported.items.map(\.uid))
    let change = try await store.writer.read {
      try String.fetchOne($0, sql: "SELECT payload FROM KeyItChanges ORDER BY seq DESC LIMIT 1")!
    }
    #expect(change.components(separatedBy: "\"uid\"").count - 1 == 1, "one item's delta: \(change)")
    #expect(!change.contains(after.chapter.uid), "the item named from its chapter's id on: \(change)")

    // A paragraph break written with another marker is a change too.
    let remarked = changed.replacingOccurrences(of: "\\p\n\\v 6 The servant", with: "\\m\n\\v 6 The servant")
    #expect(remarked != changed)
    _ = try await store.importUSFM([("ruth remarked", remarked)], bibleID: nil)
    #expect(try await logged() == changesBefore + 2)
    let marked = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 2)
    #expect(marked.item(.para, verse: 6)?.marker == "m")
  }

  /// The quick check that a chapter imported again is as stored: true for the file as it was, false
  /// for any field of any item changed, and for an item more or fewer.
  @Test func aChapterIsHeldOnlyWhenEveryItemMatchesFieldForField() async throws {
    let (store, _) = try await storeWithBible()
    // Chapter 2 with a paragraph of a marker of its own (`\m`).
    let ruth = try fixture("usfm/09-RUTeng-web.usfm")
      .replacingOccurrences(of: "\\p\n\\v 6 The servant", with: "\\m\n\\v 6 The servant")
    _ = try await store.importUSFM([("ruth", ruth)], bibleID: nil)
    let stored = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 2)
    let items = try store.parseUSFM([("ruth", ruth)])[0].chapters[1].items
    #expect(items.contains { $0.marker != nil } && items.contains { $0.type != .verse })
    func held(_ items: [ImportedItem]) async throws -> Bool {
      try await store.writer.read { try KeyItStore.holds($0, chapterID: stored.chapter.chapterID!, items) }
    }
    #expect(try await held(items))
    let changes: [(String, (inout ImportedItem) -> Void)] = [
      ("text", { $0.text += "!" }), ("verse", { $0.verse += 1 }), ("order", { $0.order += 1 }),
      ("sequence", { $0.intSeq += 1 }), ("type", { $0.type = $0.type == .heading ? .verse : .heading }),
      ("marker", { $0.marker = $0.marker == nil ? "q2" : nil }),
    ]
    for (field, change) in changes {
      for index in [0, items.count / 2, items.count - 1] {
        var changed = items
        change(&changed[index])
        #expect(try await !held(changed), "\(field) of item \(index)")
      }
    }
    #expect(try await !held(Array(items.dropLast())))
    #expect(try await !held(items + [items.last!]))
  }

  /// Items go in many to a statement, across chapters, and an item with bridge steps alone: in
  /// Psalms 115-119 with bridges at random places (at a statement's first item, its last, next to
  /// each other), imported into a new Bible and then again over themselves with other breaks, every
  /// item is stored as read, in its chapter and order, and each bridge's steps are its own.
  @Test(arguments: 1...6 as ClosedRange<UInt64>)
  func longChaptersWithBridgesAnywhereAreStoredAsRead(seed: UInt64) async throws {
    var random = SeededGenerator(mixing: seed)
    func book(_ round: Int) -> String {
      var usfm = "\\id PSA test\n"
      for (chapter, verses) in [(115, 18), (116, 19), (117, 2), (118, 29), (119, 176)] {
        usfm += "\\c \(chapter)\n"
        var verse = 1
        while verse <= verses {
          let bridged = Int.random(in: 0..<4, using: &random) == 0
          let last = bridged ? min(verses, verse + Int.random(in: 1...3, using: &random)) : verse
          usfm += ["", "\\q1\n", "\\q2\n", "\\p\n"][Int.random(in: 0..<4, using: &random)]
          usfm +=
            "\\v \(last > verse ? "\(verse)-\(last)" : "\(verse)") verse \(verse) of seed \(seed), round \(round)\n"
          verse = last + 1
        }
      }
      return usfm
    }
    let (store, _) = try await storeWithBible()
    for round in 1...2 {
      let usfm = book(round)
      _ = try await store.importUSFM([("psa.usfm", usfm)], bibleID: nil)
      let chapters = try store.parseUSFM([("psa.usfm", usfm)])[0].chapters
      #expect(chapters.reduce(0) { $0 + $1.items.count } > 2 * ImportedItemInserts.itemsPerStatement)
      for chapter in chapters {
        let read = chapter.items
        #expect(read.contains { $0.bridgeSteps > 0 } || read.count < 10)
        let content = try await store.openChapter(bibleID: nil, code: "PSA", chapter: chapter.number)
        #expect(content.items.map(\.itemType) == read.map(\.type))
        #expect(content.items.map(\.verseNumber) == read.map(\.verse))
        #expect(content.items.map(\.itemText) == read.map(\.text))
        #expect(content.items.map(\.marker) == read.map(\.marker))
        #expect(content.items.map(\.lastVsOfBridge) == read.map(\.lastVerseOfBridge))
        let steps = try await store.writer.read { db in
          try Row.fetchAll(
            db,
            sql: """
              SELECT b.itemID, b.textCurrentBridge FROM BridgeItems b JOIN VerseItems i USING (itemID)
              WHERE i.chapterID = ? ORDER BY b.bridgeID
              """, arguments: [content.chapter.chapterID]
          ).map { (item: $0[0] as Int64, text: $0[1] as String) }
        }
        for item in content.items {
          let own = steps.filter { $0.item == item.itemID }
          #expect(own.count == max(0, item.lastVsOfBridge - item.verseNumber), "\(chapter.number):\(item.verseNumber)")
          #expect(own.allSatisfy { $0.text == item.itemText }, "\(chapter.number):\(item.verseNumber)")
        }
        #expect(steps.count == read.reduce(0) { $0 + $1.bridgeSteps })
      }
    }
  }

  /// An import is all or nothing in its one transaction (no savepoint for each file): when a later
  /// file cannot be stored (Tobit, which this Bible has not added), the whole Psalms and Ruth read
  /// before it leave no item, no chapter and no change behind.
  @Test func aFileThatCannotBeStoredLeavesTheFilesBeforeItUnwritten() async throws {
    let store = try KeyItStore.inMemory()
    let bible = try await store.createBible(name: "English", versification: .english)
    let psalms = everyVerse(of: "PSA", in: .english, saying: "Praise.")
    func counts() async throws -> [Int] {
      try await store.writer.read { db in
        try ["VerseItems", "Chapters", "BridgeItems", "KeyItChanges"].map {
          try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \($0)") ?? 0
        }
      }
    }
    let before = try await counts()
    do {
      _ = try await store.importUSFM(
        [
          ("psa", psalms), ("ruth", try fixture("usfm/09-RUTeng-web.usfm")),
          ("tobit", "\\id TOB\n\\c 1\n\\v 1 Tobit.\n"),
        ],
        bibleID: bible.bibleID)
      Issue.record("the import of a book the Bible has not added went through")
    } catch KeyItError.unknownBook(let code, _) {
      #expect(code == "TOB")  // refused while storing, after the other two files were written
    }
    #expect(try await counts() == before)
  }

  /// A long import is written while it is read (`USFMImportPipeline`): a fault found late in a
  /// file, after many of its chapters were written, or in a file after them, leaves nothing behind,
  /// and the error names the file, line and column. A malformed file is the error even when a file
  /// before it could not be stored, as when every file was read before anything was written.
  @Test(arguments: [["psa", "bad"], ["bad-psalms"], ["tobit", "bad-psalms"]])
  func aFaultFoundWhileALongImportIsWrittenLeavesNothingBehind(files: [String]) async throws {
    let store = try KeyItStore.inMemory()
    let bible = try await store.createBible(name: "English", versification: .english)
    let psalms = everyVerse(of: "PSA", in: .english, saying: "Praise ye the Lord.")
    #expect(psalms.utf8.count >= USFMImportPipeline.bytesForAThread)
    // A heading after the last verse of the last psalm: found only once all 150 are read.
    let lines = psalms.split(separator: "\n").count
    let sources = [
      "psa": psalms, "bad": "\\id RUT\n\\c 1\n\\v 9 Nine.\n\\v 2 Two.\n", "bad-psalms": psalms + "\\s Late\n",
      "tobit": "\\id TOB\n\\c 1\n\\v 1 Tobit.\n",
    ]
    let failing = files.first { $0.hasPrefix("bad") }!
    let line = failing == "bad" ? 4 : lines + 1
    func counts() async throws -> [Int] {
      try await store.writer.read { db in
        try ["VerseItems", "Chapters", "BridgeItems", "KeyItChanges"].map {
          try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \($0)") ?? 0
        }
      }
    }
    let before = try await counts()
    await #expect {
      try await store.importUSFM(files.map { ($0, sources[$0]!) }, bibleID: bible.bibleID)
    } throws: { error in
      guard case .usfm(failing, line, 1, _) = error as? KeyItError else {
        Issue.record("\(error)")
        return false
      }
      return true
    }
    #expect(try await counts() == before)
  }

  /// Someone typing in Ruth while another tab imports 1 and 3 John, with a whole Psalms or without:
  /// a long import is read and planned on a thread of its own while the saves wait for the
  /// database, a short one read and written on the caller's thread while it waits for theirs, and
  /// every save and the import end.
  @Test(arguments: [true, false]) func anImportAndTextSavesAtOnceAllFinishAndKeepEverything(withPsalms: Bool)
    async throws
  {
    let (store, _) = try await storeWithBible()
    let verses = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1).items.filter {
      $0.itemType == .verse
    }
    let psalms = everyVerse(of: "PSA", in: .kjv, saying: "Praise ye the Lord.")
    #expect(psalms.utf8.count >= USFMImportPipeline.bytesForAThread)
    let johns = try ["92-1JNeng-web.usfm", "94-3JNeng-web.usfm"].map { ($0, try fixture("usfm/\($0)")) }
    let books = johns + (withPsalms ? [("psa", psalms)] : [])
    #expect(USFMImportPipeline.readsOnAThread(books) == withPsalms)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { _ = try await store.importUSFM(books, bibleID: nil) }
      for (number, verse) in verses.enumerated() {
        group.addTask { _ = try await store.setText(bibleID: nil, itemID: verse.itemID!, text: "Typed \(number)") }
      }
      try await group.waitForAll()
    }
    let ruth = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1).items.filter {
      $0.itemType == .verse
    }
    #expect(ruth.map(\.itemText) == verses.indices.map { "Typed \($0)" })
    let john = try await store.exportBook(bibleID: nil, code: "3JN")
    #expect(john.contains("The elder to Gaius the beloved"))
    let psalm150 = try await store.openChapter(bibleID: nil, code: "PSA", chapter: 150).items
    #expect(
      psalm150.filter { $0.itemType == .verse }.map(\.itemText)
        == Array(repeating: withPsalms ? "Praise ye the Lord." : "", count: 6))
    #expect(
      try await store.writer.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM KeyItChanges") } ?? 0 > verses.count
    )
  }

  @Test func readsTitlesParagraphsAndNotesIntoItems() async throws {
    let (store, _) = try await storeWithBible()
    _ = try await store.importUSFM([("ruth", try fixture("usfm/09-RUTeng-web.usfm"))], bibleID: nil)
    let chapter1 = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    #expect(chapter1.book.bookName == "Ruth")
    #expect(chapter1.items.prefix(2).map(\.itemType) == [.title, .title])
    #expect(chapter1.items.prefix(2).map(\.itemText) == ["The Book of", "Ruth"])
    #expect(chapter1.items[0].marker == "mt2")
    #expect(chapter1.items.filter { $0.verseNumber == 9 }.map(\.itemType) == [.verse, .paraCont, .verseCont])
    #expect(
      chapter1.item(.verseCont, verse: 9)?.itemText
        == "Then she kissed them, and they lifted up their voices, and wept.")
    #expect(chapter1.item(.para, verse: 11) != nil)
    #expect(chapter1.item(.verse, verse: 6)?.itemText.contains("\\f + “Yahweh” is God’s proper Name") == true)
    #expect(chapter1.chapter.numItems == chapter1.items.count)
  }

  @Test func keepsMarkersKeyItDoesNotDistinguish() async throws {
    let (store, _) = try await storeWithBible()
    let psalm = """
      \\id PSA test
      \\c 3
      \\ms1 Book One
      \\d A Psalm by David, when he fled.
      \\q1
      \\v 1 Yahweh, how my adversaries have increased!
      \\q2 Many are those who rise up against me.
      \\q1 Many there are who say of my soul,
      \\v 2-3 \\wj There is\\wj* no help.
      \\b
      \\q1
      \\v 4 I cry.
      \\s2 Selah
      \\r (2 Sam 15)
      \\m
      \\v 5 I lay down.
      """
    _ = try await store.importUSFM([("psa.usfm", psalm)], bibleID: nil)
    let content = try await store.openChapter(bibleID: nil, code: "PSA", chapter: 3)
    #expect(content.items.prefix(4).map(\.itemType) == [.heading, .ascription, .para, .verse], "the file's order")
    #expect(content.item(.heading, verse: 1)?.marker == "ms1")
    #expect(content.item(.para, verse: 1)?.marker == "q1")
    let lines = content.items.filter { $0.verseNumber == 1 && [.paraCont, .verseCont].contains($0.itemType) }
    #expect(lines.map(\.marker) == ["q2", nil, "q1", nil], "each poetry line of verse 1 is a break of its own")
    #expect(
      lines.map(\.itemText) == ["", "Many are those who rise up against me.", "", "Many there are who say of my soul,"])
    #expect(lines.map(\.intSeq) == [0, 0, 1, 1])
    let bridge = try #require(content.item(.verse, verse: 2))
    #expect(bridge.isStartOfBridge && bridge.lastVsOfBridge == 3 && bridge.itemText == "\\wj There is\\wj* no help.")
    #expect(content.items.filter { $0.verseNumber == 4 && $0.itemType == .para }.map(\.marker) == ["b", "q1"])
    #expect(content.items.filter { $0.verseNumber == 5 }.map(\.itemType) == [.heading, .parlRef, .para, .verse])
    let unbridged = try await store.perform(.unbridge, on: bridge)
    #expect(
      unbridged.item(.verse, verse: 2)?.itemText == bridge.itemText && unbridged.item(.verse, verse: 3)?.itemText == "")

    let exported = try await store.exportChapter(bibleID: nil, code: "PSA", chapter: 3)
    #expect(exported.contains("\\c 3\n\\ms1 Book One\n\\d A Psalm by David, when he fled.\n\\q1\n\\v 1 Yahweh,"))
    #expect(exported.contains("\\q2 Many are those who rise up against me.\n\\q1 Many there are"))
    #expect(exported.contains("\\b\n\\q1\n\\v 4 I cry.\n\\s2 Selah\n\\r (2 Sam 15)\n\\m\n\\v 5 I lay down."))
    #expect(try usfmGrammarErrors(["psa.usfm": exported])["psa.usfm"] == [])
  }

  @Test func skipsABOMAndReadsCRLF() async throws {
    let (store, _) = try await storeWithBible()
    let text = "\u{FEFF}\\id 3JN\r\n\\c 1\r\n\\p\r\n\\v 1 The elder\r\n\\v 2 Beloved\r\n"
    let reports = try await store.importUSFM([("3jn.usfm", text)], bibleID: nil)
    #expect(reports[0].versesWithText == 2)
    let content = try await store.openChapter(bibleID: nil, code: "3JN", chapter: 1)
    #expect(content.item(.verse, verse: 1)?.itemText == "The elder")
    #expect(content.items.filter { $0.itemType == .verse }.count == 14)
  }

  /// Text is stored in NFC whatever the file's form, and the report says when the file was not:
  /// a decomposed é, Hebrew points out of canonical order, a decomposed letter after a footnote
  /// and across a line break; a file already in NFC (Greek with tonos, pointed Hebrew) is kept as
  /// it is and reported as nothing.
  @Test func textIsStoredInNFCAndTheReportSaysWhenTheFileWasNot() async throws {
    let decomposed =
      "\\id 3JN\n\\c 1\n\\p\n\\v 1 Cafe\u{301} \u{5E9}\u{5C1}\u{5B8}\n\\v 2 A\\f + note\\f*e\u{301}\n\\v 3 o\n\u{308}\n"
    let composed = "\\id 2JN\n\\c 1\n\\p\n\\v 1 λόγος \u{5E9}\u{5B8}\u{5C1}\n\\v 2 Café\n"
    for text in [decomposed, composed] {
      #expect(text.isNFC == (text == composed), "the inputs are what they claim to be")
    }
    let (store, _) = try await storeWithBible()
    let reports = try await store.importUSFM([("3jn.usfm", decomposed), ("2jn.usfm", composed)], bibleID: nil)
    #expect(reports.map(\.normalised) == [[.composedForm], []])
    let third = try await store.openChapter(bibleID: nil, code: "3JN", chapter: 1)
    let second = try await store.openChapter(bibleID: nil, code: "2JN", chapter: 1)
    let texts =
      [1, 2, 3].compactMap { third.item(.verse, verse: $0)?.itemText }
      + [1, 2].compactMap {
        second.item(.verse, verse: $0)?.itemText
      }
    let expected = [
      "Cafe\u{301} \u{5E9}\u{5C1}\u{5B8}", "A\\f + note\\f*e\u{301}", "o \u{308}", "λόγος \u{5E9}\u{5B8}\u{5C1}",
      "Café",
    ].map(\.precomposedStringWithCanonicalMapping)
    #expect(texts.map { Array($0.unicodeScalars) } == expected.map { Array($0.unicodeScalars) })
  }

  @Test(arguments: [
    ("\\id XYZ\n\\c 1\n", 1, 1, "unknown book code \"XYZ\""),
    ("text first\n\\id RUT\n", 1, 1, "a USFM book must start with \\id and its book code"),
    ("\\id RUT\n\\c 1\n\\p\n\\v 23 too far\n", 4, 1, "RUT 1 has no verse 23; verses are 1–22"),
    ("\\id RUT\n\\c 5\n", 2, 1, "RUT has no chapter \"5\"; chapters are 1–4"),
    ("\\id RUT\n\\c 2\n\\c 1\n", 3, 1, "chapter 1 comes after chapter 2"),
    ("\\id RUT\n\\c 1\n\\p\n\\v 2 b\n  \\v 1 a\n", 5, 3, "verse 1 comes after verse 2"),
    ("\\id RUT\n\\c 1\n\\p\n\\v 2a b\n", 4, 1, "verse number \"2a\" is not a number or a range like 3-5"),
    ("\\id RUT\n\\p\n", 2, 1, "\\p before the first \\c"),
    ("\\id RUT\n\\c 1\n\\p text\n", 3, 1, "text before the first verse of chapter 1"),
    (
      "\\id RUT\n\\c 1\n\\p\n\\v 22 end\n\\s1 Tail\n", 5, 1,
      "\\s1 after the last verse of chapter 1: Key It puts it before a verse"
    ),
    ("\\id RUT\n\\mt Ruth\n\\c 2\n\\p\n\\v 1 a\n", 1, 1, "titles and introduction need chapter 1 in the same file"),
    ("\\id RUT\n\\c 1\n\\p\n\\v 1 a\n\\id RUT\n", 5, 1, "a second \\id: import one book per file"),
    (
      "\\id RUT\n\\c 1\n\\p\n\\v 1 In the\u{0} days\n", 4, 12,
      "the control character U+0000 (NUL) is not allowed in USFM text"
    ),
    ("\\id RUT\n\\c 1\n\\p\n\\v 1 a\u{1B}[31m\n", 4, 7, "the control character U+001B is not allowed in USFM text"),
    (
      "\\id " + String(repeating: "X", count: 10_000) + "\n", 1, 1,
      "unknown book code \"" + String(repeating: "X", count: 80) + "…\""
    ),
  ])
  func malformedInputNamesFileLineAndColumnAndWritesNothing(
    text: String, line: Int, column: Int, message: String
  ) async throws {
    let (store, _) = try await storeWithBible()
    let content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    try await store.type([1: "typed before"], in: content)
    let before = try await store.exportBook(bibleID: nil, code: "RUT")
    await #expect {
      try await store.importUSFM(
        [("good.usfm", try fixture("usfm/09-RUTeng-web.usfm")), ("bad.usfm", text)], bibleID: nil)
    } throws: { error in
      guard case .usfm("bad.usfm", line, column, _) = error as? KeyItError else { return false }
      return "\(error)" == "bad.usfm:\(line):\(column): \(message)"
    }
    #expect(try await store.exportBook(bibleID: nil, code: "RUT") == before)
  }

  @Test func aTextSaveOrNameWithAControlCharacterIsRefusedAndChangesNothing() async throws {
    let (store, _) = try await storeWithBible()
    let verse = try #require(try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1).item(.verse, verse: 1))
    await #expect(throws: KeyItError.controlCharacter(field: .text, "\u{0}")) {
      try await store.setText(bibleID: nil, itemID: verse.itemID!, text: "In the\u{0} days")
    }
    #expect(try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1).item(.verse, verse: 1)?.itemText == "")
    let saved = try await store.setText(bibleID: nil, itemID: verse.itemID!, text: "a\tb\r\nc")
    #expect(saved.item.itemText == "a\tb\r\nc", "tab and line ends are text")
    await #expect(throws: KeyItError.controlCharacter(field: .name, "\u{7}")) {
      try await store.renameBook(bibleID: nil, code: "RUT", to: "Ru\u{7}th")
    }
    #expect(
      KeyItError.controlCharacter(field: .text, "\u{0}").description
        == "the text holds the control character U+0000 (NUL), which text may not hold: remove it")
  }
}

/// Import → export gives the file back (spaces, line breaks and Unicode composition aside): every
/// line Key It does not model before the first chapter is kept and written back.
@Suite struct USFMRoundTripTests {
  func normalised(_ usfm: String) -> String {
    usfm.nfc.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  @Test(arguments: ["09-RUTeng-web.usfm", "92-1JNeng-web.usfm", "94-3JNeng-web.usfm"])
  func importThenExportReproducesTheFile(_ name: String) async throws {
    let source = try fixture("usfm/\(name)").replacingOccurrences(of: "\u{FEFF}", with: "")
    let store = try KeyItStore.inMemory()
    _ = try await store.createBible(name: "Another name")
    let report = try await store.importUSFM([(name, source)], bibleID: nil)
    let code = try #require(report.first?.book)
    #expect(normalised(try await store.exportBook(bibleID: nil, code: code)) == normalised(source))
  }

  @Test func theNameInTheFileIsOfferedNotApplied() async throws {
    let store = try KeyItStore.inMemory()
    _ = try await store.createBible(name: "Biblia", bookNames: "sw")
    let report = try await store.importUSFM(
      [("rut.usfm", "\\id RUT\n\\h Ruth\n\\c 1\n\\p\n\\v 1 In the days\n")], bibleID: nil)
    #expect(report.first?.nameInFile == "Ruth")
    #expect(try await store.bookChapters(bibleID: nil, code: "RUT").0.bookName == "Ruthu", "the Bible's name stays")
    let export = try await store.exportBook(bibleID: nil, code: "RUT")
    #expect(export.hasPrefix("\\id RUT\n\\h Ruthu\n"), "the header as the file had it, with this Bible's name")
  }
}

extension Array {
  /// The two elements of a two-element array.
  fileprivate var pairs: (Element, Element)? { count == 2 ? (self[0], self[1]) : nil }
}

/// The shapes Paratext and the Key It apps write, which import used to refuse or drop.
@Suite struct USFMShapesTests {
  func roundTrip(_ usfm: String, code: String) async throws -> (String, ImportReport) {
    let store = try KeyItStore.inMemory()
    _ = try await store.createBible(name: "Test", versification: .english)
    let report = try #require(try await store.importUSFM([("book.usfm", usfm)], bibleID: nil).first)
    return (try await store.exportChapter(bibleID: nil, code: code, chapter: 1), report)
  }

  func normalised(_ usfm: String) -> String { usfm.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

  @Test func paratextPsalmsWithABookWideChapterLabelAndPrintedChapterNumbers() async throws {
    let psalms = """
      \\id PSA
      \\h Psalms
      \\mt1 Psalms
      \\cl Psalm
      \\c 1
      \\cp 1
      \\q1
      \\v 1 Blessed is the man
      """
    let (export, _) = try await roundTrip(psalms, code: "PSA")
    #expect(normalised(export).hasPrefix(normalised(psalms)), "\(export)")
  }

  @Test func keyItAppsWriteTitlesAfterTheFirstChapterAndIntroductionsWithIms() async throws {
    let kitios = """
      \\id 3JN
      \\c 1
      \\mt1 3 John
      \\ims Introduction
      \\ip The elder writes to Gaius.
      \\ie
      \\p
      \\v 1 The elder to Gaius
      """
    let (export, report) = try await roundTrip(kitios, code: "3JN")
    #expect(
      export.contains("\\mt1 3 John\n\\ims Introduction\n\\ip The elder writes to Gaius.\n\\ie\n\\c 1\n"), "\(export)")
    #expect(report.normalised.contains { $0.description.contains("before it") })
  }
  @Test func remarksStatusAndAlternateChapterNumbersStayInTheirPlace() async throws {
    let paratext = """
      \\id JHN
      \\c 1 \\ca 2\\ca*
      \\rem Checked by the team
      \\sts 2
      \\s1 The Word
      \\rem heading from the 1994 edition
      \\p
      \\v 1 In the beginning was the Word,
      \\rem consult the commentary
      \\v 2 He was with God.
      \\q1 Poetry line one
      \\q2 line two
      \\q1 line three
      \\rem end of the section
      \\v 3 All things were made through him.
      \\c 2
      \\rem second chapter
      \\p
      \\v 1 On the third day
      """
    let store = try KeyItStore.inMemory()
    _ = try await store.createBible(name: "Test", versification: .english)
    let report = try #require(try await store.importUSFM([("jhn.usfm", paratext)], bibleID: nil).first)
    #expect(report.normalised.isEmpty, "nothing moved: \(report.normalised)")
    let export = try await store.exportBook(bibleID: nil, code: "JHN")
    let (chapter1, chapter2) = try #require(paratext.split(separator: "\\c 2").map(String.init).pairs)
    #expect(
      normalised(try await store.exportChapter(bibleID: nil, code: "JHN", chapter: 1)).hasPrefix(normalised(chapter1)))
    #expect(normalised(export).contains(normalised("\\c 2" + chapter2)), "\(export)")
    let content = try await store.openChapter(bibleID: nil, code: "JHN", chapter: 1)
    #expect(
      content.items.filter { $0.verseNumber == 2 && $0.itemType == .paraCont }.map(\.marker) == ["q1", "q2", "q1"])
    #expect(content.item(.verse, verse: 1)?.itemText == "In the beginning was the Word, \\rem consult the commentary")
    #expect(try usfmGrammarErrors(["jhn.usfm": export])["jhn.usfm"] == [])

    // Read again, the export is the same file.
    _ = try await store.importUSFM([("again.usfm", export)], bibleID: nil)
    #expect(try await store.exportBook(bibleID: nil, code: "JHN") == export)
  }

  @Test func aRemarkAfterAParagraphBreakIsReportedWhereItMoved() async throws {
    let (_, report) = try await roundTrip("\\id 3JN\n\\c 1\n\\p\n\\rem later\n\\v 1 The elder\n", code: "3JN")
    #expect(report.normalised == [.markerAfterChapterNumber(marker: "rem")])
  }

}
