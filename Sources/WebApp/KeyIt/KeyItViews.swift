import KeyIt

/// A chapter as the edit screen's script uses it.
struct ChapterView: Codable, Sendable {
  struct BookInfo: Codable, Sendable {
    let code: String
    let name: String
    let chapters: Int
  }
  let book: BookInfo
  let number: Int
  let numVerses: Int
  let numItems: Int
  let currentItem: Int64?
  /// "Psalm" in Psalms, else "Chapter".
  let chapterWord: String
  let items: [ItemView]

  init(_ content: ChapterContent) {
    book = BookInfo(code: content.book.bookCode, name: content.book.bookName, chapters: content.book.numChaps)
    number = content.chapter.chapterNumber
    numVerses = content.chapter.numVerses
    numItems = content.chapter.numItems
    currentItem = content.currentItem?.itemID
    chapterWord = content.facts.isPsalms ? "Psalm" : "Chapter"
    items = content.items.map { ItemView($0, inPsalms: content.facts.isPsalms) }
  }
}

/// One item of a chapter for the edit screen.
struct ItemView: Codable, Sendable {
  let id: Int64
  let type: String
  let verse: Int
  let label: String
  let text: String
  /// Paragraph breaks have no text field.
  let hasText: Bool

  init(_ item: VerseItem, inPsalms: Bool) {
    id = item.itemID!
    type = item.itemType.rawValue
    verse = item.verseNumber
    label = item.label(inPsalms: inPsalms)
    text = item.itemText
    hasText = item.itemType.carriesText
  }
}

/// A Bible as the setup screen and API list it.
struct BibleView: Codable, Sendable {
  let id: Int64
  let name: String
  let frenchPsalms: Bool
  let bookNames: String
  let goStraight: Bool
  let current: Bool

  init(_ bible: Bible, current: Int64?) {
    id = bible.bibleID!
    name = bible.name
    frenchPsalms = bible.frenchPsalms
    bookNames = bible.bookNames
    goStraight = bible.goStraight
    self.current = bible.bibleID == current
  }
}
