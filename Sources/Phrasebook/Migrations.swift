import Foundation
import GRDB

/// Phrasebook's schema, one migration per shipped change (never edit a shipped one).
enum PhrasebookMigrations {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: phrasebooks, word pairs, tags, search") { db in
      try db.create(table: "Phrasebooks") { t in
        t.autoIncrementedPrimaryKey("id")
        t.column("name", .text).notNull().unique()
        t.column("languageOneCode", .text).notNull()
        t.column("languageOneName", .text).notNull()
        t.column("languageTwoCode", .text).notNull()
        t.column("languageTwoName", .text).notNull()
        t.column("areas", .text).notNull()
        t.column("defaultArea", .text).notNull()
      }
      try db.create(table: "PhrasebookState") { t in
        t.primaryKey("id", .integer).check { $0 == 1 }
        t.column("lastUsed", .integer).references("Phrasebooks", onDelete: .setNull)
      }
      try db.create(table: "WordPairs") { t in
        t.autoIncrementedPrimaryKey("id")
        t.column("phrasebookID", .integer).notNull().references("Phrasebooks", onDelete: .cascade)
        for column in [
          "wordOne", "wordTwo", "type", "context", "area", "note", "image", "imageURL", "imageCredit", "imageLicence",
        ] {
          t.column(column, .text).notNull().defaults(to: "")
        }
        t.column("createdAt", .datetime).notNull()
        t.column("updatedAt", .datetime).notNull()
        t.uniqueKey(["phrasebookID", "wordOne", "wordTwo"])
      }
      try db.create(index: "WordPairs_wordTwo", on: "WordPairs", columns: ["phrasebookID", "wordTwo"])
      try db.create(table: "Tags") { t in
        t.autoIncrementedPrimaryKey("id")
        t.column("phrasebookID", .integer).notNull().references("Phrasebooks", onDelete: .cascade)
        t.column("name", .text).notNull()
        t.uniqueKey(["phrasebookID", "name"])
      }
      try db.create(table: "PairTags") { t in
        t.column("pairID", .integer).notNull().references("WordPairs", onDelete: .cascade)
        t.column("tagID", .integer).notNull().references("Tags", onDelete: .cascade)
        t.primaryKey(["pairID", "tagID"])
      }
      try db.create(index: "PairTags_tag", on: "PairTags", columns: ["tagID"])
      try db.execute(
        sql: """
          CREATE VIRTUAL TABLE PairSearch USING fts5(
            wordOne, wordTwo, context, note, tags,
            tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4')
          """)
    }
    migrator.registerMigration("v2: review cards and their log") { db in
      try db.create(table: "Cards") { t in
        t.autoIncrementedPrimaryKey("id")
        t.column("pairID", .integer).notNull().references("WordPairs", onDelete: .cascade)
        t.column("direction", .text).notNull()
        t.column("state", .integer).notNull()
        t.column("step", .integer)
        t.column("stability", .double)
        t.column("difficulty", .double)
        t.column("due", .datetime).notNull()
        t.column("lastReview", .datetime)
        t.uniqueKey(["pairID", "direction"])
      }
      try db.create(index: "Cards_due", on: "Cards", columns: ["due"])
      try db.create(table: "Reviews") { t in
        t.autoIncrementedPrimaryKey("id")
        t.column("cardID", .integer).notNull().references("Cards", onDelete: .cascade)
        t.column("reviewedAt", .datetime).notNull()
        t.column("rating", .integer).notNull()
        t.column("before", .jsonText)
        t.column("after", .jsonText).notNull()
      }
      try db.create(index: "Reviews_card", on: "Reviews", columns: ["cardID", "reviewedAt"])
    }
    migrator.registerMigration("v3: alphabetical sort key of each pair") { db in
      try db.alter(table: "WordPairs") { t in t.add(column: "sortKey", .blob).notNull().defaults(to: Data()) }
      try db.create(index: "WordPairs_order", on: "WordPairs", columns: ["phrasebookID", "sortKey"])
      for book in try Phrasebook.fetchAll(db) {
        let order = PairOrder(book)
        for row in try Row.fetchAll(
          db, sql: "SELECT id, wordOne, wordTwo FROM WordPairs WHERE phrasebookID = ?", arguments: [book.id])
        {
          try db.execute(
            sql: "UPDATE WordPairs SET sortKey = ? WHERE id = ?",
            arguments: [order.sortKey(wordOne: row["wordOne"], wordTwo: row["wordTwo"]), row["id"] as Int64])
        }
      }
    }
    migrator.registerMigration("v4: hosts import-from-URL may reach on this machine or the LAN") { db in
      try db.create(table: "AllowedHosts") { t in t.primaryKey("host", .text) }
    }
    migrator.registerMigration("v5: the ICU version the stored sort keys were made with") { db in
      try db.create(table: "CollationVersion") { t in t.primaryKey("version", .text) }
    }
    migrator.registerMigration("v6: the search index kept by triggers") { db in
      try db.execute(
        sql: searchTriggers(.pairID) + """
          DELETE FROM PairSearch;
          \(searchEntries(of: "WordPairs", .pairID))
          """)
    }
    migrator.registerMigration("v7: revision settings (the daily limit of new cards)") { db in
      try db.create(table: "RevisionSettings") { t in
        t.primaryKey("name", .text)
        t.column("value", .integer).notNull()
      }
    }
    migrator.registerMigration("v8: recordings of a pair's words") { db in
      try db.execute(
        sql: """
          CREATE TABLE PairRecordings (
            pairID INTEGER NOT NULL REFERENCES WordPairs(id) ON DELETE CASCADE,
            side TEXT NOT NULL CHECK (side IN ('one', 'two')),
            file TEXT NOT NULL,
            PRIMARY KEY (pairID, side))
          """)
    }
    migrator.registerMigration("v9: search entries keyed by the pairs' alphabetical order") { db in
      try db.alter(table: "WordPairs") { t in t.add(column: "orderKey", .integer) }
      try db.create(index: "WordPairs_orderKey", on: "WordPairs", columns: ["orderKey"], options: .unique)
      try PhrasebookStore.pauseSearchTriggers(db)
      for book in try Int64.fetchAll(db, sql: "SELECT id FROM Phrasebooks") {
        try PairOrderKeys.renumber(db, book: book)
      }
      try db.execute(
        sql: """
          DELETE FROM PairSearch;
          \(searchEntries(of: "WordPairs"))
          INSERT INTO PairSearch(PairSearch) VALUES ('optimize');
          \(searchTriggers())
          """)
    }
    migrator.registerMigration("v10: the search index's words, for searching ahead") { db in
      // A view of the index's own terms, in order: nothing is stored for it.
      try db.execute(sql: "CREATE VIRTUAL TABLE PairSearchTerms USING fts5vocab(PairSearch, 'row')")
    }
    return migrator
  }

  /// What a search entry's rowid is: the pair's id (migrations v6–v8), or the pair's
  /// `orderKey` (v9 on), so the index hands out matches in alphabetical order.
  enum SearchKey { case pairID, orderKey }

  /// The triggers that keep `PairSearch` following the pairs and their tags. Keyed by order, a
  /// pair without a key yet has no entry; it gets one when its key is set.
  static func searchTriggers(_ key: SearchKey = .orderKey) -> String {
    let byOrder = key == .orderKey
    /// The rowid of the entry of the pair whose id is `pair`.
    func entry(_ pair: String) -> String { byOrder ? "(SELECT orderKey FROM WordPairs WHERE id = \(pair))" : pair }
    let old = byOrder ? "old.orderKey" : "old.id"
    return """
      CREATE TRIGGER WordPairs_search_insert AFTER INSERT ON WordPairs \(byOrder ? "WHEN new.orderKey IS NOT NULL " : "")BEGIN
        \(searchEntries(of: "WordPairs WHERE id = new.id", key))
      END;
      CREATE TRIGGER WordPairs_search_update AFTER UPDATE OF wordOne, wordTwo, context, note\(byOrder ? ", orderKey" : "") ON WordPairs BEGIN
        DELETE FROM PairSearch WHERE rowid = \(old);
        \(searchEntries(of: "WordPairs WHERE id = new.id\(byOrder ? " AND orderKey IS NOT NULL" : "")", key))
      END;
      CREATE TRIGGER WordPairs_search_delete AFTER DELETE ON WordPairs BEGIN
        DELETE FROM PairSearch WHERE rowid = \(old);
      END;
      CREATE TRIGGER PairTags_search_insert AFTER INSERT ON PairTags BEGIN
        UPDATE PairSearch SET tags = \(tagsOf("new.pairID")) WHERE rowid = \(entry("new.pairID"));
      END;
      CREATE TRIGGER PairTags_search_delete AFTER DELETE ON PairTags BEGIN
        UPDATE PairSearch SET tags = \(tagsOf("old.pairID")) WHERE rowid = \(entry("old.pairID"));
      END;
      CREATE TRIGGER Tags_search_rename AFTER UPDATE OF name ON Tags BEGIN
        UPDATE PairSearch SET tags = \(tagsOf(byOrder ? "(SELECT id FROM WordPairs WHERE orderKey = PairSearch.rowid)" : "PairSearch.rowid"))
        WHERE rowid IN (SELECT \(byOrder ? "orderKey FROM WordPairs WHERE id IN (SELECT " : "")pairID FROM PairTags WHERE tagID = new.id\(byOrder ? ")" : ""));
      END;

      """
  }

  /// SQL adding the search entries of the pairs `pairs` selects (`WordPairs WHERE …`): their words,
  /// context and note, and their tags' names separated by spaces.
  static func searchEntries(of pairs: String, _ key: SearchKey = .orderKey) -> String {
    """
    INSERT INTO PairSearch (rowid, wordOne, wordTwo, context, note, tags)
    SELECT \(key == .orderKey ? "orderKey" : "id"), wordOne, wordTwo, context, note, \(tagsOf("WordPairs.id")) FROM \(pairs);
    """
  }

  /// SQL for the names of a pair's tags, in name order, separated by spaces ('' for none).
  private static func tagsOf(_ pair: String) -> String {
    """
    IFNULL((SELECT group_concat(name, ' ') FROM (SELECT Tags.name FROM PairTags JOIN Tags ON Tags.id = PairTags.tagID \
    WHERE PairTags.pairID = \(pair) ORDER BY Tags.name)), '')
    """
  }
}
