import GRDB

/// A Bible translation being keyboarded (table `Bibles`).
public struct Bible: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  /// The SQLite table.
  public static let databaseTableName = "Bibles"
  /// Primary key.
  public var bibleID: Int64?
  /// The name that identifies the translation.
  public var name: String
  /// True once the 66 Books rows exist.
  public var bookRecsCreated: Bool
  /// Book number of the current book, 0 for none.
  public var currBook: Int
  /// Created with French psalm numbering: ascriptions are part of verse 1, so no ascription items.
  public var frenchPsalms: Bool
  /// The book-name list the Bible's book names came from (`en`, `fr`, …).
  public var bookNames: String
  /// Opening Key It goes straight to where the user left off instead of showing setup.
  public var goStraight: Bool
  /// How the printed Bible numbers chapters and verses (King James for Bibles made before it).
  public var versification: Versification
  /// The Bible's text id (UUIDv7): the same on every device of a team; its change log's project is `keyit:<uid>`.
  public var uid: String = TextID.make()

  /// The books, chapters and verse counts of this Bible's versification.
  public var catalog: BookCatalog { BookCatalog.of(versification) }

  /// Keeps the id SQLite gave the new row.
  public mutating func didInsert(_ inserted: InsertionSuccess) { bibleID = inserted.rowID }

  /// The table's columns, for queries.
  public enum Columns {
    public static let bibleID = Column(CodingKeys.bibleID)
    public static let name = Column(CodingKeys.name)
    public static let bookRecsCreated = Column(CodingKeys.bookRecsCreated)
    public static let currBook = Column(CodingKeys.currBook)
    public static let frenchPsalms = Column(CodingKeys.frenchPsalms)
    public static let bookNames = Column(CodingKeys.bookNames)
    public static let goStraight = Column(CodingKeys.goStraight)
    public static let versification = Column(CodingKeys.versification)
  }
}

/// One book of one Bible (table `Books`, key: Bible + book number).
public struct Book: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  /// The SQLite table.
  public static let databaseTableName = "Books"
  /// The Bible the book belongs to.
  public var bibleID: Int64
  /// The Paratext book number.
  public var bookID: Int
  /// The UBS three-character code.
  public var bookCode: String
  /// The book's name in this Bible (renamable).
  public var bookName: String
  /// True once the book's Chapters rows exist.
  public var chapRecsCreated: Bool
  /// Number of chapters in the book.
  public var numChaps: Int
  /// Number of the current chapter, 0 for none.
  public var currChapter: Int
  /// The identification and header lines of the USFM file the book was last imported from, one
  /// per line (see `USFMBook.header`); nil for a book never imported.
  public var usfmHeader: String?

  /// The table's columns, for queries.
  public enum Columns {
    public static let bibleID = Column(CodingKeys.bibleID)
    public static let bookID = Column(CodingKeys.bookID)
    public static let bookCode = Column(CodingKeys.bookCode)
    public static let bookName = Column(CodingKeys.bookName)
    public static let chapRecsCreated = Column(CodingKeys.chapRecsCreated)
    public static let numChaps = Column(CodingKeys.numChaps)
    public static let currChapter = Column(CodingKeys.currChapter)
    public static let usfmHeader = Column(CodingKeys.usfmHeader)
  }
}

/// One chapter of one book (table `Chapters`).
public struct Chapter: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  /// The SQLite table.
  public static let databaseTableName = "Chapters"
  /// Primary key, serial in order of creation.
  public var chapterID: Int64?
  /// The Bible.
  public var bibleID: Int64
  /// The book number.
  public var bookID: Int
  /// The chapter number readers see.
  public var chapterNumber: Int
  /// True once the chapter's VerseItems rows exist.
  public var itemRecsCreated: Bool
  /// Number of verses; never changed, not even by bridging.
  public var numVerses: Int
  /// Number of items, publication items included.
  public var numItems: Int
  /// ItemID of the current item, 0 for none.
  public var currItem: Int64
  /// Lines Key It does not model that stood right after the chapter's `\c` in the imported file
  /// (`\ca …\ca*`, `\rem`), one per line; export writes them back there.
  public var usfmHeader: String? = nil
  /// The chapter's text id, derived from its Bible's (see `TextID.chapter`).
  public var uid: String = ""

  /// Keeps the id SQLite gave the new row.
  public mutating func didInsert(_ inserted: InsertionSuccess) { chapterID = inserted.rowID }

  /// The table's columns, for queries.
  public enum Columns {
    public static let chapterID = Column(CodingKeys.chapterID)
    public static let bibleID = Column(CodingKeys.bibleID)
    public static let bookID = Column(CodingKeys.bookID)
    public static let chapterNumber = Column(CodingKeys.chapterNumber)
    public static let itemRecsCreated = Column(CodingKeys.itemRecsCreated)
    public static let numVerses = Column(CodingKeys.numVerses)
    public static let numItems = Column(CodingKeys.numItems)
    public static let currItem = Column(CodingKeys.currItem)
  }
}

/// One item of a chapter: a verse, a verse continuation or a publication item (table `VerseItems`).
public struct VerseItem: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  /// The SQLite table.
  public static let databaseTableName = "VerseItems"
  /// Primary key, serial in order of creation.
  public var itemID: Int64?
  /// The chapter the item belongs to.
  public var chapterID: Int64
  /// The verse the item is attached to (the first verse of a bridge).
  public var verseNumber: Int
  /// What kind of item it is.
  public var itemType: ItemType
  /// Sort key computed by `itemOrder(type:verse:intSeq:)`.
  public var itemOrder: Int
  /// The text typed by the user (empty for paragraph breaks).
  public var itemText: String
  /// Sequence for introduction items and for several items of one kind at one place.
  public var intSeq: Int
  /// True when this verse item is a bridge of several verses.
  public var isStartOfBridge: Bool
  /// The last verse of the bridge when `isStartOfBridge`, else 0.
  public var lastVsOfBridge: Int
  /// The USFM marker this item was imported with, when it differs from its type's default.
  public var marker: String?
  /// Counts changes of the text (a trigger adds one whenever `itemText` changes), so a save
  /// typed on an older text is refused instead of overwriting a newer one.
  public var revision: Int
  /// The item's text id, the same on every device (see `TextID`).
  public var uid: String

  /// Keeps the id SQLite gave the new row.
  public mutating func didInsert(_ inserted: InsertionSuccess) { itemID = inserted.rowID }

  /// A new item whose ItemOrder follows the seed's formula.
  public init(
    chapterID: Int64, verseNumber: Int, itemType: ItemType, itemText: String = "", intSeq: Int = 0,
    marker: String? = nil
  ) {
    self.chapterID = chapterID
    self.verseNumber = verseNumber
    self.itemType = itemType
    self.itemOrder = KeyIt.itemOrder(type: itemType, verse: verseNumber, intSeq: intSeq)
    self.itemText = itemText
    self.intSeq = intSeq
    self.isStartOfBridge = false
    self.lastVsOfBridge = 0
    self.marker = marker
    self.revision = 0
    self.uid = TextID.make()
  }

  /// The last verse this item covers (the bridge end, or its own verse).
  public var lastVerse: Int { isStartOfBridge ? lastVsOfBridge : verseNumber }

  /// A heading printed above a psalm title (IntSeq −1), not the verse's own heading.
  public var isHeadingAboveTitle: Bool { itemType == .heading && intSeq < 0 }

  /// The item's label in the user's terms ("Verse 5", "Verses 3–5", "Paragraph", …), in English.
  public func label(inPsalms: Bool = false) -> String { labelWords(inPsalms: inPsalms).english }

  /// The item's label as words to put in the user's language.
  public func labelWords(inPsalms: Bool = false) -> Words {
    switch itemType {
    case .verse:
      isStartOfBridge
        ? Words("keyit.item.verses", ["verse": verseNumber, "lastVerse": lastVsOfBridge])
        : Words("keyit.item.verse", ["verse": verseNumber])
    case .verseCont: Words("keyit.item.verseCont", ["verse": verseNumber])
    case .para, .paraCont:
      switch marker {
      case "q1", "q": Words("keyit.item.poetry1")
      case "q2": Words("keyit.item.poetry2")
      case "q3": Words("keyit.item.poetry3")
      case "m": Words("keyit.item.flush")
      case "pi", "pi1": Words("keyit.item.indented")
      case "b": Words("keyit.item.blank")
      default: Words("keyit.item.paragraph")
      }
    case .heading, .headingAfterPara: Words("keyit.item.heading")
    case .parlRef: Words("keyit.item.parlRef")
    case .title: Words("keyit.item.title")
    case .inTitle: Words("keyit.item.inTitle")
    case .inSubj: Words("keyit.item.inSubj")
    case .inPara: Words("keyit.item.inPara")
    case .ascription: Words(inPsalms ? "keyit.item.psalmTitle" : "keyit.item.ascription")
    case .chapLabel: Words("keyit.item.chapLabel")
    case .chapDesc: Words("keyit.item.chapDesc")
    }
  }

  /// The table's columns, for queries.
  public enum Columns {
    public static let itemID = Column(CodingKeys.itemID)
    public static let chapterID = Column(CodingKeys.chapterID)
    public static let verseNumber = Column(CodingKeys.verseNumber)
    public static let itemType = Column(CodingKeys.itemType)
    public static let itemOrder = Column(CodingKeys.itemOrder)
    public static let itemText = Column(CodingKeys.itemText)
    public static let intSeq = Column(CodingKeys.intSeq)
    public static let isStartOfBridge = Column(CodingKeys.isStartOfBridge)
    public static let lastVsOfBridge = Column(CodingKeys.lastVsOfBridge)
    public static let marker = Column(CodingKeys.marker)
    public static let revision = Column(CodingKeys.revision)
    public static let uid = Column(CodingKeys.uid)
  }
}

/// One step of a verse bridge, kept so bridges unwind right to left (table `BridgeItems`).
public struct BridgeItem: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  /// The SQLite table.
  public static let databaseTableName = "BridgeItems"
  /// Primary key; the highest id of an item is its latest step.
  public var bridgeID: Int64?
  /// The bridge's verse item.
  public var itemID: Int64
  /// The bridge's text right after this step.
  public var textCurrentBridge: String
  /// The text the added verse brought into the bridge.
  public var textExtraVerse: String

  /// Keeps the id SQLite gave the new row.
  public mutating func didInsert(_ inserted: InsertionSuccess) { bridgeID = inserted.rowID }

  /// The table's columns, for queries.
  public enum Columns {
    public static let bridgeID = Column(CodingKeys.bridgeID)
    public static let itemID = Column(CodingKeys.itemID)
    public static let textCurrentBridge = Column(CodingKeys.textCurrentBridge)
    public static let textExtraVerse = Column(CodingKeys.textExtraVerse)
  }
}
