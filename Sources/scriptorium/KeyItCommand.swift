import AppSupport
import ArgumentParser
import Foundation
import KeyIt
import Localization
import WebApp

/// `scriptorium keyit …`: Key It from the command line.
struct KeyItCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keyit", abstract: "Keyboard Scripture and export USFM or USX.",
    subcommands: [
      KeyItInit.self, KeyItUse.self, KeyItRename.self, KeyItRenameBook.self, KeyItBibles.self, KeyItBooks.self,
      KeyItChapters.self, KeyItItems.self,
      KeyItSet.self, KeyItActions.self, KeyItAct.self, KeyItExport.self, KeyItImport.self, KeyItCreateAll.self,
      KeyItStats.self, KeyItAddBook.self, KeyItVersification.self, KeyItTeamCommand.self,
    ])
}

/// Options every Key It subcommand takes.
struct KeyItOptions: ParsableArguments {
  @OptionGroup var common: CommonOptions
  @Option(help: "Bible id (default: the current Bible).") var bible: Int64?

  /// Opens `keyit.sqlite` in the data folder.
  func store() throws -> KeyItStore { try KeyItStore(dataFolder: common.folder) }

  /// Prints a value as JSON, or the human text.
  func emit<Value: Encodable>(_ value: Value, human: () -> String) throws { try common.emit(value, human: human) }
}

struct KeyItInit: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init", abstract: "Create a Bible (it becomes the current one) and print its id.")
  @OptionGroup var options: KeyItOptions
  @Option(help: "The Bible's name.") var name: String
  @Option(
    help: ArgumentHelp(
      "How the printed Bible numbers verses: "
        + Versification.allCases.map { "\($0.rawValue) (\($0.name))" }.joined(separator: ", ") + ".",
      valueName: "id")) var versification: Versification?
  @Flag(help: "French psalm numbering (the psalm title is verse 1): the Original versification.")
  var frenchPsalms = false

  func run() async throws {
    let bible = try await options.store().createBible(
      name: name, versification: versification, frenchPsalms: frenchPsalms)
    try options.emit(bible) { "\(bible.bibleID!)" }
  }
}

struct KeyItAddBook: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add-book",
    abstract: "Add a book outside the 66 that the Bible's versification numbers (none: list them).")
  @OptionGroup var options: KeyItOptions
  @Argument(help: "The book's code, e.g. TOB.") var code: String?

  func run() async throws {
    let store = try options.store()
    guard let code else {
      let books = try await store.addableBooks(bibleID: options.bible)
      try options.emit(books.map(\.code)) { books.map { "\($0.code)\t\($0.name)" }.joined(separator: "\n") }
      return
    }
    let book = try await store.addBook(bibleID: options.bible, code: code)
    try options.emit(book) { t("cli.keyit.added", ["code": .text(book.bookCode), "name": .text(book.bookName)]) }
  }
}

extension Versification: ExpressibleByArgument {}
extension ExportFormat: ExpressibleByArgument {}

struct KeyItUse: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "use", abstract: "Make a Bible the current one.")
  @OptionGroup var options: KeyItOptions
  @Argument(help: "The Bible's id.") var id: Int64

  func run() async throws {
    let bible = try await options.store().selectBible(id)
    try options.emit(bible) {
      t("cli.keyit.current", ["id": .text(String(bible.bibleID!)), "name": .text(bible.name)])
    }
  }
}

struct KeyItRename: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename the Bible.")
  @OptionGroup var options: KeyItOptions
  @Argument(help: "The new name.") var name: String

  func run() async throws {
    let store = try options.store()
    let bible = try await store.renameBible(try await store.bible(options.bible).bibleID!, to: name)
    try options.emit(bible) {
      t("cli.keyit.renamed", ["id": .text(String(bible.bibleID!)), "name": .text(bible.name)])
    }
  }
}

struct KeyItRenameBook: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rename-book", abstract: "Rename a book in this Bible (exported as \\h and \\toc2).")
  @OptionGroup var options: KeyItOptions
  @Argument(help: "Book code, e.g. RUT.") var book: String
  @Argument(help: "The new name.") var name: String

  func run() async throws {
    let renamed = try await options.store().renameBook(bibleID: options.bible, code: book, to: name)
    try options.emit(renamed) {
      t("cli.keyit.bookRenamed", ["code": .text(renamed.bookCode), "name": .text(renamed.bookName)])
    }
  }
}

struct KeyItVersification: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "versification",
    abstract: "Show the Bible's versification, or change it (typed text moves by the mapping lines).",
    discussion: "A change that would lose text is refused, naming the verses, and changes nothing.")
  @OptionGroup var options: KeyItOptions
  @Argument(
    help: ArgumentHelp(
      Versification.allCases.map { "\($0.rawValue) (\($0.name))" }.joined(separator: ", ") + ".", valueName: "id"))
  var versification: Versification?

  func run() async throws {
    let store = try options.store()
    guard let versification else {
      let current = try await store.bible(options.bible).versification
      try options.emit(current) {
        "\(current.rawValue)\t\(KeyItWords.versification(current, CommandLanguage.localizer)): \(KeyItWords.explanation(current, CommandLanguage.localizer))"
      }
      return
    }
    let report = try await store.changeVersification(bibleID: options.bible, to: versification)
    try options.emit(report) {
      ([
        t(
          "cli.keyit.renumbered",
          [
            "versification": .text(KeyItWords.versification(report.to, CommandLanguage.localizer)),
            "previous": .text(KeyItWords.versification(report.from, CommandLanguage.localizer)),
            "count": .number(report.moved.count),
          ])
      ]
        + report.moved).joined(separator: "\n")
    }
  }
}

struct KeyItBibles: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "bibles", abstract: "List the Bibles.")
  @OptionGroup var options: KeyItOptions

  func run() async throws {
    let store = try options.store()
    let bibles = try await store.bibles()
    let current = try await store.currentBible()?.bibleID
    try options.emit(bibles) {
      bibles.isEmpty
        ? t("cli.keyit.noBible")
        : bibles.map {
          "\($0.bibleID == current ? "*" : " ") \($0.bibleID!)\t\($0.name)\t\($0.uid)\($0.frenchPsalms ? "\t" + t("cli.keyit.frenchPsalms") : "")"
        }
        .joined(separator: "\n")
    }
  }
}

struct KeyItBooks: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "books", abstract: "List the books with progress.")
  @OptionGroup var options: KeyItOptions

  func run() async throws {
    let books = try await options.store().books(bibleID: options.bible)
    try options.emit(books) {
      books.map {
        let progress = t(
          "keyit.books.progress",
          [
            "chapters": .number($0.book.numChaps), "done": .number($0.versesKeyboarded),
            "count": .number($0.totalVerses),
          ])
        return "\($0.book.bookCode)\t\($0.book.bookName)\t\(progress)"
      }.joined(separator: "\n")
    }
  }
}

struct KeyItChapters: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "chapters", abstract: "Open a book (it becomes current) and list its chapters.")
  @OptionGroup var options: KeyItOptions
  @Argument(help: "Book code, e.g. RUT.") var book: String

  func run() async throws {
    let (_, chapters) = try await options.store().openBook(bibleID: options.bible, code: book)
    try options.emit(chapters) {
      chapters.map {
        let progress = t(
          "cli.keyit.chapterProgress", ["done": .number($0.versesKeyboarded), "count": .number($0.chapter.numVerses)])
        return "\($0.chapter.chapterNumber)\t\(progress)\t\(KeyItWords.status($0.status, CommandLanguage.localizer))"
      }.joined(separator: "\n")
    }
  }
}

struct KeyItItems: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "items", abstract: "Open a chapter (it becomes current) and list its items in printed order.")
  @OptionGroup var options: KeyItOptions
  @Argument(help: "Book code, e.g. RUT.") var book: String
  @Argument(help: "Chapter number.") var chapter: Int

  func run() async throws {
    let content = try await options.store().openChapter(bibleID: options.bible, code: book, chapter: chapter)
    try options.emit(content) { render(content) }
  }
}

struct KeyItSet: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "set", abstract: "Save an item's text.")
  @OptionGroup var options: KeyItOptions
  @Argument(help: "Item id (see `items`).") var itemID: Int64
  @Argument(help: "The text.") var text: String

  func run() async throws {
    let saved = try await options.store().setText(bibleID: options.bible, itemID: itemID, text: text)
    try options.emit(saved.item) {
      t("cli.keyit.saved", ["item": .text(saved.words.text(in: CommandLanguage.localizer))])
    }
  }
}

struct KeyItActions: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "actions", abstract: "List the actions allowed on an item.")
  @OptionGroup var options: KeyItOptions
  @Argument(help: "Item id.") var itemID: Int64

  func run() async throws {
    let actions = try await options.store().actions(bibleID: options.bible, itemID: itemID)
    try options.emit(actions.map { $0.encoded(in: CommandLanguage.localizer) }) {
      actions.map { "\($0.id.rawValue)\t\($0.words.text(in: CommandLanguage.localizer))" }.joined(separator: "\n")
    }
  }
}

struct KeyItAct: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "act", abstract: "Perform an action on an item and list the chapter after it.")
  @OptionGroup var options: KeyItOptions
  @Argument(help: "Item id.") var itemID: Int64
  @Argument(help: "Action id (see `actions`).") var action: String
  @Option(help: "Character offset for insertParagraphIn and unbridge.") var offset: Int?

  func run() async throws {
    guard let id = ItemActionID(rawValue: action) else { throw KeyItError.unknownAction(action) }
    let content = try await options.store().perform(id, bibleID: options.bible, itemID: itemID, offset: offset)
    try options.emit(content) { render(content) }
  }
}

struct KeyItExport: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export", abstract: "Export a chapter, a book, or every book (--all) as USFM or USX.")
  @OptionGroup var options: KeyItOptions
  @Argument(help: "Book code, e.g. RUT.") var book: String?
  @Argument(help: "Chapter number (default: the whole book).") var chapter: Int?
  @Flag(help: "Export every book, one file each, into the -o folder.") var all = false
  @Option(help: "usfm (USFM 3) or usx (USX 3.0, the XML of Paratext 9 and Scripture Burrito).")
  var format: ExportFormat = .usfm
  @Option(name: .shortAndLong, help: "Output file (or folder with --all); default stdout.") var output: String?

  func validate() throws {
    if all && (book != nil || output == nil) { throw ValidationError("--all takes no book and needs -o DIR") }
    if !all && book == nil { throw ValidationError("give a book code, or --all -o DIR") }
  }

  func run() async throws {
    let store = try options.store()
    if all {
      let folder = URL(fileURLWithPath: output!)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let files = try await store.exportBible(bibleID: options.bible, format: format)
      for file in files {
        try Data(file.text.utf8).write(to: folder.appendingPathComponent(file.fileName), options: .atomic)
      }
      try options.emit(files.map(\.fileName)) {
        t("cli.keyit.wrote", ["count": .number(files.count), "folder": .text(folder.path)])
      }
      return
    }
    let text =
      if let chapter {
        try await store.exportChapter(bibleID: options.bible, code: book!, chapter: chapter, format: format)
      } else {
        try await store.exportBook(bibleID: options.bible, code: book!, format: format)
      }
    if let output {
      try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    } else {
      print(text, terminator: "")
    }
  }
}

struct KeyItImport: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import", abstract: "Import USFM books into the Bible (all or nothing).")
  @OptionGroup var options: KeyItOptions
  @Argument(help: "USFM files, one book each.") var files: [String]

  func run() async throws {
    let inputs = try files.map { path in
      guard let data = FileManager.default.contents(atPath: path) else {
        throw KeyItError.file(path: path, message: t("cli.keyit.unreadable"))
      }
      guard let text = String(data: data, encoding: .utf8) else {
        throw KeyItError.file(path: path, message: t("cli.keyit.notUTF8"))
      }
      return (name: path, text: text)
    }
    let reports = try await options.store().importUSFM(inputs, bibleID: options.bible)
    try options.emit(reports) {
      reports.map {
        t(
          "cli.keyit.imported",
          [
            "file": .text($0.file), "book": .text($0.book), "chapters": .number($0.chapters.count),
            "count": .number($0.versesWithText),
          ])
      }
      .joined(separator: "\n")
    }
  }
}

struct KeyItCreateAll: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "create-all", abstract: "Create every chapter and item of the Bible now.")
  @OptionGroup var options: KeyItOptions

  func run() async throws {
    let store = try options.store()
    try await store.createAll(bibleID: options.bible)
    let stats = try await store.stats(bibleID: options.bible)
    try options.emit(stats) {
      t("cli.keyit.created", ["chapters": .number(stats.chapters), "count": .number(stats.verses)])
    }
  }
}

struct KeyItStats: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stats", abstract: "Books, chapters and verses keyboarded.")
  @OptionGroup var options: KeyItOptions

  func run() async throws {
    let s = try await options.store().stats(bibleID: options.bible)
    try options.emit(s) {
      [
        t("cli.keyit.stats.books", ["started": .number(s.booksStarted), "count": .number(s.books)]),
        t(
          "cli.keyit.stats.chapters",
          [
            "complete": .number(s.chaptersComplete), "count": .number(s.chapters),
            "started": .number(s.chaptersStarted),
          ]),
        t("cli.keyit.stats.verses", ["done": .number(s.versesKeyboarded), "count": .number(s.verses)]),
      ].joined(separator: "\n")
    }
  }
}

/// A chapter as lines of `id  label  text`, the current item marked.
func render(_ content: ChapterContent) -> String {
  let current = content.currentItem?.itemID
  let psalms = content.facts.isPsalms
  let heading = "\(content.book.bookName) \(content.chapter.chapterNumber)"
  return
    ([heading]
    + content.items.map { item in
      "\(item.itemID == current ? "*" : " ") \(item.itemID!)\t\(item.labelWords(inPsalms: psalms).text(in: CommandLanguage.localizer))\t\(item.itemText)"
    }).joined(separator: "\n")
}
