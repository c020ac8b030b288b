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
  let nameLists: [Choice]
  let newNameLists: [Choice]

  init(current: Bible?, bibles: [BibleJSON], error: String?) {
    self.current = bibles.first { $0.current }
    bibleID = current?.bibleID
    self.bibles = bibles
    hasBibles = !bibles.isEmpty
    self.error = error
    nameLists = BookCatalog.nameLists.map {
      Choice(value: $0.id, label: $0.name, selected: $0.id == current?.bookNames)
    }
    newNameLists = BookCatalog.nameLists.map { Choice(value: $0.id, label: $0.name, selected: $0.id == "en") }
  }
}

/// The books screen: the books in two groups, Old and New Testament.
struct BooksPage {
  struct Row {
    let code: String
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

  init(bible: Bible, books: [BookSummary]) {
    bibleID = bible.bibleID!
    bibleName = bible.name
    func rows(newTestament: Bool) -> [Row] {
      books.filter { BookSpec.isNewTestament(number: $0.book.bookID) == newTestament }.map {
        Row(
          code: $0.book.bookCode, name: $0.book.bookName, chapters: $0.book.numChaps, done: $0.versesKeyboarded,
          total: $0.totalVerses, current: $0.book.bookID == bible.currBook, started: $0.versesKeyboarded > 0)
      }
    }
    groups = [
      Group(name: "Old Testament", books: rows(newTestament: false)),
      Group(name: "New Testament", books: rows(newTestament: true)),
    ]
  }
}

/// The chapters screen: a grid of chapter numbers with their state.
struct ChaptersPage {
  struct Cell {
    let number: Int
    let status: String
    let statusLabel: String
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
