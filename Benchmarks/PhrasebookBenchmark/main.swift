// Phrasebook benchmark: search-as-you-type against the bare FTS5 query, importing a 100,000-pair
// JSON file, and FSRS scheduling against py-fsrs, all in one run. Reports medians, p99s and
// ratios, never timed assertions. Run from the repository root: `make bench`.
import AppSupport
import BenchmarkSupport
import Foundation
import GRDB
import Phrasebook
import TestSupport

/// Which parts to run besides the import (which makes their data): `PARTS=search,fsrs` by default.
let parts = Set((ProcessInfo.processInfo.environment["PARTS"] ?? "search,fsrs").split(separator: ",").map(String.init))
let pairCount = Int(ProcessInfo.processInfo.environment["PAIRS"] ?? "") ?? 100_000
let root = FileManager.default.currentDirectoryPath
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("phrasebook-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

var random = SeededGenerator(seed: 2026)

/// A made-up word of 1–3 syllables from Welsh-looking pieces (accents and digraphs included).
func word(_ random: inout SeededGenerator) -> String {
  let onsets = ["b", "c", "ch", "d", "dd", "f", "ff", "g", "ll", "m", "n", "p", "rh", "s", "t", "th", "w"]
  let vowels = ["a", "e", "i", "o", "u", "w", "y", "â", "ŵ", "ŷ", "ae", "wy"]
  return (0..<Int.random(in: 1...3, using: &random)).map { _ in
    onsets.randomElement(using: &random)! + vowels.randomElement(using: &random)!
  }.joined()
}

// (a) Import a 100,000-pair JSON file, against the sqlite3 CLI storing the same (`importPeerScript`).
let tags = ["food", "nature", "time", "home", "travel", "body", "family", "work"]
var seen = Set<String>()
var objects: [[String: Any]] = []
while objects.count < pairCount {
  let one = word(&random) + " " + word(&random)
  let two = word(&random)
  guard seen.insert(one + "\u{1F}" + two).inserted else { continue }
  objects.append([
    "wordone": one, "wordtwo": two, "type": "noun", "area": ["North", "South", "Both"].randomElement(using: &random)!,
    "tags": [tags.randomElement(using: &random)!],
  ])
}
let jsonFile = scratch.appendingPathComponent("pairs.json")
try JSONSerialization.data(withJSONObject: objects).write(to: jsonFile)
let json = try Data(contentsOf: jsonFile)
let databasePath = scratch.appendingPathComponent("phrasebook.sqlite").path
let store = try PhrasebookStore(path: databasePath)
let book = try await store.createPhrasebook(name: "Bench", languages: "en:English,cy:Welsh")
// The peer starts from a copy of the same database, the phrasebook made and no pairs yet.
let emptyPath = scratch.appendingPathComponent("empty.sqlite").path
try DatabaseQueue(path: databasePath).inDatabase { db in try db.execute(sql: "VACUUM INTO ?", arguments: [emptyPath]) }
let peerScript = scratch.appendingPathComponent("import.sql")
try importPeerScript(objects, book: book).write(to: peerScript, atomically: true, encoding: .utf8)

let importStart = ContinuousClock.now
let report = try await store.importPairs(json, format: .json)
let importTime = milliseconds(ContinuousClock.now - importStart)
precondition(report.added.count == pairCount, "import added \(report.added.count)")

let peerPath = scratch.appendingPathComponent("peer.sqlite").path
try FileManager.default.copyItem(atPath: emptyPath, toPath: peerPath)
let peerStart = ContinuousClock.now
try run("/usr/bin/sqlite3", ["-bail", peerPath], stdin: peerScript)
let peerImportTime = milliseconds(ContinuousClock.now - peerStart)
let peerCount = try run(
  "/usr/bin/sqlite3", [peerPath, "SELECT count(*) FROM PairSearch WHERE PairSearch MATCH 'food'"])
let ourCount = try run(
  "/usr/bin/sqlite3", [databasePath, "SELECT count(*) FROM PairSearch WHERE PairSearch MATCH 'food'"])
precondition(peerCount == ourCount, "the peer indexed \(peerCount) pairs tagged food, we \(ourCount)")

func format(_ value: Double) -> String { String(format: "%.3f", value) }
let importRatio = importTime / peerImportTime
print("\(pairCount) generated pairs, one process run.")
print("")
print("| work | Phrasebook | peer, same run | ratio | goal |")
print("|---|---|---|---|---|")
print(
  "| import a \(json.count / 1024) KiB JSON file of \(pairCount) pairs | \(format(importTime / 1000)) s | "
    + "sqlite3 CLI, the same rows and index in one transaction: \(format(peerImportTime / 1000)) s | "
    + "\(String(format: "%.2f", importRatio))× | ≤ 2× |")
print("")
printGoal(
  "Phrasebook import, \(pairCount) pairs", ours: "\(format(importTime / 1000)) s",
  peer: "sqlite3 CLI \(format(peerImportTime / 1000)) s", ratio: String(format: "%.2f×", importRatio), goal: "≤ 2×",
  met: importRatio <= 2)

if parts.contains("search") {
  // (b) Search as you type: 1–4 letter prefixes of real words. The core call the screen makes (the
  // first 50 matches, exact diacritics first, alphabetical, with tags and the total) and the call that
  // returns every match, against the bare FTS5 query returning every matching rowid.
  let bare = try DatabaseQueue(path: databasePath)
  let words = objects.map { $0["wordtwo"] as! String }
  var ours: [Int: [Double]] = [:]
  var oursCPU: [Int: [Double]] = [:]
  var capped: [Int: Int] = [:]
  var everything: [Int: [Double]] = [:]
  var peer: [Int: [Double]] = [:]
  var results: [Int: [Int]] = [:]
  // The page's figures come from rounds of 1,000 prefixes of each length: from 100, a p99 is the
  // second-slowest search. Its p99 is the median of the rounds' p99s, as the autosave's is: one
  // round's p99 moves with whatever else this shared machine did in that second or two, while a
  // prefix slow in the code is slow in every round. (0 stands for every length.)
  let pageRounds = 3
  var roundP99s: [Int: [Double]] = [:]
  /// A page for a random prefix of `length` letters, with its wall and processor time (ms).
  func timedPage(_ length: Int) async throws -> (page: SearchPage, time: Double, cpu: Double) {
    let prefix = String(words.randomElement(using: &random)!.prefix(length))
    return try await timedSearchPage(store, prefix)
  }
  // What the machine alone adds to a p99: plain arithmetic of the page's median, timed in turn with
  // each page, so that both meet the same moments of the host (-1 in `roundP99s`).
  var arithmetic = PlainArithmetic()
  let warmUps = 400
  for round in 0..<warmUps { arithmetic.timed(after: try await timedPage(round % 4 + 1).time) }
  for _ in 0..<pageRounds {
    var times: [Int: [Double]] = [:]
    for round in 0..<4_000 {
      let length = round % 4 + 1
      let (page, time, cpu) = try await timedPage(length)
      times[length, default: []].append(time)
      times[0, default: []].append(time)
      ours[length, default: []].append(time)
      oursCPU[length, default: []].append(cpu)
      if page.capped { capped[length, default: 0] += 1 }
      arithmetic.timed(after: time)
      times[-1, default: []].append(arithmetic.times.last!)
    }
    for (length, times) in times { roundP99s[length, default: []].append(percentile(times, 0.99)) }
  }
  /// The median of the rounds' p99s of the page, for prefixes of `length` letters (0: every length;
  /// -1: the arithmetic).
  func pageP99(_ length: Int) -> Double { percentile(roundP99s[length]!, 0.5) }
  // Every match, and the bare query, for 100 prefixes of each length; each page is checked
  // against every match.
  for round in 0..<400 {
    let length = round % 4 + 1
    let prefix = String(words.randomElement(using: &random)!.prefix(length))
    let page = try await store.searchPage(prefix, limit: 50)
    let allStart = ContinuousClock.now
    let found = try await store.search(prefix)
    everything[length, default: []].append(milliseconds(ContinuousClock.now - allStart))
    precondition(
      (page.capped ? found.count > page.total : page.total == found.count) && page.pairs == Array(found.prefix(50)),
      "the page of \(prefix) is not the first 50 of every match")
    // The book is Welsh, so search also tries the radicals the prefix may be a mutation of: the
    // bare query asks for the same forms.
    let forms = [prefix] + WelshMutation.radicals(of: prefix).map(\.radical)
    let query = forms.count == 1 ? "\"\(prefix)\"*" : "(" + forms.map { "\"\($0)\"*" }.joined(separator: " OR ") + ")"
    let bareStart = ContinuousClock.now
    let ids = try await bare.read { db in
      try Int64.fetchAll(db, sql: "SELECT rowid FROM PairSearch WHERE PairSearch MATCH ?", arguments: [query])
    }
    peer[length, default: []].append(milliseconds(ContinuousClock.now - bareStart))
    precondition(ids.count == found.count, "core \(found.count) vs bare \(ids.count) for \(prefix)")
    results[length, default: []].append(found.count)
  }

  print(
    "Search as you type, ms, prefixes of real words: **page** is the core call the screen makes (the "
      + "first 50 matches with the total, counted up to 1,000; \(pageRounds) rounds of 1,000 prefixes of each "
      + "length; timed off the main actor, as a route calls it), its **p99** the median of the rounds' p99s "
      + "and **pooled p99** that of all of them at once; "
      + "**CPU** its processor time, **capped** how many of those totals read \"more than 1,000\"; **all** the "
      + "call returning every match, **bare** the bare FTS5 query returning every matching rowid (100 prefixes "
      + "of each length, each page checked against every match).")
  print("")
  print(
    "| prefix | matches (median) | capped | page p50 | page p99 | page pooled p99 | CPU p50 | CPU p99 | all p50 | all p99 | bare p50 | bare p99 | page p99 ÷ bare p99 |"
  )
  print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
  func row(
    _ label: String, _ count: Double, _ capped: Int, _ page: [Double], _ p99: Double, _ cpu: [Double],
    _ all: [Double], _ fts: [Double]
  ) {
    let cells =
      [percentile(page, 0.5), p99, percentile(page, 0.99)]
      + [cpu, all, fts].flatMap { [percentile($0, 0.5), percentile($0, 0.99)] }
    print(
      "| \(label) | \(Int(count)) | \(capped) | " + cells.map { String(format: "%.2f", $0) }.joined(separator: " | ")
        + " | \(String(format: "%.1f", p99 / percentile(fts, 0.99)))× |")
  }
  for length in 1...4 {
    row(
      "\(length) letter\(length == 1 ? "" : "s")", percentile(results[length]!.map(Double.init), 0.5),
      capped[length] ?? 0, ours[length]!, pageP99(length), oursCPU[length]!, everything[length]!, peer[length]!)
  }
  row(
    "all", percentile(results.values.flatMap { $0 }.map(Double.init), 0.5), capped.values.reduce(0, +),
    ours.values.flatMap { $0 }, pageP99(0), oursCPU.values.flatMap { $0 }, everything.values.flatMap { $0 },
    peer.values.flatMap { $0 })
  print("")
  let arithmeticTimes = arithmetic.settled(after: warmUps)
  print(
    String(
      format: "Plain arithmetic of the page's median, timed in turn with each page: p50 %.2f ms, p99 %.2f ms "
        + "(median of the rounds' p99s), pooled p99 %.2f ms.", percentile(arithmeticTimes, 0.5), pageP99(-1),
      percentile(arithmeticTimes, 0.99)))
  print("")
  for length in 1...4 {
    let (page, bare) = (pageP99(length), percentile(peer[length]!, 0.99))
    printGoal(
      "Phrasebook search page, \(length)-letter prefixes, \(pairCount) pairs (p99, median of \(pageRounds) rounds)",
      ours: ms(page),
      peer: "bare FTS5 rowid query \(ms(bare)); "
        + plainArithmeticText(p50: percentile(arithmeticTimes, 0.5), p99: pageP99(-1)),
      ratio: String(format: "%.2f× (%.2f× the arithmetic)", page / bare, page / pageP99(-1)), goal: "≤ 2 ms",
      met: page <= 2)
  }
}

if parts.contains("fsrs") {
  // (c) Schedule 100,000 reviews against py-fsrs on the same sequences.
  struct Review: Codable {
    let rating: Int
    let at: Double
  }
  let sequences: [[Review]] = (0..<10_000).map { _ in
    var at = 1_767_225_600.0 + Double(Int.random(in: 0..<86_400, using: &random))
    return (0..<10).map { _ in
      defer { at += Double(Int.random(in: 60...(40 * 86_400), using: &random)) }
      return Review(rating: Int.random(in: 1...4, using: &random), at: at)
    }
  }
  let sequenceFile = scratch.appendingPathComponent("reviews.json")
  try JSONEncoder().encode(sequences).write(to: sequenceFile)
  struct PeerResult: Decodable {
    let seconds: Double
    let reviews: Int
    let finals: [[Double]]
  }
  let peerResult = try JSONDecoder().decode(
    PeerResult.self,
    from: Data(try run("\(root)/.venv/bin/python", ["\(root)/Benchmarks/fsrs_throughput.py"], stdin: sequenceFile).utf8)
  )
  let scheduler = FSRSScheduler()
  let prepared = sequences.map { $0.map { (Rating(rawValue: $0.rating)!, Date(timeIntervalSince1970: $0.at)) } }
  var finals: [CardSchedule] = []
  finals.reserveCapacity(prepared.count)
  let fsrsStart = ContinuousClock.now
  for sequence in prepared {
    var card = CardSchedule.new(due: sequence[0].1)
    for (rating, at) in sequence { card = scheduler.review(card, rating: rating, at: at) }
    finals.append(card)
  }
  let fsrsSeconds = milliseconds(ContinuousClock.now - fsrsStart) / 1000
  var disagreements = 0
  for (card, expected) in zip(finals, peerResult.finals) {
    let same =
      Double(card.state.rawValue) == expected[0] && abs(card.stability! - expected[1]) <= 1e-9 * expected[1]
      && abs(card.difficulty! - expected[2]) <= 1e-9 * expected[2]
      && abs(card.due.timeIntervalSince1970 - expected[3]) < 1
    if !same { disagreements += 1 }
  }

  let speedup = peerResult.seconds / fsrsSeconds
  print("| work | ours | py-fsrs, same run | ratio | goal |")
  print("|---|---|---|---|---|")
  print(
    "| FSRS-6: \(peerResult.reviews) reviews (10,000 cards × 10) | \(format(fsrsSeconds)) s "
      + "(\(Int(Double(peerResult.reviews) / fsrsSeconds)) reviews/s) | \(format(peerResult.seconds)) s "
      + "(\(Int(Double(peerResult.reviews) / peerResult.seconds)) reviews/s) | \(String(format: "%.1f", speedup))× its "
      + "throughput | ≥ 20× |")
  print("")
  print(
    "Results: \(finals.count - disagreements) of \(finals.count) cards identical to py-fsrs, \(disagreements) differ.")
  printGoal(
    "FSRS scheduling throughput", ours: "\(Int(Double(peerResult.reviews) / fsrsSeconds)) reviews/s",
    peer: "py-fsrs \(Int(Double(peerResult.reviews) / peerResult.seconds)) reviews/s",
    ratio: String(format: "%.1f×", speedup), goal: "≥ 20× and identical", met: speedup >= 20 && disagreements == 0)
}
