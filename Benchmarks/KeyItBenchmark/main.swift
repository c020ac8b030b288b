// Key It benchmark: our work against a named peer measured in the same run, reported as medians
// and ratios (never as timed assertions). Run from the repository root: `make bench`.
import BenchmarkSupport
import Foundation
import KeyIt

let runs = Int(ProcessInfo.processInfo.environment["RUNS"] ?? "") ?? 7
let root = FileManager.default.currentDirectoryPath
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("keyit-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

/// A new database path in the scratch folder.
func freshPath() -> String { scratch.appendingPathComponent("\(UUID().uuidString).sqlite").path }

// (a) create-all against the sqlite3 CLI inserting the same rows in one transaction.
let schemaPath = freshPath()
_ = try KeyItStore(path: schemaPath)
let schema = try run("/usr/bin/sqlite3", ["-cmd", ".timeout 5000", schemaPath, ".schema"]).split(separator: "\n")
  .filter { !$0.contains("sqlite_sequence") }.joined(separator: "\n")
var sql =
  "PRAGMA journal_mode=WAL;\n" + schema
  + "\nBEGIN;\nINSERT INTO Bibles (bibleID, name, bookRecsCreated, currBook, frenchPsalms, uid) VALUES (1, 'Bench', 1, 0, 0, 'b1');\n"
var chapterID = 0
for book in BookCatalog.standard.books {
  sql +=
    "INSERT INTO Books (bibleID, bookID, bookCode, bookName, chapRecsCreated, numChaps, currChapter) "
    + "VALUES (1, \(book.number), '\(book.code)', '\(book.name)', 1, \(book.chapters.count), 0);\n"
  for (index, chapter) in book.chapters.enumerated() {
    chapterID += 1
    let ascription = chapter.mayHaveAscription ? 1 : 0
    sql +=
      "INSERT INTO Chapters (chapterID, bibleID, bookID, chapterNumber, itemRecsCreated, numVerses, numItems, currItem, uid) "
      + "VALUES (\(chapterID), 1, \(book.number), \(index + 1), 1, \(chapter.verseCount), \(chapter.verseCount + ascription), 0, 'c\(chapterID)');\n"
    if ascription == 1 {
      sql +=
        "INSERT INTO VerseItems (chapterID, verseNumber, itemType, itemOrder, itemText, intSeq, isStartOfBridge, lastVsOfBridge, uid) VALUES (\(chapterID), 1, 'Ascription', 75, '', 0, 0, 0, 'c\(chapterID)a');\n"
    }
    for verse in 1...chapter.verseCount {
      sql +=
        "INSERT INTO VerseItems (chapterID, verseNumber, itemType, itemOrder, itemText, intSeq, isStartOfBridge, lastVsOfBridge, uid) VALUES (\(chapterID), \(verse), 'Verse', \(verse * 100), '', 0, 0, 0, 'c\(chapterID)v\(verse)');\n"
    }
  }
}
sql += "COMMIT;\n"
let sqlFile = scratch.appendingPathComponent("create-all.sql")
try sql.write(to: sqlFile, atomically: true, encoding: .utf8)

let peerCreate = try await median(runs: runs) { try run("/usr/bin/sqlite3", ["-bail", freshPath()], stdin: sqlFile) }
let ourCreate = try await median(runs: runs) {
  let store = try KeyItStore(path: freshPath())
  _ = try await store.createBible(name: "Bench")
  try await store.createAll(bibleID: nil)
}

// (b) importing WEB Ruth and 1 John against usfm-grammar merely parsing them.
let files = ["09-RUTeng-web.usfm", "92-1JNeng-web.usfm"].map { "\(root)/Tests/Fixtures/usfm/\($0)" }
let inputs = try files.map { (name: $0, text: try String(contentsOfFile: $0, encoding: .utf8)) }
let peerParse = Double(
  try run(
    "\(root)/.venv/bin/python", ["\(root)/Benchmarks/usfm_grammar_parse.py", String(runs)] + files
  ).trimmingCharacters(in: .whitespacesAndNewlines))!
let importStore = try KeyItStore(path: freshPath())
_ = try await importStore.createBible(name: "Bench")
let ourImport = try await median(runs: runs) { _ = try await importStore.importUSFM(inputs, bibleID: nil) }
let ourParse = try await median(runs: runs) { _ = try importStore.parseUSFM(inputs) }

// (c) exporting the whole Bible (every chapter created, Ruth and 1 John with text).
try await importStore.createAll(bibleID: nil)
var bytes = 0
let ourExport = try await median(runs: runs) {
  bytes = try await importStore.exportBible(bibleID: nil).reduce(0) { $0 + $1.text.utf8.count }
}

func row(_ name: String, _ ours: Double, _ peerName: String, _ peer: Double, goal: String) -> String {
  String(format: "| %@ | %.1f ms | %@ | %.1f ms | %.2f× | %@ |", name, ours, peerName, peer, ours / peer, goal)
}
print("Key It benchmark — medians of \(runs) runs, measured in one process run")
print("| work | Key It | peer | peer time | ratio | goal |")
print("|---|---|---|---|---|---|")
print(
  row(
    "create-all (66 books, 1,189 chapters, 31,218 items)", ourCreate, "sqlite3 CLI, same rows, one transaction",
    peerCreate, goal: "≤ 1.5×"))
print(row("import WEB Ruth + 1 John (parse + store)", ourImport, "usfm-grammar parse only", peerParse, goal: "≤ 1×"))
print(row("parse WEB Ruth + 1 John only", ourParse, "usfm-grammar parse only", peerParse, goal: "—"))
print(String(format: "| export whole Bible (66 files, %d KB) | %.1f ms | — | — | — | — |", bytes / 1024, ourExport))
