// Key It benchmark: our work against a named peer measured in the same run, reported as medians
// and ratios (never as timed assertions). Run from the repository root: `make bench`.
import BenchmarkSupport
import Foundation
import GRDB
import KeyIt

let runs = Int(ProcessInfo.processInfo.environment["RUNS"] ?? "") ?? 7
/// The imports' runs, ours and their peers' alike: a median of 7 imports of 20-odd ms moved by a
/// tenth between runs of the same code on this shared machine, as much as the goal's margin.
let importRuns = 3 * runs
let root = FileManager.default.currentDirectoryPath
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("keyit-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

/// A new database path in the scratch folder.
func freshPath() -> String { scratch.appendingPathComponent("\(UUID().uuidString).sqlite").path }

/// The USFM files at `paths`, as an import takes them.
func usfmInputs(_ paths: [String]) throws -> [(name: String, text: String)] {
  try paths.map { (name: $0, text: try String(contentsOfFile: $0, encoding: .utf8)) }
}

/// The times of `runs` imports of `inputs` into `store`, each into a Bible made for it just before.
func newBibleImports(_ inputs: [(name: String, text: String)], into store: KeyItStore, runs: Int) async throws
  -> [Double]
{
  var times: [Double] = []
  for _ in 0..<runs {
    let bible = try await store.createBible(name: "Bench")
    times += try await wallTimes(runs: 1) { _ = try await store.importUSFM(inputs, bibleID: bible.bibleID) }
  }
  return times
}

/// The three WEB books the import and the export read.
let webBooks = ["09-RUTeng-web.usfm", "92-1JNeng-web.usfm", "94-3JNeng-web.usfm"].map {
  "\(root)/Tests/Fixtures/usfm/\($0)"
}

/// (c) Exporting the whole Bible (every chapter created; Ruth, 1 John, 3 John and Psalms with
/// text): the times, and the size of the files.
func exportFigures() async throws -> (times: Spread, bytes: Int) {
  let store = try KeyItStore(path: freshPath())
  _ = try await store.createBible(name: "Bench")
  try await store.createAll(bibleID: nil)
  _ = try await store.importUSFM(
    try usfmInputs(webBooks + ["\(root)/Benchmarks/Fixtures/20-PSAeng-web.usfm"]), bibleID: nil)
  var bytes = 0
  let times = try await wallTimes(runs: runs) {
    bytes = try await store.exportBible(bibleID: nil).reduce(0) { $0 + $1.text.utf8.count }
  }
  return (Spread(times), bytes)
}

// `EXPORT_ONLY=1`: the export alone, to profile it (under callgrind, say) without the rest.
if ProcessInfo.processInfo.environment["EXPORT_ONLY"] != nil {
  let (export, bytes) = try await exportFigures()
  print(
    String(format: "export the whole Bible (%d KB): p50 %.1f ms, p99 %.1f ms", bytes / 1024, export.p50, export.p99))
  try? FileManager.default.removeItem(at: scratch)
  exit(0)
}

// `WEB_LOOP=N`: N imports of the WEB books, each into a new Bible, to profile them.
if let loops = Int(ProcessInfo.processInfo.environment["WEB_LOOP"] ?? "") {
  let times = try await newBibleImports(
    try usfmInputs(webBooks), into: try KeyItStore(path: freshPath()), runs: loops)
  print(String(format: "WEB books into a new Bible: p50 %.3f ms", Spread(times).p50))
  try? FileManager.default.removeItem(at: scratch)
  exit(0)
}

// `IMPORT_ONLY=1`: the imports alone, to profile them.
if ProcessInfo.processInfo.environment["IMPORT_ONLY"] != nil {
  for (name, paths) in [
    ("WEB Ruth + 1 John + 3 John", webBooks), ("WEB Psalms", ["\(root)/Benchmarks/Fixtures/20-PSAeng-web.usfm"]),
  ] {
    let figures = try await importFigures(paths)
    print(
      name
        + String(
          format: ": new Bible p50 %.2f ms, again p50 %.2f ms, parse p50 %.2f ms, SQLite storing the rows %.2f ms, "
            + "usfm-grammar p50 %.2f ms", figures.new.p50, figures.again.p50, figures.parse.p50, figures.engine.p50,
          figures.peer.p50))
  }
  try? FileManager.default.removeItem(at: scratch)
  exit(0)
}

// `AUTOSAVE_ONLY=1`: the store's text save alone (no HTTP), on the verses of Psalm 119 in turn as
// the web benchmark saves them, to profile what a save costs in the core; and how long the
// write-ahead log grew.
if ProcessInfo.processInfo.environment["AUTOSAVE_ONLY"] != nil {
  let path = freshPath()
  let store = try KeyItStore(path: path)
  // Naming the Bible, as the edit screen's saves do.
  let bible = try await store.createBible(name: "Bench").bibleID
  let psalm = try await store.chapter(bibleID: bible, code: "PSA", chapter: 119)
  let verses = psalm.items.filter { $0.itemType == .verse }.map(\.itemID!)
  var saves = 0
  let times = try await wallTimes(runs: runs * 1000) {
    saves += 1
    _ = try await store.setText(
      bibleID: bible, itemID: verses[saves % verses.count], text: "Blessed are those whose ways are blameless \(saves)")
  }
  let spread = Spread(times)
  let log = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int ?? 0
  print(
    String(
      format: "store.setText, %d saves: p50 %.3f ms, p99 %.3f ms; the log's file %.1f MB", times.count, spread.p50,
      spread.p99, Double(log) / 1e6))
  try? FileManager.default.removeItem(at: scratch)
  exit(0)
}

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
        "INSERT INTO VerseItems (chapterID, verseNumber, itemType, itemOrder, itemText, intSeq, isStartOfBridge, lastVsOfBridge, uid) VALUES (\(chapterID), 1, 'Ascription', 75, '', 0, 0, 0, '/a');\n"
    }
    for verse in 1...chapter.verseCount {
      sql +=
        "INSERT INTO VerseItems (chapterID, verseNumber, itemType, itemOrder, itemText, intSeq, isStartOfBridge, lastVsOfBridge, uid) VALUES (\(chapterID), \(verse), 'Verse', \(verse * 100), '', 0, 0, 0, '/v\(verse)');\n"
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

// (b) importing the WEB books of Tests/Fixtures/usfm (those of /work/shared/data) and a whole Psalms,
// against usfm-grammar merely parsing them: into a new Bible each run, then again over themselves.
/// p50 and p99 in milliseconds.
struct Spread {
  let p50: Double
  let p99: Double
  init(_ times: [Double]) { (p50, p99) = (percentile(times, 0.5), percentile(times, 0.99)) }
  init(_ line: String) {
    let values = line.split(separator: " ").map { Double($0.trimmingCharacters(in: .whitespacesAndNewlines))! }
    (p50, p99) = (values[0], values[1])
  }
}

/// The rows an import of `inputs` into a new Bible writes (its chapters, items, bridge steps and
/// change log), stored again on a copy of the database before it, in one transaction:
/// - `cli`: by the sqlite3 CLI from `INSERT` statements, the plain SQL way;
/// - `engine`: by SQLite itself, `INSERT … SELECT` from the imported database, durable, in WAL,
///   through the file layer the store's database has (`CWALWrites`, default once a store is open)
///   and with the page cache the store's import uses (a `WHERE` makes SQLite write row by row, never
///   copy pages whole), in the order the import wrote them, warm as the store is (its log already
///   made, the pages the rows go into already read): storing them without parsing a statement or
///   binding a value for each row, the floor of any import;
/// - `engineWithoutLog`: the same without the change log's rows, run by run beside `engine`: what
///   the team sync's record of the import costs of that floor.
func storePeers(_ inputs: [(name: String, text: String)]) async throws -> (
  cli: Spread, engine: Spread, engineWithoutLog: Spread
) {
  let before = freshPath()
  let store = try KeyItStore(path: before)
  let bible = try await store.createBible(name: "Bench")
  let empty = freshPath()
  _ = try run("/usr/bin/sqlite3", ["-cmd", ".timeout 5000", before, "VACUUM INTO '\(empty)'"])
  _ = try await store.importUSFM(inputs, bibleID: bible.bibleID)
  let id = bible.bibleID!
  /// Each table's rows the import wrote, in the database `schema` names ("main" or "source").
  func written(in schema: String) -> [(table: String, filter: String)] {
    let chapters = "SELECT chapterID FROM \(schema).Chapters WHERE bibleID = \(id)"
    return [
      ("Chapters", "bibleID = \(id)"), ("VerseItems", "chapterID IN (\(chapters))"),
      ("BridgeItems", "itemID IN (SELECT itemID FROM \(schema).VerseItems WHERE chapterID IN (\(chapters)))"),
      ("KeyItChanges", "bibleID = \(id) AND seq > (SELECT MIN(seq) FROM \(schema).KeyItChanges WHERE bibleID = \(id))"),
    ]
  }
  var script = "BEGIN;\n"
  for (table, filter) in written(in: "main") {
    script += try run(
      "/usr/bin/sqlite3",
      ["-cmd", ".timeout 5000", before, ".mode insert \(table)", "SELECT * FROM \(table) WHERE \(filter)"])
  }
  script += "COMMIT;\n"
  let scriptFile = scratch.appendingPathComponent("store-\(UUID().uuidString).sql")
  try script.write(to: scriptFile, atomically: true, encoding: .utf8)
  let cli = Spread(
    try await wallTimes(runs: importRuns) {
      let copy = freshPath()
      try FileManager.default.copyItem(atPath: empty, toPath: copy)
      try run("/usr/bin/sqlite3", ["-bail", copy], stdin: scriptFile)
    })
  /// SQLite storing the rows of `tables` into a fresh copy of the database before the import.
  func engineStoring(_ tables: [(table: String, filter: String)]) async throws -> Double {
    let copy = freshPath()
    try FileManager.default.copyItem(atPath: empty, toPath: copy)
    let queue = try DatabaseQueue(path: copy)
    return try await queue.writeWithoutTransaction { db in
      // With the page cache the store's import gives itself.
      try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA cache_size = -65536")
      try db.execute(sql: "ATTACH DATABASE ? AS source", arguments: [before])
      /// The rows stored in one transaction, ended as `completion` says.
      func store(_ completion: Database.TransactionCompletion) throws {
        try db.inTransaction {
          for (table, filter) in tables {
            // Read straight through the table, so in row id order, as the import wrote them: read
            // through an index on the chapter (the text ids' is one), each chapter's rows came in
            // another order, and each went into the table at a place of its own.
            try db.execute(
              sql: "INSERT INTO main.\(table) SELECT * FROM source.\(table) NOT INDEXED WHERE \(filter)")
          }
          return completion
        }
      }
      // Warm, as the store is when it imports: the log already created and its folder synced (by a
      // commit of its own), and the pages the rows go into already read (by storing them once and
      // rolling that back).
      try db.execute(sql: "PRAGMA user_version = 1")
      try store(.rollback)
      let start = ContinuousClock.now
      try store(.commit)
      return milliseconds(ContinuousClock.now - start)
    }
  }
  let fromSource = written(in: "source")
  var engine: [Double] = []
  var engineWithoutLog: [Double] = []
  for _ in 0..<importRuns {
    engine.append(try await engineStoring(fromSource))
    engineWithoutLog.append(try await engineStoring(fromSource.filter { $0.table != "KeyItChanges" }))
  }
  return (cli, Spread(engine), Spread(engineWithoutLog))
}

/// Our import (new Bible, and again over it) and parse, and usfm-grammar's parse, of `paths`.
func importFigures(_ paths: [String]) async throws -> (
  new: Spread, again: Spread, parse: Spread, peer: Spread, store: Spread, engine: Spread, engineWithoutLog: Spread
) {
  let inputs = try usfmInputs(paths)
  let peer = Spread(
    try run("\(root)/.venv/bin/python", ["\(root)/Benchmarks/usfm_grammar_parse.py", String(importRuns)] + paths))
  let store = try KeyItStore(path: freshPath())
  let fresh = try await newBibleImports(inputs, into: store, runs: importRuns)
  let again = try await wallTimes(runs: importRuns) { _ = try await store.importUSFM(inputs, bibleID: nil) }
  let parse = try await wallTimes(runs: importRuns) { _ = try store.parseUSFM(inputs) }
  let stored = try await storePeers(inputs)
  return (Spread(fresh), Spread(again), Spread(parse), peer, stored.cli, stored.engine, stored.engineWithoutLog)
}

let web = try await importFigures(webBooks)
let psalms = try await importFigures(["\(root)/Benchmarks/Fixtures/20-PSAeng-web.usfm"])

let (export, bytes) = try await exportFigures()

/// A table row: our p50/p99 against the peer's, the ratio of the medians.
func row(_ name: String, _ ours: Spread, _ peerName: String, _ peer: Spread?, goal: String) -> String {
  let mine = String(format: "%.1f / %.1f ms", ours.p50, ours.p99)
  guard let peer else { return "| \(name) | \(mine) | — | — | — | \(goal) |" }
  return "| \(name) | \(mine) | \(peerName) | "
    + String(format: "%.1f / %.1f ms | %.2f× | ", peer.p50, peer.p99, ours.p50 / peer.p50) + "\(goal) |"
}
let load =
  (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3)
  .joined(separator: " ") ?? "?"
print(
  "Key It benchmark — p50 / p99 of \(runs) runs (the imports and their peers: \(importRuns)), measured in one process "
    + "run, load average \(load)")
print("| work | Key It p50 / p99 | peer | peer p50 / p99 | ratio of p50s | goal |")
print("|---|---|---|---|---|---|")
print(
  row(
    "create-all (66 books, 1,189 chapters, 31,218 items)", Spread([ourCreate]),
    "sqlite3 CLI, same rows, one transaction",
    Spread([peerCreate]), goal: "≤ 1.5× (medians)"))
let grammar = "usfm-grammar parse only"
print(
  row("import WEB Ruth + 1 John + 3 John into a new Bible (parse + store)", web.new, grammar, web.peer, goal: "≤ 1×"))
print(row("… again over themselves", web.again, grammar, web.peer, goal: "≤ 1×"))
print(row("… parsing only", web.parse, grammar, web.peer, goal: "—"))
print(row("… the sqlite3 CLI storing the same rows in one transaction", web.store, grammar, web.peer, goal: "—"))
print(row("… SQLite itself storing the same rows (INSERT … SELECT, durable)", web.engine, grammar, web.peer, goal: "—"))
print(row("… the same without the change log's rows", web.engineWithoutLog, grammar, web.peer, goal: "—"))
print(row("import WEB Psalms into a new Bible (parse + store)", psalms.new, grammar, psalms.peer, goal: "≤ 1×"))
print(row("… again over itself", psalms.again, grammar, psalms.peer, goal: "≤ 1×"))
print(row("… parsing only", psalms.parse, grammar, psalms.peer, goal: "—"))
print(row("… the sqlite3 CLI storing the same rows in one transaction", psalms.store, grammar, psalms.peer, goal: "—"))
print(
  row(
    "… SQLite itself storing the same rows (INSERT … SELECT, durable)", psalms.engine, grammar, psalms.peer, goal: "—"))
print(row("… the same without the change log's rows", psalms.engineWithoutLog, grammar, psalms.peer, goal: "—"))
print(row("export the whole Bible (66 files, \(bytes / 1024) KB)", export, "", nil, goal: "≤ 50 ms"))

printGoal(
  "Key It create-all (p50)", ours: ms(ourCreate), peer: "sqlite3 CLI \(ms(peerCreate))",
  ratio: String(format: "%.2f×", ourCreate / peerCreate), goal: "≤ 1.5×", met: ourCreate <= 1.5 * peerCreate)
for (name, ours, figures) in [
  ("Key It USFM import, WEB Ruth + 1 John + 3 John, new Bible (p50)", web.new, web),
  ("Key It USFM import, WEB Ruth + 1 John + 3 John, again over themselves (p50)", web.again, web),
  ("Key It USFM import, WEB Psalms, new Bible (p50)", psalms.new, psalms),
  ("Key It USFM import, WEB Psalms, again over itself (p50)", psalms.again, psalms),
] {
  printGoal(
    name, ours: ms(ours.p50),
    peer:
      "usfm-grammar parsing \(ms(figures.peer.p50)); the sqlite3 CLI storing the same rows \(ms(figures.store.p50)); "
      + "SQLite itself storing them, warm, through the store's file layer, no statement parsed per row "
      + "\(ms(figures.engine.p50)) "
      + "(\(ms(figures.engineWithoutLog.p50)) without the change log's rows), "
      + "with our parse \(ms(figures.engine.p50 + figures.parse.p50))",
    ratio: String(format: "%.2f×", ours.p50 / figures.peer.p50), goal: "≤ 1×", met: ours.p50 <= figures.peer.p50)
}
printGoal(
  "Key It whole-Bible USFM export (p50 / p99)", ours: "\(ms(export.p50)) / \(ms(export.p99))", peer: "50 ms",
  ratio: String(format: "%.2f×", export.p50 / 50), goal: "≤ 50 ms", met: export.p50 <= 50)
