import Foundation
import Phrasebook

/// The import's peer: an SQL script for the `sqlite3` CLI that stores the same pairs (their sort
/// keys and order keys included), tags and search index as `importPairs` in one transaction, the
/// plain SQL way at its fastest: the search index's triggers dropped, the rows inserted, their
/// order keys set by one statement, then the whole index filled by one statement. Run on a copy of the database holding the phrasebook `book` and no
/// pairs yet.
func importPeerScript(_ objects: [[String: Any]], book: Phrasebook) -> String {
  func text(_ value: Any?) -> String {
    "'" + ((value as? String) ?? "").replacingOccurrences(of: "'", with: "''") + "'"
  }
  let order = PairOrder(book)
  let now = "'2026-11-24 12:00:00.000'"
  var tagIDs: [String: Int] = [:]
  var sql = "BEGIN;\n"
  for trigger in ["WordPairs_search_insert", "WordPairs_search_update", "PairTags_search_insert"] {
    sql += "DROP TRIGGER \(trigger);\n"
  }
  var pairTags = ""
  for (index, object) in objects.enumerated() {
    let (one, two) = (object["wordone"] as! String, object["wordtwo"] as! String)
    let key = order.sortKey(wordOne: one, wordTwo: two).map { String(format: "%02x", $0) }.joined()
    sql +=
      "INSERT INTO WordPairs (id, phrasebookID, wordOne, wordTwo, type, area, createdAt, updatedAt, sortKey) "
      + "VALUES (\(index + 1), \(book.id!), \(text(one)), \(text(two)), \(text(object["type"])), "
      + "\(text(object["area"])), \(now), \(now), X'\(key)');\n"
    for tag in object["tags"] as? [String] ?? [] {
      let tagID = tagIDs[tag] ?? (tagIDs.count + 1)
      if tagIDs[tag] == nil {
        tagIDs[tag] = tagID
        sql += "INSERT INTO Tags (id, phrasebookID, name) VALUES (\(tagID), \(book.id!), \(text(tag)));\n"
      }
      pairTags += "INSERT INTO PairTags (pairID, tagID) VALUES (\(index + 1), \(tagID));\n"
    }
  }
  sql += pairTags
  let keys = PairOrderKeys.range(of: book.id!).lowerBound
  sql += """
    UPDATE WordPairs SET orderKey = ordered.key FROM (
      SELECT id, \(keys) + \(PairOrderKeys.spacing) * row_number() OVER (ORDER BY sortKey, id) AS key FROM WordPairs
    ) AS ordered WHERE WordPairs.id = ordered.id;
    INSERT INTO PairSearch (rowid, wordOne, wordTwo, context, note, tags)
    SELECT orderKey, wordOne, wordTwo, context, note, IFNULL((SELECT group_concat(name, ' ') FROM (SELECT Tags.name
      FROM PairTags JOIN Tags ON Tags.id = PairTags.tagID WHERE PairTags.pairID = WordPairs.id ORDER BY Tags.name)), '')
    FROM WordPairs;
    INSERT INTO PairSearch(PairSearch) VALUES ('optimize');
    COMMIT;

    """
  return sql
}
