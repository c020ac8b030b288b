import AppSupport
import Crypto
import Foundation
import GRDB

/// Writes a phrasebook as a legacy Anki package: one note type with a field per pair detail and
/// two cards per note (forward and reverse), one deck named after the phrasebook, tags (spaces
/// become underscores, as Anki tags cannot hold spaces) and the pairs' image files and recordings
/// (Anki's `[sound:…]` after the word).
extension AnkiPackage {
  /// The `.apkg` bytes for `pairs`; `mediaFolder` holds their image files and `recordings` (by
  /// pair id and side).
  static func write(
    _ pairs: [TaggedPair], phrasebook: Phrasebook, mediaFolder: URL,
    recordings: [Int64: [PairSide: String]] = [:], now: Date = Date()
  ) throws -> Data {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apkg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let collection = folder.appendingPathComponent("collection.anki2")
    let milliseconds = Int64(now.timeIntervalSince1970 * 1000)
    let seconds = milliseconds / 1000
    let layout = NoteLayout(phrasebook)
    let modelID = milliseconds
    let deckID = milliseconds + 1
    var media: [(name: String, data: Data)] = []
    let queue = try DatabaseQueue(path: collection.path)
    try queue.write { db in
      try db.execute(sql: schema)
      try db.execute(
        sql: "INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')",
        arguments: [
          seconds - seconds % 86_400, milliseconds, milliseconds,
          try json(collectionConfig(modelID: modelID, deckID: deckID)),
          try json([String(modelID): layout.model(id: modelID, deckID: deckID, modified: seconds)]),
          try json([
            "1": deck(id: 1, name: "Default", modified: 0),
            String(deckID): deck(id: deckID, name: phrasebook.name, modified: seconds),
          ]),
          try json(["1": deckOptions]),
        ])
      for (index, tagged) in pairs.enumerated() {
        var imageHTML = ""
        let image = tagged.pair.image
        if !image.isEmpty, isPlainFileName(image),
          let data = FileManager.default.contents(atPath: mediaFolder.appendingPathComponent(image).path)
        {
          media.append((image, data))
          imageHTML = "<img src=\"\(HTMLText.escape(image))\">"
        }
        var fields = layout.fields(tagged.pair, imageHTML: imageHTML)
        for (field, side) in [PairSide.one, .two].enumerated() {
          guard let file = recordings[tagged.pair.id ?? 0]?[side], isPlainFileName(file),
            let data = FileManager.default.contents(atPath: mediaFolder.appendingPathComponent(file).path)
          else { continue }
          media.append((file, data))
          fields[field] += "[sound:\(file)]"
        }
        let noteID = milliseconds + Int64(index) * 2
        let sortField = HTMLText.plainText(fields[0])
        try db.execute(
          sql: "INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')",
          arguments: [
            noteID, guid(phrasebook, tagged.pair), modelID, seconds,
            tagged.tags.isEmpty
              ? "" : " " + tagged.tags.map { $0.replacingOccurrences(of: " ", with: "_") }.joined(separator: " ") + " ",
            fields.joined(separator: "\u{1F}"), sortField, checksum(sortField),
          ])
        for ord in 0..<2 {
          try db.execute(
            sql: "INSERT INTO cards VALUES (?, ?, ?, ?, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')",
            arguments: [noteID + Int64(ord), noteID, deckID, ord, seconds, index + 1])
        }
      }
    }
    try queue.close()
    let mediaMap = Dictionary(uniqueKeysWithValues: media.enumerated().map { (String($0.offset), $0.element.name) })
    var files: [(name: String, data: Data)] = [
      ("collection.anki2", try Data(contentsOf: collection)), ("media", try JSONEncoder().encode(mediaMap)),
    ]
    files += media.enumerated().map { (String($0.offset), $0.element.data) }
    return try zipArchive(files)
  }

  /// The fields of the exported note type, in order.
  private struct NoteLayout {
    let names: [String]
    let languageOne: String
    let languageTwo: String

    init(_ book: Phrasebook) {
      let details = ["Type", "Context", "Area", "Note", "Image", "ImageURL", "ImageCredit", "ImageLicence"]
      let useLanguages =
        book.languageOneName != book.languageTwoName
        && !details.contains(book.languageOneName) && !details.contains(book.languageTwoName)
      languageOne = useLanguages ? book.languageOneName : "WordOne"
      languageTwo = useLanguages ? book.languageTwoName : "WordTwo"
      names = [languageOne, languageTwo] + details
    }

    func fields(_ pair: WordPair, imageHTML: String) -> [String] {
      [pair.wordOne, pair.wordTwo, pair.type, pair.context, pair.area, pair.note].map(HTMLText.escape) + [imageHTML]
        + [pair.imageURL, pair.imageCredit, pair.imageLicence].map(HTMLText.escape)
    }

    func model(id: Int64, deckID: Int64, modified: Int64) -> [String: Any] {
      let details = """
        {{#Type}}<div class=type>{{Type}}</div>{{/Type}}{{#Context}}<div class=context>{{Context}}</div>{{/Context}}\
        {{#Note}}<div class=note>{{Note}}</div>{{/Note}}{{#Image}}<div>{{Image}}</div>{{/Image}}
        """
      func template(_ name: String, ord: Int, front: String, back: String) -> [String: Any] {
        [
          "name": name, "ord": ord, "qfmt": "{{\(front)}}", "afmt": "{{FrontSide}}<hr id=answer>{{\(back)}}\(details)",
          "bqfmt": "", "bafmt": "", "did": NSNull(),
        ]
      }
      return [
        "id": id, "name": "Scriptorium Phrasebook", "type": 0, "mod": modified, "usn": -1, "sortf": 0, "did": deckID,
        "tags": [String](), "vers": [Int](), "latexPre": "", "latexPost": "", "latexsvg": false,
        "css": ".card { font-family: sans-serif; font-size: 24px; text-align: center; }",
        "req": [[0, "any", [0]], [1, "any", [1]]],
        "flds": names.enumerated().map { index, name in
          ["name": name, "ord": index, "sticky": false, "rtl": false, "font": "Arial", "size": 20, "media": [String]()]
        },
        "tmpls": [
          template("\(languageOne) → \(languageTwo)", ord: 0, front: languageOne, back: languageTwo),
          template("\(languageTwo) → \(languageOne)", ord: 1, front: languageTwo, back: languageOne),
        ],
      ]
    }
  }

  private static func collectionConfig(modelID: Int64, deckID: Int64) -> [String: Any] {
    [
      "activeDecks": [deckID], "addToCur": true, "collapseTime": 1200, "curDeck": deckID, "curModel": modelID,
      "dueCounts": true, "estTimes": true, "newBury": true, "newSpread": 0, "nextPos": 1, "sortBackwards": false,
      "sortType": "noteFld", "timeLim": 0,
    ]
  }

  private static func deck(id: Int64, name: String, modified: Int64) -> [String: Any] {
    [
      "id": id, "name": name, "mod": modified, "usn": -1, "desc": "", "dyn": 0, "conf": 1, "collapsed": false,
      "extendNew": 10, "extendRev": 50, "newToday": [0, 0], "revToday": [0, 0], "lrnToday": [0, 0],
      "timeToday": [0, 0],
    ]
  }

  private static var deckOptions: [String: Any] {
    [
      "id": 1, "name": "Default", "mod": 0, "usn": 0, "maxTaken": 60, "autoplay": true, "timer": 0, "replayq": true,
      "new": ["bury": true, "delays": [1, 10], "initialFactor": 2500, "ints": [1, 4, 7], "order": 1, "perDay": 20],
      "rev": ["bury": true, "ease4": 1.3, "ivlFct": 1, "maxIvl": 36500, "perDay": 200, "hardFactor": 1.2],
      "lapse": ["delays": [10], "leechAction": 1, "leechFails": 8, "minInt": 1, "mult": 0],
    ]
  }

  /// A stable note id across exports, so re-importing into Anki updates notes instead of doubling them.
  private static func guid(_ book: Phrasebook, _ pair: WordPair) -> String {
    let digest = Insecure.SHA1.hash(
      data: Data("scriptorium\u{1F}\(book.name)\u{1F}\(pair.wordOne)\u{1F}\(pair.wordTwo)".utf8))
    return Data(digest.prefix(9)).base64EncodedString()
  }

  /// Anki's duplicate-check checksum: the first 8 hex digits of the SHA-1 of the sort field.
  private static func checksum(_ text: String) -> Int64 {
    Int64(Insecure.SHA1.hash(data: Data(text.utf8)).prefix(4).reduce(0) { $0 << 8 | UInt64($1) })
  }

  private static func json(_ value: Any) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
  }

  private static let schema = """
    CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null,
      ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null,
      models text not null, decks text not null, dconf text not null, tags text not null);
    CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null,
      usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null,
      flags integer not null, data text not null);
    CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null,
      mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null,
      ivl integer not null, factor integer not null, reps integer not null, lapses integer not null,
      left integer not null, odue integer not null, odid integer not null, flags integer not null, data text not null);
    CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null,
      ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null,
      type integer not null);
    CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
    CREATE INDEX ix_notes_usn ON notes (usn);
    CREATE INDEX ix_cards_usn ON cards (usn);
    CREATE INDEX ix_revlog_usn ON revlog (usn);
    CREATE INDEX ix_cards_nid ON cards (nid);
    CREATE INDEX ix_cards_sched ON cards (did, queue, due);
    CREATE INDEX ix_revlog_cid ON revlog (cid);
    CREATE INDEX ix_notes_csum ON notes (csum);
    """
}
