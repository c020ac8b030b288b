import KeyIt

/// One choice in a `<select>`.
struct Choice {
  let value: String
  let label: String
  let selected: Bool
}

/// The setup screen.
struct SetupView {
  let title = "Key It — setup"
  let keyit = true
  let current: BibleView?
  let bibles: [BibleView]
  let hasBibles: Bool
  let error: String?
  let nameLists: [Choice]
  let newNameLists: [Choice]

  init(current: Bible?, bibles: [BibleView], error: String?) {
    self.current = bibles.first { $0.current }
    self.bibles = bibles
    hasBibles = !bibles.isEmpty
    self.error = error
    nameLists = BookCatalog.nameLists.map {
      Choice(value: $0.id, label: $0.name, selected: $0.id == current?.bookNames)
    }
    newNameLists = BookCatalog.nameLists.map { Choice(value: $0.id, label: $0.name, selected: $0.id == "en") }
  }
}

/// The books screen: the 66 books in two groups.
struct BooksView {
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
  let bibleName: String
  let groups: [Group]

  init(bible: Bible, books: [BookSummary]) {
    bibleName = bible.name
    let rows = books.map {
      Row(
        code: $0.book.bookCode, name: $0.book.bookName, chapters: $0.book.numChaps, done: $0.versesKeyboarded,
        total: $0.totalVerses, current: $0.book.bookID == bible.currBook, started: $0.versesKeyboarded > 0)
    }
    groups = [
      Group(name: "Old Testament", books: Array(rows.prefix(39))),
      Group(name: "New Testament", books: Array(rows.dropFirst(39))),
    ]
  }
}

/// The chapters screen: a grid of chapter numbers with their state.
struct ChaptersView {
  struct Cell {
    let number: Int
    let status: String
    let statusLabel: String
    let current: Bool
  }
  let title: String
  let keyit = true
  let code: String
  let bookName: String
  let chapterWord: String
  let cells: [Cell]

  init(book: Book, chapters: [ChapterSummary]) {
    title = "Key It — \(book.bookName)"
    code = book.bookCode
    bookName = book.bookName
    chapterWord = book.bookCode == "PSA" ? "Psalm" : "Chapter"
    let labels: [ChapterStatus: String] = [.empty: "empty", .started: "started", .complete: "complete"]
    cells = chapters.map {
      Cell(
        number: $0.chapter.chapterNumber, status: $0.status.rawValue, statusLabel: labels[$0.status]!,
        current: $0.chapter.chapterNumber == book.currChapter)
    }
  }
}

/// The edit screen: a shell whose list the script renders from the embedded chapter.
struct EditView {
  let title: String
  let keyit = true
  let code: String
  let bookName: String
  let chapterWord: String
  let number: Int
  let previous: Int?
  let next: Int?
  let chapterJSON: String

  init(content: ChapterContent) throws {
    let view = ChapterView(content)
    title = "Key It — \(content.book.bookName) \(content.chapter.chapterNumber)"
    code = view.book.code
    bookName = view.book.name
    chapterWord = view.chapterWord
    number = view.number
    previous = number > 1 ? number - 1 : nil
    next = number < view.book.chapters ? number + 1 : nil
    chapterJSON = try embeddedJSON(view)
  }
}

/// The export and import screen.
struct ExportView {
  let title = "Key It — export"
  let keyit = true
  let bibleName: String
  let books: [Choice]

  init(bible: Bible, books: [Book]) {
    bibleName = bible.name
    self.books = books.map {
      Choice(value: $0.bookCode, label: $0.bookName, selected: $0.bookID == bible.currBook)
    }
  }
}
