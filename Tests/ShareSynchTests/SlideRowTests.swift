import Foundation
import GRDB
import PropertyBased
import Testing

@testable import ShareSynch

/// A slide row read back by its columns is the row that was written, whatever its notes hold;
/// a row whose kind no version writes is refused by name.
@Suite struct SlideRowTests {
  /// Texts a slide's notes and ids may hold: empty, JSON's own characters, other scripts, the
  /// literal text `{}`.
  static let texts = [
    "", "{}", "<p>Grace</p>", "quote \" and \\ backslash", "line\nbreak\ttab", "Rhan 1: gras ŵ ŷ",
    "نعمة الله", "恩典", "emoji 🙏🏽", "\u{7}bell", "}{",
  ]
  static let languages = ["en", "cy", "sw-TZ", "ar", ""]

  static func database() throws -> DatabaseQueue {
    let queue = try DatabaseQueue()
    try ShareSynchMigrations.migrator.migrate(queue)
    try queue.write { db in
      try db.execute(
        sql: "INSERT INTO Series (id, name, slideLanguage, noteLanguage, installedAt) VALUES ('s', 'S', 'en', 'en', 0)")
      try db.execute(sql: "INSERT INTO Variations (id, seriesID, name, isOriginal) VALUES (1, 's', 'Original', 1)")
    }
    return queue
  }

  @Test func aRowReadByItsColumnsIsTheRowWritten() async throws {
    let queue = try Self.database()
    let picks = Gen.int(in: 0...99).array(of: 9...9).array(of: 1...12)
    await propertyCheck(count: 100, input: picks) { picks in
      let written = picks.enumerated().map { position, pick in
        let notes = Dictionary(
          (0..<(pick[0] % 4)).map {
            (Self.languages[(pick[1] + $0) % Self.languages.count], Self.texts[(pick[2] + $0) % Self.texts.count])
          },
          uniquingKeysWith: { first, _ in first })
        return SlideRow(
          id: nil, variationID: 1, sermonID: Self.texts[pick[3] % Self.texts.count], position: position,
          sourceSlideID: pick[4] % 3 == 0 ? nil : Self.texts[pick[4] % Self.texts.count],
          sourceSermonID: pick[5] % 2 == 0 ? nil : "other",
          kind: [.image, .video, .overlay, .appeal][pick[6] % 4],
          resource: pick[7] % 3 == 0 ? nil : "media/s\(pick[7]).png", hidden: pick[8] % 2 == 0, notes: notes)
      }
      let read = try! queue.write { db in
        try db.execute(sql: "DELETE FROM Slides")
        let inserted = try written.map { row in
          var row = row
          try row.insert(db)
          return row
        }
        return (inserted, try SlideRow.order(SlideRow.Columns.position).fetchAll(db))
      }
      #expect(read.1 == read.0)
    }
  }

  @Test func aRowOfAnUnknownKindIsRefusedByName() throws {
    let queue = try Self.database()
    let problem = try queue.write { db in
      try db.execute(
        sql: "INSERT INTO Slides (variationID, sermonID, position, kind, hidden, notes) "
          + "VALUES (1, 'one', 0, 'hologram', 0, '{}')")
      return #expect(throws: DatabaseError.self) { try SlideRow.fetchAll(db) }
    }
    #expect(problem?.message?.contains("hologram") == true)
  }
}
