import Foundation
import Phrasebook

/// A phrasebook in memory for imports to land in; replaced every few hundred imports so it stays
/// small, its media folder removed with it.
private final class ImportSink {
  private var store: PhrasebookStore
  private var imports = 0

  init() async throws { store = try await Self.fresh() }

  func importPairs(_ bytes: [UInt8], format: TransferFormat) async {
    imports += 1
    if imports % 300 == 0, let fresh = try? await Self.fresh() {
      try? FileManager.default.removeItem(at: store.mediaFolder)
      store = fresh
    }
    _ = try? await store.importPairs(Data(bytes), format: format)
  }

  private static func fresh() async throws -> PhrasebookStore {
    let store = try PhrasebookStore.inMemory()
    _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh")
    return store
  }
}

/// The sample phrasebook exported in `format`: pairs with tags, context, area, notes, a picture.
private func exportedSample(_ format: TransferFormat) async throws -> [UInt8] {
  let store = try PhrasebookStore.inMemory()
  defer { try? FileManager.default.removeItem(at: store.mediaFolder) }
  _ = try await store.createPhrasebook(name: "Cymraeg", languages: "en:English,cy:Welsh")
  let inputs = [
    PairInput(wordOne: "dog", wordTwo: "ci", type: "noun", context: "animal", area: "Both", tags: ["animals"]),
    PairInput(wordOne: "house", wordTwo: "tŷ", note: "masculine", tags: ["home", "places"]),
    PairInput(wordOne: "now", wordTwo: "rŵan", area: "North", imageCredit: "me", imageLicence: "CC0"),
    PairInput(wordOne: "to run, \"quickly\"", wordTwo: "rhedeg\nyn gyflym"),
  ]
  var first: Int64?
  for input in inputs {
    let (saved, _) = try await store.save(input)
    first = first ?? saved.pair.id
  }
  if let first { _ = try await store.setImage(pairID: first, data: Samples.pictures[0]) }
  return Array(try await store.export(format: format))
}

/// Phrasebook's JSON import.
let pairsJSONTarget = FuzzTarget(
  "pairs-json", "Phrasebook JSON import (importPairs format json, in memory)",
  tokens: jsonTokens + [
    "\"wordone\"", "\"wordTwo\"", "\"tags\"", "\"tag\"", "\"pairs\"", "\"words\"", "\"image\"", "\"area\"",
    "\"imagelicence\"", "\"word_one\"", "[\"a\",1]",
  ],
  seeds: { _ in
    [
      try await exportedSample(.json),
      Array(#"{"pairs": [{"wordone": "cat", "wordtwo": "cath", "tags": ["animals", "pets"]}, {"wordOne": 1}]}"#.utf8),
      Array(#"[{"WordOne": "a", "word_two": "b", "tag": "x, y", "note": null, "Type": 3}, [], "x"]"#.utf8),
    ]
  },
  runner: { _ in
    let sink = try await ImportSink()
    return { await sink.importPairs($0, format: .json) }
  })

/// Phrasebook's CSV import.
let pairsCSVTarget = FuzzTarget(
  "pairs-csv", "Phrasebook CSV import (importPairs format csv, in memory)",
  tokens: [
    "\"", "\"\"", ",", "\r\n", "\n", "\r", "wordone", "wordtwo", "tags", "word_one", "imagelicence", "\u{FEFF}",
    "\u{0}",
    "=cmd", ",,,,",
  ],
  seeds: { _ in
    [
      try await exportedSample(.csv),
      Array("wordone,wordtwo,tags\ncat,cath,\"animals, pets\"\n\"say \"\"hi\"\"\",\"dweud\r\nhelo\",\n".utf8),
      Array("\u{FEFF}WordTwo;x,WORDONE,extra\r\n\"b\",a,1,2\r\n\r\n".utf8),
    ]
  },
  runner: { _ in
    let sink = try await ImportSink()
    return { await sink.importPairs($0, format: .csv) }
  })

/// Phrasebook's Anki package import (through AppSupport's zip reader, then SQLite).
let apkgTarget = FuzzTarget(
  "apkg", "Phrasebook Anki .apkg import (importPairs format apkg, in memory)", maxLength: 256 << 10,
  tokens: [
    "collection.anki2", "collection.anki21", "collection.anki21b", "media", "SQLite format 3\u{0}",
    "{\"0\": \"a.png\"}",
  ],
  binaryTokens: zipTokens,
  seeds: { _ in [try await exportedSample(.apkg)] },
  runner: { _ in
    let sink = try await ImportSink()
    return { await sink.importPairs($0, format: .apkg) }
  })
