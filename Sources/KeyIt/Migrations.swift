import GRDB

/// Key It's schema, one migration per shipped change (never edit a shipped one).
enum KeyItMigrations {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: Bibles, Books, Chapters, VerseItems, BridgeItems") { db in
      try db.create(table: "Bibles") { t in
        t.autoIncrementedPrimaryKey("bibleID")
        t.column("name", .text).notNull()
        t.column("bookRecsCreated", .boolean).notNull().defaults(to: false)
        t.column("currBook", .integer).notNull().defaults(to: 0)
        t.column("frenchPsalms", .boolean).notNull().defaults(to: false)
      }
      try db.create(table: "KeyItState") { t in
        t.primaryKey("id", .integer).check { $0 == 1 }
        t.column("currentBible", .integer).references("Bibles", onDelete: .setNull)
      }
      try db.create(table: "Books") { t in
        t.column("bibleID", .integer).notNull().references("Bibles", onDelete: .cascade)
        t.column("bookID", .integer).notNull()
        t.column("bookCode", .text).notNull()
        t.column("bookName", .text).notNull()
        t.column("chapRecsCreated", .boolean).notNull().defaults(to: false)
        t.column("numChaps", .integer).notNull()
        t.column("currChapter", .integer).notNull().defaults(to: 0)
        t.primaryKey(["bibleID", "bookID"])
        t.uniqueKey(["bibleID", "bookCode"])
      }
      try db.create(table: "Chapters") { t in
        t.autoIncrementedPrimaryKey("chapterID")
        t.column("bibleID", .integer).notNull()
        t.column("bookID", .integer).notNull()
        t.column("chapterNumber", .integer).notNull()
        t.column("itemRecsCreated", .boolean).notNull().defaults(to: false)
        t.column("numVerses", .integer).notNull()
        t.column("numItems", .integer).notNull().defaults(to: 0)
        t.column("currItem", .integer).notNull().defaults(to: 0)
        t.foreignKey(["bibleID", "bookID"], references: "Books", onDelete: .cascade)
        t.uniqueKey(["bibleID", "bookID", "chapterNumber"])
      }
      try db.create(table: "VerseItems") { t in
        t.autoIncrementedPrimaryKey("itemID")
        t.column("chapterID", .integer).notNull().references("Chapters", onDelete: .cascade)
        t.column("verseNumber", .integer).notNull()
        t.column("itemType", .text).notNull()
        t.column("itemOrder", .integer).notNull()
        t.column("itemText", .text).notNull().defaults(to: "")
        t.column("intSeq", .integer).notNull().defaults(to: 0)
        t.column("isStartOfBridge", .boolean).notNull().defaults(to: false)
        t.column("lastVsOfBridge", .integer).notNull().defaults(to: 0)
        t.column("marker", .text)
      }
      try db.create(
        index: "VerseItems_printedOrder", on: "VerseItems",
        columns: ["chapterID", "itemOrder", "intSeq", "itemID"])
      try db.create(table: "BridgeItems") { t in
        t.autoIncrementedPrimaryKey("bridgeID")
        t.column("itemID", .integer).notNull().references("VerseItems", onDelete: .cascade)
        t.column("textCurrentBridge", .text).notNull()
        t.column("textExtraVerse", .text).notNull()
      }
      try db.create(index: "BridgeItems_item", on: "BridgeItems", columns: ["itemID", "bridgeID"])
    }
    migrator.registerMigration("v2: Bible setup (book-name list, go straight to where I left off)") { db in
      try db.alter(table: "Bibles") { t in
        t.add(column: "bookNames", .text).notNull().defaults(to: "en")
        t.add(column: "goStraight", .boolean).notNull().defaults(to: true)
      }
    }
    migrator.registerMigration("v3: each Bible's versification") { db in
      try db.alter(table: "Bibles") { t in t.add(column: "versification", .text).notNull().defaults(to: "kjv") }
    }
    migrator.registerMigration("v4: each item's text revision, counted by a trigger") { db in
      try db.alter(table: "VerseItems") { t in t.add(column: "revision", .integer).notNull().defaults(to: 0) }
      try db.execute(
        sql: """
          CREATE TRIGGER VerseItems_revision AFTER UPDATE OF itemText ON VerseItems
          WHEN old.itemText IS NOT new.itemText BEGIN
            UPDATE VerseItems SET revision = old.revision + 1 WHERE itemID = new.itemID;
          END
          """)
    }
    migrator.registerMigration("v5: the USFM header lines of an imported book") { db in
      try db.alter(table: "Books") { t in t.add(column: "usfmHeader", .text) }
    }
    migrator.registerMigration("v6: the USFM lines after an imported chapter's \\c") { db in
      try db.alter(table: "Chapters") { t in t.add(column: "usfmHeader", .text) }
    }
    migrator.registerMigration("v7: text ids, this device, the change log, conflicts, sync state") { db in
      try db.alter(table: "Bibles") { t in t.add(column: "uid", .text).notNull().defaults(to: "") }
      try db.alter(table: "Chapters") { t in t.add(column: "uid", .text).notNull().defaults(to: "") }
      try db.alter(table: "VerseItems") { t in t.add(column: "uid", .text).notNull().defaults(to: "") }
      try db.create(table: "KeyItDevice") { t in
        t.primaryKey("id", .integer).check { $0 == 1 }
        t.column("device", .text).notNull()
        t.column("author", .text).notNull().defaults(to: "")
        t.column("clock", .text).notNull()
      }
      try db.create(table: "KeyItChanges") { t in
        t.autoIncrementedPrimaryKey("seq")
        t.column("bibleID", .integer).notNull().references("Bibles", onDelete: .cascade)
        t.column("device", .text).notNull()
        t.column("counter", .integer).notNull()
        t.column("clock", .text).notNull()
        t.column("author", .text).notNull()
        t.column("payload", .text).notNull()
        t.column("chapterKey", .text)
        t.uniqueKey(["bibleID", "device", "counter"])
      }
      try db.create(index: "KeyItChanges_chapter", on: "KeyItChanges", columns: ["bibleID", "chapterKey", "clock"])
      try db.create(table: "KeyItConflicts") { t in
        t.column("chapterID", .integer).notNull().references("Chapters", onDelete: .cascade)
        t.column("conflictID", .text).notNull()
        t.column("open", .boolean).notNull()
        t.column("conflict", .text).notNull()
        t.primaryKey(["chapterID", "conflictID"])
      }
      try db.create(table: "KeyItSync") { t in
        t.primaryKey("bibleID", .integer).references("Bibles", onDelete: .cascade)
        t.column("hubHeads", .text).notNull()
        t.column("lastSync", .integer).notNull()
      }
      try KeyItStore.giveTextIDs(db, wallMillis: wallClockMillis())
      try db.create(index: "Bibles_uid", on: "Bibles", columns: ["uid"], options: .unique)
      try db.create(index: "Chapters_uid", on: "Chapters", columns: ["uid"], options: .unique)
      try db.create(index: "VerseItems_uid", on: "VerseItems", columns: ["uid"], options: .unique)
    }
    migrator.registerMigration("v8: the team (hub and member token) each shared Bible syncs with") { db in
      try db.create(table: "KeyItTeams") { t in
        t.primaryKey("bibleUID", .text)
        t.column("hub", .text).notNull()
        t.column("token", .text).notNull()
        t.column("joined", .integer).notNull()
        t.column("lastAttempt", .integer)
        t.column("reachable", .boolean)
        t.column("lastError", .text)
      }
    }
    migrator.registerMigration("v9: items in printed order through an index (uid breaks ties, as the reads do)") { db in
      try db.drop(index: "VerseItems_printedOrder")
      try db.create(
        index: "VerseItems_printedOrder", on: "VerseItems", columns: ["chapterID", "itemOrder", "intSeq", "uid"])
    }
    migrator.registerMigration("v10: the change log numbered without AUTOINCREMENT") { db in
      // AUTOINCREMENT made every logged change write `sqlite_sequence` too: a page more in every
      // save's commit. `seq` only orders the log, and SQLite's own next rowid (one past the
      // largest) keeps that order: a number freed by deleting a Bible's log may come back, in
      // another Bible's log, after every change there is. The table is spelled out again, as v7
      // made it: a migration must not change when later code does.
      try db.create(table: "KeyItChangesRenumbered") { t in
        t.primaryKey("seq", .integer)
        t.column("bibleID", .integer).notNull().references("Bibles", onDelete: .cascade)
        t.column("device", .text).notNull()
        t.column("counter", .integer).notNull()
        t.column("clock", .text).notNull()
        t.column("author", .text).notNull()
        t.column("payload", .text).notNull()
        t.column("chapterKey", .text)
        t.uniqueKey(["bibleID", "device", "counter"])
      }
      let columns = "seq, bibleID, device, counter, clock, author, payload, chapterKey"
      try db.execute(sql: "INSERT INTO KeyItChangesRenumbered (\(columns)) SELECT \(columns) FROM KeyItChanges")
      try db.drop(table: "KeyItChanges")
      try db.rename(table: "KeyItChangesRenumbered", to: "KeyItChanges")
      try db.create(index: "KeyItChanges_chapter", on: "KeyItChanges", columns: ["bibleID", "chapterKey", "clock"])
    }
    migrator.registerMigration("v11: item text ids stored from their chapter's id on, unique in their chapter") { db in
      // See `TextID.stored`. The unique index goes first: `/v3` is in every chapter.
      try db.drop(index: "VerseItems_uid")
      try db.execute(
        sql: """
          UPDATE VerseItems SET uid = substr(VerseItems.uid, length(c.uid) + 1)
          FROM Chapters c
          WHERE c.chapterID = VerseItems.chapterID AND c.uid != ''
            AND substr(VerseItems.uid, 1, length(c.uid) + 1) = c.uid || '/'
          """)
      try db.create(index: "VerseItems_uid", on: "VerseItems", columns: ["chapterID", "uid"], options: .unique)
    }
    migrator.registerMigration("v12: changes from other devices refused as malformed kept in the log, with why") { db in
      // See `applyRemote`. Such a change has no chapter and changes nothing. `refusedBy` is the
      // version that last read it; the index finds those another version refused, and costs the
      // log's other rows nothing.
      try db.execute(sql: "ALTER TABLE KeyItChanges ADD COLUMN refused TEXT")
      try db.execute(sql: "ALTER TABLE KeyItChanges ADD COLUMN refusedBy TEXT")
      try db.execute(
        sql: "CREATE INDEX KeyItChanges_refused ON KeyItChanges (bibleID, refusedBy) WHERE refused IS NOT NULL")
    }
    return migrator
  }
}
