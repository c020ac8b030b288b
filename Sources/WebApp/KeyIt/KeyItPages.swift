import KeyIt
import Localization

/// One choice in a `<select>`.
struct Choice {
  let value: String
  let label: String
  let selected: Bool
}

/// The setup screen.
struct SetupPage {
  let title = t("keyit.setup.title")
  let keyit = true
  let current: BibleJSON?
  let bibleID: Int64?
  let bibles: [BibleJSON]
  let hasBibles: Bool
  let error: String?
  /// What the last change did, shown above the forms.
  let notice: String?
  /// Which versification the current Bible's verses are numbered in.
  let numberedAs: String?
  let nameLists: [Choice]
  let newNameLists: [Choice]
  let versifications: [VersificationChoice]
  /// The same choices for renumbering the current Bible, its own selected.
  let renumberings: [VersificationChoice]
  /// Joining or leaving a team (the current Bible's id to copy, its hub when it shares).
  let team: TeamSection?

  /// A versification offered, with what it is for.
  struct VersificationChoice {
    let value: String
    let name: String
    let explanation: String
    let selected: Bool
  }

  init(current: Bible?, bibles: [BibleJSON], error: String?, notice: String? = nil, team: TeamSection? = nil) {
    self.current = bibles.first { $0.current }
    self.team = team
    bibleID = current?.bibleID
    self.bibles = bibles
    hasBibles = !bibles.isEmpty
    self.error = error
    self.notice = notice
    numberedAs = current.map {
      t(
        "keyit.setup.numberedAs", ["versification": .text(KeyItWords.versification($0.versification, requestLocalizer))]
      )
    }
    nameLists = BookCatalog.nameLists.map {
      Choice(value: $0.id, label: $0.name, selected: $0.id == current?.bookNames)
    }
    newNameLists = BookCatalog.nameLists.map { Choice(value: $0.id, label: $0.name, selected: $0.id == "en") }
    versifications = Versification.allCases.map {
      VersificationChoice(
        value: $0.rawValue, name: KeyItWords.versification($0, requestLocalizer),
        explanation: KeyItWords.explanation($0, requestLocalizer),
        selected: $0 == .kjv)
    }
    renumberings = Versification.allCases.map {
      VersificationChoice(
        value: $0.rawValue, name: KeyItWords.versification($0, requestLocalizer),
        explanation: KeyItWords.explanation($0, requestLocalizer),
        selected: $0 == current?.versification)
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
    /// Chapters and verses keyboarded, in the interface language.
    let progress: String
    let current: Bool
    let started: Bool
  }
  struct Group {
    let name: String
    let books: [Row]
  }
  let title = t("keyit.books.title")
  let keyit = true
  let bibleID: Int64
  let heading: String
  let groups: [Group]
  let addable: [Choice]
  let hasAddable: Bool

  init(bible: Bible, books: [BookSummary], addable: [BookSpec]) {
    bibleID = bible.bibleID!
    heading = t("keyit.books.heading", ["bible": .text(bible.name)])
    func rows(_ part: (Int) -> Bool) -> [Row] {
      books.filter { part($0.book.bookID) }.map {
        Row(
          code: $0.book.bookCode,
          href: "/keyit/bibles/\($0.book.bibleID)/books/\($0.book.bookCode)"
            + ($0.book.currChapter > 0 ? "/\($0.book.currChapter)" : ""),
          name: $0.book.bookName,
          progress: t(
            "keyit.books.progress",
            [
              "chapters": .number($0.book.numChaps), "done": .number($0.versesKeyboarded),
              "count": .number($0.totalVerses),
            ]),
          current: $0.book.bookID == bible.currBook, started: $0.versesKeyboarded > 0)
      }
    }
    groups = [
      Group(name: t("keyit.books.oldTestament"), books: rows { $0 < 41 }),
      Group(name: t("keyit.books.newTestament"), books: rows(BookSpec.isNewTestament)),
      Group(name: t("keyit.books.otherBooks"), books: rows { $0 > 67 }),
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
    /// The cell's tooltip: its number and state.
    let title: String
    /// A mark beside the number, so progress is not told by colour alone.
    let mark: String
    let current: Bool
    /// Conflicts waiting in the chapter, and the badge's words (nil when none).
    let conflicts: String?
  }
  let title: String
  let keyit = true
  let bibleID: Int64
  let code: String
  let bookName: String
  let heading: String
  let gridLabel: String
  let cells: [Cell]
  /// "Conflicts waiting: n" for the book, nil when none.
  let bookConflicts: String?

  init(book: Book, chapters: [ChapterSummary], conflicts: [ChapterConflict] = []) {
    let perChapter = Dictionary(grouping: conflicts, by: \.chapter).mapValues(\.count)
    bookConflicts = conflicts.isEmpty ? nil : t("keyit.team.conflictsWaiting", ["count": .number(conflicts.count)])
    title = t("keyit.chapters.title", ["book": .text(book.bookName)])
    bibleID = book.bibleID
    code = book.bookCode
    bookName = book.bookName
    let psalms = BookSpec.isPsalms(code: book.bookCode)
    heading = t(psalms ? "keyit.chapters.heading.psalms" : "keyit.chapters.heading", ["book": .text(book.bookName)])
    gridLabel = t(psalms ? "keyit.chapters.grid.psalms" : "keyit.chapters.grid")
    let labels: [ChapterStatus: String] = [
      .empty: t("keyit.chapters.empty"), .started: t("keyit.chapters.started"),
      .complete: t("keyit.chapters.complete"),
    ]
    let leftOff = t("keyit.chapters.leftOff")
    cells = chapters.map {
      let current = $0.chapter.chapterNumber == book.currChapter
      let state = labels[$0.status]! + (current ? " (\(leftOff))" : "")
      return Cell(
        number: $0.chapter.chapterNumber, status: $0.status.rawValue,
        title: t(
          psalms ? "keyit.chapters.cell.psalms" : "keyit.chapters.cell",
          ["number": .number($0.chapter.chapterNumber), "status": .text(state)]),
        mark: [ChapterStatus.empty: "", .started: "◐", .complete: "✓"][$0.status]!,
        current: current,
        conflicts: perChapter[$0.chapter.chapterNumber].map { t("keyit.team.conflictsWaiting", ["count": .number($0)]) }
      )
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
  let number: Int
  let previous: Int?
  let next: Int?
  let otherChapter: String
  let previousLabel: String
  let nextLabel: String
  let chapterJSON: String
  /// The items in conflict (by item id) and the conflicts page's anchor for each, for the script's badges.
  let conflictsJSON: String
  /// "Conflicts waiting: n" for the chapter, nil when none.
  let chapterConflicts: String?

  init(content: ChapterContent, conflicts: [ChapterConflict] = []) throws {
    let inConflict = Set(conflicts.map(\.conflict.itemUID))
    conflictsJSON = try embeddedJSON(
      content.labelledItems.map(\.item).filter { inConflict.contains($0.uid) }.compactMap(\.itemID))
    chapterConflicts = conflicts.isEmpty ? nil : t("keyit.team.conflictsWaiting", ["count": .number(conflicts.count)])
    let chapter = ChapterJSON(content)
    title = t(
      "keyit.edit.title",
      ["book": .text(content.book.bookName), "number": .number(content.chapter.chapterNumber)])
    bibleID = chapter.bible
    code = chapter.book.code
    bookName = chapter.book.name
    let psalms = BookSpec.isPsalms(code: chapter.book.code)
    otherChapter = t(psalms ? "keyit.edit.otherChapter.psalms" : "keyit.edit.otherChapter")
    previousLabel = t(psalms ? "keyit.edit.previous.psalms" : "keyit.edit.previous")
    nextLabel = t(psalms ? "keyit.edit.next.psalms" : "keyit.edit.next")
    number = chapter.number
    previous = number > 1 ? number - 1 : nil
    next = number < chapter.book.chapters ? number + 1 : nil
    chapterJSON = try embeddedJSON(chapter)
  }
}

/// The export and import screen.
struct ExportPage {
  let title = t("keyit.export.title")
  let keyit = true
  let bibleID: Int64
  let heading: String
  let books: [Choice]

  init(bible: Bible, books: [Book]) {
    bibleID = bible.bibleID!
    heading = t("keyit.export.heading", ["bible": .text(bible.name)])
    self.books = books.map {
      Choice(value: $0.bookCode, label: $0.bookName, selected: $0.bookID == bible.currBook)
    }
  }
}
