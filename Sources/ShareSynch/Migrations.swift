import GRDB

/// The schema of `sharesynch.sqlite`.
enum ShareSynchMigrations {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.create(table: "Series") { t in
        t.primaryKey("id", .text)
        t.column("name", .text).notNull()
        t.column("slideLanguage", .text).notNull()
        t.column("noteLanguage", .text).notNull()
        t.column("currentVariationID", .integer)
        t.column("installedAt", .datetime).notNull()
      }
      try db.create(table: "Variations") { t in
        t.autoIncrementedPrimaryKey("id")
        t.column("seriesID", .text).notNull().references("Series", onDelete: .cascade)
        t.column("name", .text).notNull()
        t.column("isOriginal", .boolean).notNull()
        t.uniqueKey(["seriesID", "name"])
      }
      try db.create(table: "Slides") { t in
        t.autoIncrementedPrimaryKey("id")
        t.column("variationID", .integer).notNull().references("Variations", onDelete: .cascade)
        t.column("sermonID", .text).notNull()
        t.column("position", .integer).notNull()
        t.column("sourceSlideID", .text)
        t.column("kind", .text).notNull()
        t.column("resource", .text)
        t.column("hidden", .boolean).notNull()
        t.column("notes", .text).notNull()
      }
      try db.create(index: "Slides_order", on: "Slides", columns: ["variationID", "sermonID", "position"])
    }
    migrator.registerMigration("v2: sermon state, slides from other sermons") { db in
      try db.alter(table: "Slides") { t in t.add(column: "sourceSermonID", .text) }
      try db.create(table: "SermonStates") { t in
        t.column("variationID", .integer).notNull().references("Variations", onDelete: .cascade)
        t.column("sermonID", .text).notNull()
        t.column("appealType", .text).notNull()
        t.column("appealSong", .text)
        t.column("lastSlideID", .integer)
        t.primaryKey(["variationID", "sermonID"])
      }
    }
    migrator.registerMigration("v3: settings") { db in
      try db.create(table: "Settings") { t in
        t.primaryKey("key", .text)
        t.column("value", .text).notNull()
      }
    }
    migrator.registerMigration("v4: a sermon's target length") { db in
      try db.alter(table: "SermonStates") { t in t.add(column: "targetSeconds", .integer) }
    }
    return migrator
  }
}
