import AppSupport
import KeyIt
import Localization

/// A chapter as the edit screen's script uses it.
struct ChapterJSON: Codable, Sendable {
  struct BookInfo: Codable, Sendable {
    let code: String
    let name: String
    let chapters: Int
  }
  /// The Bible the chapter belongs to: the page sends it back with every call.
  let bible: Int64
  let book: BookInfo
  let number: Int
  let numVerses: Int
  let numItems: Int
  let currentItem: Int64?
  /// "Psalm" in Psalms, else "Chapter".
  let chapterWord: String
  let items: [ItemJSON]

  init(_ content: ChapterContent) {
    bible = content.book.bibleID
    book = BookInfo(code: content.book.bookCode, name: content.book.bookName, chapters: content.book.numChaps)
    number = content.chapter.chapterNumber
    numVerses = content.chapter.numVerses
    numItems = content.chapter.numItems
    currentItem = content.currentItem?.itemID
    chapterWord = content.facts.chapterWord
    items = content.labelledItems.map(ItemJSON.init)
  }
}

/// One item of a chapter for the edit screen.
struct ItemJSON: Codable, Sendable {
  let id: Int64
  /// The text id, the same on every device of a team: conflicts name items by it.
  let uid: String
  let type: String
  let verse: Int
  /// The last verse the item covers (a bridge's end, else its verse).
  let lastVerse: Int
  let label: String
  let text: String
  /// The text's revision: a save sends it back, and is refused when the text changed since.
  let revision: Int
  /// Paragraph breaks have no text field.
  let hasText: Bool
  /// The USFM marker a break or line is written with when not the default (`q1`, `q2`, `m`, …).
  let marker: String?
}

extension ItemJSON {
  init(_ labelled: LabelledItem) {
    let item = labelled.item
    id = item.itemID!
    uid = item.uid
    type = item.itemType.rawValue
    verse = item.verseNumber
    lastVerse = item.lastVerse
    label = labelled.words.text(in: requestLocalizer)
    text = item.itemText
    revision = item.revision
    hasText = item.itemType.carriesText
    marker = item.marker
  }
}

/// Every autosave answers with its item.
extension ItemJSON: JSONBytesWritable {
  func write(to out: inout JSONBytes) {
    var fields = JSONBytes.Fields()
    fields.key("hasText", &out) { $0.bool(hasText) }
    fields.key("id", &out) { $0.int(id) }
    fields.key("label", &out) { $0.string(label) }
    fields.key("lastVerse", &out) { $0.int(lastVerse) }
    if let marker { fields.key("marker", &out) { $0.string(marker) } }
    fields.key("revision", &out) { $0.int(revision) }
    fields.key("text", &out) { $0.string(text) }
    fields.key("type", &out) { $0.string(type) }
    fields.key("uid", &out) { $0.string(uid) }
    fields.key("verse", &out) { $0.int(verse) }
    fields.close(&out)
  }
}

/// A Bible as the setup screen and API list it.
struct BibleJSON: Codable, Sendable {
  let id: Int64
  let name: String
  let frenchPsalms: Bool
  /// How the printed Bible numbers verses (`eng`, `kjv`, `org`, `lxx`, `vul`, `rsc`, `rso`).
  let versification: String
  /// The versification's name.
  let versificationName: String
  let bookNames: String
  let goStraight: Bool
  let current: Bool

  init(_ bible: Bible, current: Int64?) {
    id = bible.bibleID!
    name = bible.name
    frenchPsalms = bible.frenchPsalms
    versification = bible.versification.rawValue
    versificationName = bible.versification.name
    bookNames = bible.bookNames
    goStraight = bible.goStraight
    self.current = bible.bibleID == current
  }
}

/// What a page sends to record where the user is: a book, and a chapter when one is open.
struct PositionJSON: Decodable {
  let book: String
  let chapter: Int?
}

/// A book's new name.
struct BookNameJSON: Decodable { let name: String }

/// An item's new text, and the revision of the text it was typed on (when the page knows it).
struct TextJSON: Decodable {
  let text: String
  let revision: Int?
}

/// Where an action splits an item's text, for the actions that ask.
struct ActionJSON: Decodable { let offset: Int? }

/// How to settle a conflict: its id, the choice, and the text for `edited`.
struct ResolveJSON: Decodable {
  let conflict: String
  let choice: ResolutionChoice
  let text: String?
}

/// USFM files to import, as text.
struct ImportJSON: Decodable {
  struct File: Decodable {
    let name: String
    let text: String
  }
  let files: [File]
}

/// What importing one USFM file did, as the API and `keyit import --json` give it: what was
/// normalised is in the request's language.
public struct ImportReportWords: Encodable, Sendable {
  let file: String
  let book: String
  let chapters: [Int]
  let versesWithText: Int
  let nameInFile: String?
  let normalised: [String]

  public init(_ report: ImportReport, words: Localizer) {
    file = report.file
    book = report.book
    chapters = report.chapters
    versesWithText = report.versesWithText
    nameInFile = report.nameInFile
    normalised = report.normalised.map { KeyItWords.importNote($0, words) }
  }
}
