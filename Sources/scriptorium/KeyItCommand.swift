import AppSupport
import ArgumentParser
import Foundation
import KeyIt
import Localization
import WebApp

/// `scriptorium keyit …`: Key It from the command line.
struct KeyItCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "keyit", abstract: t("cli.help.keyItCommand.abstract"),
      subcommands: [
        KeyItInit.self, KeyItUse.self, KeyItRename.self, KeyItRenameBook.self, KeyItBibles.self, KeyItBooks.self,
        KeyItChapters.self, KeyItItems.self,
        KeyItSet.self, KeyItActions.self, KeyItAct.self, KeyItExport.self, KeyItImport.self, KeyItCreateAll.self,
        KeyItStats.self, KeyItAddBook.self, KeyItVersification.self, KeyItTeamCommand.self,
      ])
  }
}

/// Options every Key It subcommand takes.
struct KeyItOptions: ParsableArguments {
  @OptionGroup var common: CommonOptions
  @Option(help: ArgumentHelp(t("cli.help.keyItOptions.bible"))) var bible: Int64?

  /// Opens `keyit.sqlite` in the data folder.
  func store() throws -> KeyItStore { try KeyItStore(dataFolder: common.folder) }

  /// Prints a value as JSON, or the human text.
  func emit<Value: Encodable>(_ value: Value, human: () -> String) throws { try common.emit(value, human: human) }
}

struct KeyItInit: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "init", abstract: t("cli.help.keyItInit.abstract"))
  }
  @OptionGroup var options: KeyItOptions
  @Option(help: ArgumentHelp(t("cli.help.keyItInit.name"))) var name: String
  @Option(
    help: ArgumentHelp(
      t("cli.help.keyItInit.versification", ["versifications": .text(Versification.choices)]),
      valueName: "id")) var versification: Versification?
  @Flag(help: ArgumentHelp(t("cli.help.keyItInit.frenchPsalms")))
  var frenchPsalms = false

  func run() async throws {
    let bible = try await options.store().createBible(
      name: name, versification: versification, frenchPsalms: frenchPsalms)
    try options.emit(bible) { "\(bible.bibleID!)" }
  }
}

struct KeyItAddBook: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "add-book",
      abstract: t("cli.help.keyItAddBook.abstract"))
  }
  @OptionGroup var options: KeyItOptions
  @Argument(help: ArgumentHelp(t("cli.help.keyItAddBook.code"))) var code: String?

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

extension Versification: ExpressibleByArgument {
  /// Every versification's id with its name in the command's language, for `--help`.
  static var choices: String {
    allCases.map { "\($0.rawValue) (\(KeyItWords.versification($0, CommandLanguage.localizer)))" }
      .joined(separator: ", ")
  }
}
extension ExportFormat: ExpressibleByArgument {}

struct KeyItUse: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(commandName: "use", abstract: t("cli.help.keyItUse.abstract"))
  }
  @OptionGroup var options: KeyItOptions
  @Argument(help: ArgumentHelp(t("cli.help.keyit.bibleID"))) var id: Int64

  func run() async throws {
    let bible = try await options.store().selectBible(id)
    try options.emit(bible) {
      t("cli.keyit.current", ["id": .text(String(bible.bibleID!)), "name": .text(bible.name)])
    }
  }
}

struct KeyItRename: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(commandName: "rename", abstract: t("cli.help.keyItRename.abstract"))
  }
  @OptionGroup var options: KeyItOptions
  @Argument(help: ArgumentHelp(t("cli.help.keyit.newName"))) var name: String

  func run() async throws {
    let store = try options.store()
    let bible = try await store.renameBible(try await store.bible(options.bible).bibleID!, to: name)
    try options.emit(bible) {
      t("cli.keyit.renamed", ["id": .text(String(bible.bibleID!)), "name": .text(bible.name)])
    }
  }
}

struct KeyItRenameBook: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "rename-book", abstract: t("cli.help.keyItRenameBook.abstract"))
  }
  @OptionGroup var options: KeyItOptions
  @Argument(help: ArgumentHelp(t("cli.help.keyit.book"))) var book: String
  @Argument(help: ArgumentHelp(t("cli.help.keyit.newName"))) var name: String

  func run() async throws {
    let renamed = try await options.store().renameBook(bibleID: options.bible, code: book, to: name)
    try options.emit(renamed) {
      t("cli.keyit.bookRenamed", ["code": .text(renamed.bookCode), "name": .text(renamed.bookName)])
    }
  }
}

struct KeyItVersification: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "versification",
      abstract: t("cli.help.keyItVersification.abstract"),
      discussion: t("cli.help.keyItVersification.discussion"))
  }
  @OptionGroup var options: KeyItOptions
  @Argument(
    help: ArgumentHelp(
      Versification.choices + ".", valueName: "id"))
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
  static var configuration: CommandConfiguration {
    CommandConfiguration(commandName: "bibles", abstract: t("cli.help.keyItBibles.abstract"))
  }
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
  static var configuration: CommandConfiguration {
    CommandConfiguration(commandName: "books", abstract: t("cli.help.keyItBooks.abstract"))
  }
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
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "chapters", abstract: t("cli.help.keyItChapters.abstract"))
  }
  @OptionGroup var options: KeyItOptions
  @Argument(help: ArgumentHelp(t("cli.help.keyit.book"))) var book: String

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
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "items", abstract: t("cli.help.keyItItems.abstract"))
  }
  @OptionGroup var options: KeyItOptions
  @Argument(help: ArgumentHelp(t("cli.help.keyit.book"))) var book: String
  @Argument(help: ArgumentHelp(t("cli.help.keyItItems.chapter"))) var chapter: Int

  func run() async throws {
    let content = try await options.store().openChapter(bibleID: options.bible, code: book, chapter: chapter)
    try options.emit(content) { render(content) }
  }
}

struct KeyItSet: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(commandName: "set", abstract: t("cli.help.keyItSet.abstract"))
  }
  @OptionGroup var options: KeyItOptions
  @Argument(help: ArgumentHelp(t("cli.help.keyItSet.itemID"))) var itemID: Int64
  @Argument(help: ArgumentHelp(t("cli.help.keyItSet.text"))) var text: String

  func run() async throws {
    let saved = try await options.store().setText(bibleID: options.bible, itemID: itemID, text: text)
    try options.emit(saved.item) {
      t("cli.keyit.saved", ["item": .text(saved.words.text(in: CommandLanguage.localizer))])
    }
  }
}

struct KeyItActions: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "actions", abstract: t("cli.help.keyItActions.abstract"))
  }
  @OptionGroup var options: KeyItOptions
  @Argument(help: ArgumentHelp(t("cli.help.keyit.itemID"))) var itemID: Int64

  func run() async throws {
    let actions = try await options.store().actions(bibleID: options.bible, itemID: itemID)
    try options.emit(actions.map { $0.encoded(in: CommandLanguage.localizer) }) {
      actions.map { "\($0.id.rawValue)\t\($0.words.text(in: CommandLanguage.localizer))" }.joined(separator: "\n")
    }
  }
}

struct KeyItAct: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "act", abstract: t("cli.help.keyItAct.abstract"))
  }
  @OptionGroup var options: KeyItOptions
  @Argument(help: ArgumentHelp(t("cli.help.keyit.itemID"))) var itemID: Int64
  @Argument(help: ArgumentHelp(t("cli.help.keyItAct.action"))) var action: String
  @Option(help: ArgumentHelp(t("cli.help.keyItAct.offset"))) var offset: Int?

  func run() async throws {
    guard let id = ItemActionID(rawValue: action) else { throw KeyItError.unknownAction(action) }
    let content = try await options.store().perform(id, bibleID: options.bible, itemID: itemID, offset: offset)
    try options.emit(content) { render(content) }
  }
}

struct KeyItExport: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "export", abstract: t("cli.help.keyItExport.abstract"))
  }
  @OptionGroup var options: KeyItOptions
  @Argument(help: ArgumentHelp(t("cli.help.keyit.book"))) var book: String?
  @Argument(help: ArgumentHelp(t("cli.help.keyItExport.chapter"))) var chapter: Int?
  @Flag(help: ArgumentHelp(t("cli.help.keyItExport.all"))) var all = false
  @Option(help: ArgumentHelp(t("cli.help.keyItExport.format")))
  var format: ExportFormat = .usfm
  @Option(name: .shortAndLong, help: ArgumentHelp(t("cli.help.keyItExport.output"))) var output: String?

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
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "import", abstract: t("cli.help.keyItImport.abstract"))
  }
  @OptionGroup var options: KeyItOptions
  @Argument(help: ArgumentHelp(t("cli.help.keyItImport.files"))) var files: [String]

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
    try options.emit(reports.map { ImportReportWords($0, words: CommandLanguage.localizer) }) {
      reports.map { report in
        let imported = t(
          "cli.keyit.imported",
          [
            "file": .text(report.file), "book": .text(report.book), "chapters": .number(report.chapters.count),
            "count": .number(report.versesWithText),
          ])
        return ([imported] + report.normalised.map { "  " + KeyItWords.importNote($0, CommandLanguage.localizer) })
          .joined(separator: "\n")
      }
      .joined(separator: "\n")
    }
  }
}

struct KeyItCreateAll: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "create-all", abstract: t("cli.help.keyItCreateAll.abstract"))
  }
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
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "stats", abstract: t("cli.help.keyItStats.abstract"))
  }
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
