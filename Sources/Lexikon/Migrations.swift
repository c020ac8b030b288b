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
    return migrator
  }
}
