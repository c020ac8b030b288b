// ShareSynch's speed against the seed's table 4.1, measured in the core on a generated series:
// 4 sermons of 300 slides (notes in two languages, every slide its own small picture), installed
// from a package into a temporary data folder. Each row is the median of RUNS runs (default 7);
// the goal is at most 1/20 of the seed's maximum.
import BenchmarkSupport
import Foundation
import ShareSynch

let runs = Int(ProcessInfo.processInfo.environment["RUNS"] ?? "") ?? 7
let base = FileManager.default.temporaryDirectory.appendingPathComponent("sharesynch-bench-\(UUID().uuidString)")
let source = base.appendingPathComponent("series")
try FileManager.default.createDirectory(at: source.appendingPathComponent("media"), withIntermediateDirectories: true)

let slideCount = 300
let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
/// An MP4's first box (`ftyp`, brand isom), 24 bytes.
let mp4FileType: [UInt8] = [0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomavc1".utf8)
var sermons: [[String: Any]] = []
for sermon in 1...4 {
  var slides: [[String: Any]] = []
  for number in 1...slideCount {
    let path = "media/s\(sermon)-\(number).png"
    // A PNG's signature, then bytes: the packer checks what a file is by its first bytes.
    try Data(pngSignature + (8..<4_096).map { UInt8(truncatingIfNeeded: $0 &* number &+ sermon) }).write(
      to: source.appendingPathComponent(path))
    slides.append([
      "id": "s\(number)", "kind": number == slideCount ? "appeal" : "image",
      "resource": number == slideCount ? NSNull() : path as Any,
      "notes": [
        "en": "<p><b>Point \(number).</b> " + String(repeating: "Words for the speaker to say. ", count: 12)
          + "</p><ul><li>one</li><li>two</li></ul>",
        "es": "<p>Punto \(number). " + String(repeating: "Palabras para el predicador. ", count: 12) + "</p>",
      ],
    ])
  }
  slides[slideCount - 1].removeValue(forKey: "resource")
  sermons.append([
    "id": "sermon-\(sermon)", "title": ["en": "Sermon \(sermon)"], "appeal": ["type": "vocal", "song": "song"],
    "slides": slides,
  ])
}
try Data(mp4FileType + (24..<65_536).map { UInt8(truncatingIfNeeded: $0) }).write(
  to: source.appendingPathComponent("media/appeal.mp4"))
let series: [String: Any] = [
  "id": "bench", "name": "Benchmark", "slideLanguages": ["en", "es"], "noteLanguages": ["en", "es"],
  "songs": [["id": "song", "name": "Song", "vocal": "media/appeal.mp4"]], "sermons": sermons,
]
try JSONSerialization.data(withJSONObject: series).write(to: source.appendingPathComponent("series.json"))
let package = base.appendingPathComponent("bench.sspkg")
try SeriesPackage.pack(folder: source, to: package)

let database = base.appendingPathComponent("data/sharesynch.sqlite")
let seriesRoot = base.appendingPathComponent("data/media/sharesynch/series")
try FileManager.default.createDirectory(at: seriesRoot, withIntermediateDirectories: true)
var store = try ShareSynchStore(path: database.path, seriesRoot: seriesRoot)
let installStart = ContinuousClock.now
_ = try await store.install(package)
let installTime = milliseconds(ContinuousClock.now - installStart)
_ = try await store.createVariation(series: "bench", name: "Working")
let sermon = "sermon-2"
var ids = try await store.slides(series: "bench", sermon: sermon).map(\.id)

nonisolated(unsafe) var rows: [(String, Double, Double)] = []
func row(_ name: String, seedMaximum: Double, _ body: () async throws -> Void) async throws {
  rows.append((name, try await median(runs: runs, body), seedMaximum))
}

var flip = false
try await row("save order/visibility (move a slide, hide 10)", seedMaximum: 250) {
  flip.toggle()
  try await store.apply(.move(slide: ids[5], to: flip ? 250 : 5), series: "bench", sermon: sermon)
  try await store.apply(
    .visibility(slides: Array(ids[20..<30]), hidden: Array(repeating: flip, count: 10)), series: "bench", sermon: sermon
  )
}
var edit = 0
try await row("save note edits", seedMaximum: 250) {
  edit += 1
  try await store.apply(
    .notes(slide: ids[edit % ids.count], language: "en", html: "<b>Edited</b> \(edit)"), series: "bench", sermon: sermon
  )
}
try await row("start-up (open the store, list series and variations)", seedMaximum: 2_000) {
  store = try ShareSynchStore(path: database.path, seriesRoot: seriesRoot)
  _ = try await store.series()
  _ = try await store.variations(series: "bench")
}
try await row("load series details (manifest, sermons, variations)", seedMaximum: 2_000) {
  let fresh = try ShareSynchStore(path: database.path, seriesRoot: seriesRoot)
  _ = try fresh.manifest("bench").sermons.map(\.title)
  _ = try await fresh.variations(series: "bench")
}
try await row("save new slides (duplicate a slide, then remove it)", seedMaximum: 2_000) {
  let undo = try await store.duplicate(ids[10], series: "bench", sermon: sermon)
  try await store.apply(undo, series: "bench", sermon: sermon)
}
var variation = 0
try await row("create a variation (4 × 300 slides)", seedMaximum: 5_000) {
  variation += 1
  _ = try await store.createVariation(series: "bench", name: "Copy \(variation)")
}
try await row("restore a sermon (reset 300 slides)", seedMaximum: 7_000) {
  try await store.reset(series: "bench", sermon: sermon)
}
ids = try await store.slides(series: "bench", sermon: sermon).map(\.id)
try await row("load a sermon (300 slides in the languages, engine ready)", seedMaximum: 10_000) {
  let slides = try await store.slides(series: "bench", sermon: sermon)
  _ = PresentationEngine(slides: slides.map(\.presentation), appeal: AppealSetting(type: .vocal, song: "song"))
}

print("Against the seed's table 4.1: 300-slide sermons, median of \(runs) runs.")
print(String(format: "Install of the 4-sermon, 1,201-file package: %.0f ms, once.\n", installTime))
print("| work | measured | seed's maximum | goal: 1/20 of it | ratio to the maximum |")
print("|---|---|---|---|---|")
for (name, time, maximum) in rows {
  print(
    "| \(name) | \(ms(time)) | \(Int(maximum)) ms | \(ms(maximum / 20)) | 1/\(Int((maximum / time).rounded())) "
      + "\(time <= maximum / 20 ? "✓" : "✗") |")
  printGoal(
    "ShareSynch: \(name) (median)", ours: ms(time), peer: "the seed's maximum \(Int(maximum)) ms",
    ratio: "1/\(Int((maximum / time).rounded()))", goal: "≤ 1/20", met: time <= maximum / 20)
}
try? FileManager.default.removeItem(at: base)
