import Foundation
import GRDB
import TestSupport
import Testing

@testable import KeyIt

/// The whole-Bible USFM export stays byte for byte what it was when its speed work began
/// (`Tests/Fixtures/usfm-export/whole-bible.txt`, every file after a `=== name` line): the
/// three WEB books, Paratext-style headers, remarks and alternate numbers, poetry, bridges, psalm
/// titles and chapters never opened.
@Suite struct WholeBibleExportTests {
  static let inputs = [
    "usfm/09-RUTeng-web.usfm", "usfm/92-1JNeng-web.usfm", "usfm/94-3JNeng-web.usfm",
    "usfm-export/19-PSA-sample.usfm", "usfm-export/43-JHN-sample.usfm",
  ]

  /// The export of a Bible holding the input files, as one text.
  static func wholeBible(_ store: KeyItStore) async throws -> String {
    try await store.exportBible(bibleID: nil).map { "=== \($0.fileName)\n\($0.text)" }.joined()
  }

  @Test func theWholeBibleExportIsByteIdenticalToTheRecordedOne() async throws {
    let store = try KeyItStore.inMemory()
    _ = try await store.createBible(name: "Export Bible", versification: .english)
    _ = try await store.importUSFM(try Self.inputs.map { ($0, try fixture($0)) }, bibleID: nil)
    let recorded = try fixture("usfm-export/whole-bible.txt")
    let exported = try await Self.wholeBible(store)
    #expect(exported == recorded)
  }

  /// A Bible in a file is read in two halves at once by two readers: its export is the same.
  @Test func theExportReadInTwoHalvesAtOnceIsTheSame() async throws {
    let path = scratchDatabasePath()
    defer { removeDatabase(path) }
    let store = try KeyItStore(path: path)
    _ = try await store.createBible(name: "Export Bible", versification: .english)
    _ = try await store.importUSFM(try Self.inputs.map { ($0, try fixture($0)) }, bibleID: nil)
    #expect(try await Self.wholeBible(store) == (try fixture("usfm-export/whole-bible.txt")))
  }

  /// The two halves see the Bible in one state while saves go on: Genesis (first half) and
  /// Revelation (second half), changed together in each save, always carry the same mark.
  @Test func bothHalvesSeeTheBibleInOneStateWhileSavesGoOn() async throws {
    let path = scratchDatabasePath()
    defer { removeDatabase(path) }
    let store = try KeyItStore(path: path)
    let bible = try await store.createBible(name: "Export Bible")
    func save(_ mark: Int) async throws {
      _ = try await store.importUSFM(
        ["GEN", "REV"].map { ("\($0).usfm", "\\id \($0)\n\\c 1\n\\p\n\\v 1 mark\(mark)\n") }, bibleID: bible.bibleID)
    }
    try await save(0)
    let bibleID = try #require(bible.bibleID)
    let books = try await store.writer.read { db in try Book.filter(Book.Columns.bibleID == bibleID).fetchAll(db) }
    let halves = try KeyItStore.exportHalves(of: books, in: bible.catalog)
    #expect(halves.map(\.count).allSatisfy { $0 > 0 } && halves[0].upperBound == halves[1].lowerBound)
    let saving = Task {
      var mark = 1
      while !Task.isCancelled, (try? await save(mark)) != nil { mark += 1 }
      return mark
    }
    var marks: [[Substring]] = []
    for _ in 0..<8 {
      let files = try await store.exportBible(bibleID: bible.bibleID)
      marks.append(
        try ["GEN", "REV"].map { code in
          let text = try #require(files.first { $0.text.hasPrefix("\\id \(code)") }?.text)
          return try #require(text.firstMatch(of: /mark\d+/)?.output)
        })
    }
    saving.cancel()
    #expect(await saving.value > 8, "saves went on while the exports read")
    for pair in marks { #expect(pair[0] == pair[1]) }
  }

  /// A Bible that holds most of the database's items is read by a pass over the table, one that
  /// holds few through the printed-order index (`PrintedItems.scanPays`): its export is the same
  /// either way.
  @Test func theExportIsTheSameWhenAnotherBibleOutweighsIt() async throws {
    let store = try KeyItStore.inMemory()
    let bible = try await store.createBible(name: "Export Bible", versification: .english)
    _ = try await store.importUSFM(try Self.inputs.map { ($0, try fixture($0)) }, bibleID: bible.bibleID)
    let recorded = try fixture("usfm-export/whole-bible.txt")
    #expect(try await Self.wholeBible(store) == recorded)
    let other = try await store.createBible(name: "Other Bible")
    try await store.createAll(bibleID: other.bibleID)
    let (opened, exported) = try await store.writer.read { db in
      (
        try Int.fetchOne(db, sql: "SELECT count(*) FROM Chapters WHERE itemRecsCreated")!,
        try Int.fetchOne(
          db, sql: "SELECT count(*) FROM Chapters WHERE itemRecsCreated AND bibleID = ?", arguments: [bible.bibleID])!
      )
    }
    #expect(!PrintedItems.scanPays(chapters: exported, opened: opened))
    let again = try await store.exportBible(bibleID: bible.bibleID).map { "=== \($0.fileName)\n\($0.text)" }.joined()
    #expect(again == recorded)
    #expect(try await store.exportBible(bibleID: other.bibleID).count == 66)
  }

  /// Each book is handed to its writer once its last opened chapter is read; chapters opened in a
  /// random order across books (so a book's chapters are not next to each other in the table)
  /// must all reach their book's file, and each file must be what exporting the book alone gives.
  @Test(arguments: [1, 2, 3]) func chaptersOpenedInAnyOrderAllReachTheirBooksFile(seed: UInt64) async throws {
    let store = try KeyItStore.inMemory()
    _ = try await store.createBible(name: "Order Bible")
    var random = SeededGenerator(seed: seed)
    let chapters = [("GEN", 1), ("GEN", 50), ("RUT", 2), ("RUT", 4), ("PSA", 119), ("PSA", 1), ("REV", 22), ("MAT", 5)]
      .shuffled(using: &random)
    for (code, number) in chapters {
      let content = try await store.openChapter(bibleID: nil, code: code, chapter: number)
      try await store.type([1: "mark \(code) \(number)"], in: content)
    }
    let files = try await store.exportBible(bibleID: nil)
    #expect(files.count == 66)
    for (code, number) in chapters {
      let file = try #require(files.first { $0.text.hasPrefix("\\id \(code)") })
      #expect(file.text.contains("\\v 1 mark \(code) \(number)\n"), "\(code) \(number)")
      #expect(file.text == (try await store.exportBook(bibleID: nil, code: code)))
    }
  }
}
