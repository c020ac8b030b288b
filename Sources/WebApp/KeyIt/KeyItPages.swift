import KeyIt

/// One choice in a `<select>`.
struct Choice {
  let value: String
  let label: String
  let selected: Bool
}

/// The setup screen.
struct SetupPage {
  let title = "Key It — setup"
  let keyit = true
  let current: BibleJSON?
  let bibleID: Int64?
  let bibles: [BibleJSON]
  let hasBibles: Bool
  let error: String?
  /// What the last change did, shown above the forms.
  let notice: String?
  let nameLists: [Choice]
  let newNameLists: [Choice]
  let versifications: [VersificationChoice]
  /// The same choices for renumbering the current Bible, its own selected.
  let renumberings: [VersificationChoice]

  /// A versification offered, with what it is for.
  struct VersificationChoice {
    let value: String
    let name: String
    let explanation: String
    let selected: Bool
  }

  init(current: Bible?, bibles: [BibleJSON], error: String?, notice: String? = nil) {
    self.current = bibles.first { $0.current }
    bibleID = current?.bibleID
    self.bibles = bibles
    hasBibles = !bibles.isEmpty
    self.error = error
    self.notice = notice
    nameLists = BookCatalog.nameLists.map {
      Choice(value: $0.id, label: $0.name, selected: $0.id == current?.bookNames)
    }
    newNameLists = BookCatalog.nameLists.map { Choice(value: $0.id, label: $0.name, selected: $0.id == "en") }
    versifications = Versification.allCases.map {
      VersificationChoice(value: $0.rawValue, name: $0.name, explanation: $0.explanation, selected: $0 == .kjv)
    }
    renumberings = Versification.allCases.map {
      VersificationChoice(
        value: $0.rawValue, name: $0.name, explanation: $0.explanation, selected: $0 == current?.versification)
    }
  }
}

/// The books screen: the books in groups (Old Testament, New Testament, other books), and the
/// other books the Bible's versification numbers, to add.
struct BooksPage {
  struct Row {
    let code: String
    /// The book's current chapter when it has one (as the seed: a book worked on opens where
    /// the user left off), else its chapters.
    let href: String
    let name: String
    let chapters: Int
    let done: Int
    let total: Int
    let current: Bool
    let started: Bool
  }
  struct Group {
    let name: String
    let books: [Row]
  }
  let title = "Key It — books"
  let keyit = true
  let bibleID: Int64
  let bibleName: String
  let groups: [Group]
  let addable: [Choice]
  let hasAddable: Bool

  init(bible: Bible, books: [BookSummary], addable: [BookSpec]) {
    bibleID = bible.bibleID!
    bibleName = bible.name
    func rows(_ part: (Int) -> Bool) -> [Row] {
      books.filter { part($0.book.bookID) }.map {
        Row(
          code: $0.book.bookCode,
          href: "/keyit/bibles/\($0.book.bibleID)/books/\($0.book.bookCode)"
            + ($0.book.currChapter > 0 ? "/\($0.book.currChapter)" : ""),
          name: $0.book.bookName, chapters: $0.book.numChaps, done: $0.versesKeyboarded,
          total: $0.totalVerses, current: $0.book.bookID == bible.currBook, started: $0.versesKeyboarded > 0)
      }
    }
    groups = [
      Group(name: "Old Testament", books: rows { $0 < 41 }),
      Group(name: "New Testament", books: rows(BookSpec.isNewTestament)),
      Group(name: "Other books", books: rows { $0 > 67 }),
    ].filter { !$0.books.isEmpty }
    self.addable = addable.map { Choice(value: $0.code, label: $0.name, selected: false) }
    hasAddable = !addable.isEmpty
  }
}

/// The chapters screen: a grid of chapter numbers with their state.
struct ChaptersPage {
  struct Cell {
    let number: Int
    let status: String
    let statusLabel: String
    /// A mark beside the number, so progress is not told by colour alone.
    let mark: String
    let current: Bool
  }
  let title: String
  let keyit = true
  let bibleID: Int64
  let code: String
  let bookName: String
  let chapterWord: String
  let cells: [Cell]

  init(book: Book, chapters: [ChapterSummary]) {
    title = "Key It — \(book.bookName)"
    bibleID = book.bibleID
    code = book.bookCode
    bookName = book.bookName
    chapterWord = BookSpec.chapterWord(code: book.bookCode)
    let labels: [ChapterStatus: String] = [.empty: "empty", .started: "started", .complete: "complete"]
    cells = chapters.map {
      Cell(
        number: $0.chapter.chapterNumber, status: $0.status.rawValue, statusLabel: labels[$0.status]!,
        mark: [ChapterStatus.empty: "", .started: "◐", .complete: "✓"][$0.status]!,
        current: $0.chapter.chapterNumber == book.currChapter)
    }
  }
}

/// The edit screen: a shell whose list the script renders from the embedded chapter.
struct EditPage {
  let title: String
  let keyit = true
  let bibleID: Int64
  let code: String
  let bookName: String
  let chapterWord: String
  let number: Int
  let previous: Int?
  let next: Int?
  let chapterJSON: String

  init(content: ChapterContent) throws {
    let chapter = ChapterJSON(content)
    title = "Key It — \(content.book.bookName) \(content.chapter.chapterNumber)"
    bibleID = chapter.bible
    code = chapter.book.code
    bookName = chapter.book.name
    chapterWord = chapter.chapterWord
    number = chapter.number
    previous = number > 1 ? number - 1 : nil
    next = number < chapter.book.chapters ? number + 1 : nil
    chapterJSON = try embeddedJSON(chapter)
  }
}

/// The export and import screen.
struct ExportPage {
  let title = "Key It — export"
  let keyit = true
  let bibleID: Int64
  let bibleName: String
  let books: [Choice]

  init(bible: Bible, books: [Book]) {
    bibleID = bible.bibleID!
    bibleName = bible.name
    self.books = books.map {
      Choice(value: $0.bookCode, label: $0.bookName, selected: $0.bookID == bible.currBook)
    }
  }
}
