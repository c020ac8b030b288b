import GRDB

/// Lexikon's schema, one migration per shipped change (never edit a shipped one).
enum LexikonMigrations {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.create(table: "CachedWords") { t in
        t.autoIncrementedPrimaryKey("id")
        t.column("direction", .text).notNull()
        t.column("word", .text).notNull()
        t.column("key", .text).notNull()
        t.column("folded", .text).notNull()
        t.column("entries", .text).notNull()
        t.column("fetchedAt", .datetime).notNull()
        t.column("lookupCount", .integer).notNull().defaults(to: 1)
      }
      try db.create(index: "CachedWords_key", on: "CachedWords", columns: ["direction", "key"], unique: true)
      try db.create(index: "CachedWords_filter", on: "CachedWords", columns: ["direction", "folded", "word"])
      try db.create(table: "State") { t in
        t.primaryKey("id", .integer)
        t.column("state", .text).notNull()
      }
    }
    // The language's alphabetical order (ICU sort keys) and the letter each word is filed under;
    // filled by `LexikonStore` from Swift, which also refills them when ICU's version changes.
    migrator.registerMigration("v2 alphabetical order") { db in
      try db.alter(table: "CachedWords") { t in
        t.add(column: "sortKey", .blob)
        t.add(column: "letter", .text)
      }
      // Each index holds the row id: pages and filters pick their ids from an index alone (even
      // past an offset of thousands) and read only the rows they return.
      try db.create(index: "CachedWords_order", on: "CachedWords", columns: ["direction", "sortKey"])
      try db.create(index: "CachedWords_sortedFilter", on: "CachedWords", columns: ["direction", "folded", "sortKey"])
      try db.create(index: "CachedWords_letter", on: "CachedWords", columns: ["direction", "letter"])
      try db.create(table: "Meta") { t in
        t.primaryKey("name", .text)
        t.column("value", .text).notNull()
      }
    }
    // A one-letter filter reads the words under that first letter in alphabetical order from an
    // index (SQLite's substr counts code points: the first Unicode scalar) instead of sorting them.
    migrator.registerMigration("v3 first-letter filter") { db in
      try db.execute(
        sql: "CREATE INDEX CachedWords_initialFilter ON CachedWords (direction, substr(folded, 1, 1), sortKey)")
    }
    return migrator
  }
}
