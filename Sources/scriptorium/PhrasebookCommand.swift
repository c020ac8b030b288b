import AppSupport
import ArgumentParser
import Foundation
import Localization
import Phrasebook
import Stemming

/// `scriptorium phrasebook …`: word pairs, tags, word links and search from the command line.
struct PhrasebookCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "phrasebook",
      abstract: t("cli.help.phrasebookCommand.abstract"),
      subcommands: [
        PhrasebookNew.self, PhrasebookAdd.self, PhrasebookList.self, PhrasebookTags.self, PhrasebookLinks.self,
        PhrasebookSearch.self, PhrasebookDue.self, PhrasebookReview.self, PhrasebookCheck.self,
        PhrasebookNewPerDay.self,
        PhrasebookAudio.self,
        PhrasebookImport.self,
        PhrasebookExport.self, PhrasebookAllowedHosts.self,
      ])
  }
}

/// Options every Phrasebook subcommand takes.
struct PhrasebookOptions: ParsableArguments {
  @OptionGroup var common: CommonOptions
  @Option(help: ArgumentHelp(t("cli.help.phrasebookOptions.book"))) var book: String?

  /// Opens `phrasebook.sqlite` in the data folder.
  func store() throws -> PhrasebookStore { try PhrasebookStore(dataFolder: common.folder) }

  /// Prints a value as JSON, or the human text.
  func emit<Value: Encodable>(_ value: Value, human: () -> String) throws { try common.emit(value, human: human) }
}

struct PhrasebookNew: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(commandName: "new", abstract: t("cli.help.phrasebookNew.abstract"))
  }
  @OptionGroup var options: PhrasebookOptions
  @Argument(help: ArgumentHelp(t("cli.help.phrasebookNew.name"))) var name: String
  @Option(help: ArgumentHelp(t("cli.help.phrasebookNew.languages"))) var languages: String

  func run() async throws {
    let book = try await options.store().createPhrasebook(name: name, languages: languages)
    try options.emit(book) {
      let created: [String: MessageArgument] = [
        "name": .text(book.name), "languageOne": .text(book.languageOneName),
        "languageTwo": .text(book.languageTwoName), "areas": .text(book.areas.joined(separator: ", ")),
      ]
      return book.areas.isEmpty
        ? t("phrasebook.cli.created", created) : t("phrasebook.cli.createdWithAreas", created)
    }
  }
}

struct PhrasebookAdd: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "add", abstract: t("cli.help.phrasebookAdd.abstract"))
  }
  @OptionGroup var options: PhrasebookOptions
  @Argument(help: ArgumentHelp(t("cli.help.phrasebook.wordOne"))) var wordOne: String
  @Argument(help: ArgumentHelp(t("cli.help.phrasebook.wordTwo"))) var wordTwo: String
  @Option(help: ArgumentHelp(t("cli.help.phrasebookAdd.type"))) var type: String?
  @Option(help: ArgumentHelp(t("cli.help.phrasebookAdd.context"))) var context: String?
  @Option(help: ArgumentHelp(t("cli.help.phrasebookAdd.area"))) var area: String?
  @Option(help: ArgumentHelp(t("cli.help.phrasebookAdd.note"))) var note: String?
  @Option(help: ArgumentHelp(t("cli.help.phrasebookAdd.tag"))) var tag: [String] = []

  func run() async throws {
    let input = PairInput(
      wordOne: wordOne, wordTwo: wordTwo, type: type, context: context, area: area, note: note, tags: tag)
    let (saved, created) = try await options.store().save(input, in: options.book)
    try options.emit(saved) {
      t(
        created ? "phrasebook.js.pairAdded" : "phrasebook.js.pairUpdated",
        ["pair": .text("\(saved.pair.wordOne) – \(saved.pair.wordTwo)")])
    }
  }
}

struct PhrasebookList: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "list", abstract: t("cli.help.phrasebookList.abstract"))
  }
  @OptionGroup var options: PhrasebookOptions
  @Option(help: ArgumentHelp(t("cli.help.phrasebookList.tag"))) var tag: String?

  func run() async throws {
    let pairs = try await options.store().pairs(in: options.book, tag: tag)
    try options.emit(pairs) { pairs.map(describe).joined(separator: "\n") }
  }
}

struct PhrasebookSearch: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "search", abstract: t("cli.help.phrasebookSearch.abstract"))
  }
  @OptionGroup var options: PhrasebookOptions
  @Argument(help: ArgumentHelp(t("cli.help.phrasebookSearch.query"))) var query: String

  func run() async throws {
    let pairs = try await options.store().search(query, in: options.book, stems: Stemmers.installedLemmas)
    try options.emit(pairs) {
      pairs.isEmpty ? t("phrasebook.cli.nothingFound") : pairs.map(describe).joined(separator: "\n")
    }
  }
}

struct PhrasebookTags: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(commandName: "tags", abstract: t("cli.help.phrasebookTags.abstract"))
  }
  @OptionGroup var options: PhrasebookOptions

  func run() async throws {
    let tags = try await options.store().tags(in: options.book)
    try options.emit(Dictionary(uniqueKeysWithValues: tags.map { ($0.name, $0.pairs) })) {
      tags.map { "\($0.name)\t\($0.pairs)" }.joined(separator: "\n")
    }
  }
}

struct PhrasebookLinks: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "links", abstract: t("cli.help.phrasebookLinks.abstract"))
  }
  @OptionGroup var options: PhrasebookOptions
  @Argument(help: ArgumentHelp(t("cli.help.phrasebookLinks.word"))) var word: String

  func run() async throws {
    let link = try await options.store().links(for: word, in: options.book)
    try options.emit(link) {
      link.translations.isEmpty
        ? t("phrasebook.cli.noTranslations", ["word": .text(link.word)])
        : link.translations.map { t in
          [
            t.word, t.context.isEmpty ? nil : "(\(t.context))", t.area.isEmpty ? nil : "[\(t.area)]",
            t.note.isEmpty ? nil : "— \(t.note)",
          ]
          .compactMap { $0 }.joined(separator: " ")
        }.joined(separator: "\n")
    }
  }
}

/// One pair as a line: words, context, tags.
private func describe(_ pair: TaggedPair) -> String {
  var line = "\(pair.pair.wordOne)\t\(pair.pair.wordTwo)"
  if !pair.pair.context.isEmpty { line += "\t(\(pair.pair.context))" }
  if !pair.tags.isEmpty { line += "\t#" + pair.tags.joined(separator: " #") }
  return line
}

struct PhrasebookAllowedHosts: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "allowed-hosts",
      abstract:
        t("cli.help.phrasebookAllowedHosts.abstract")
    )
  }
  @OptionGroup var options: PhrasebookOptions
  @Option(help: ArgumentHelp(t("cli.help.phrasebookAllowedHosts.add"))) var add: [String] = []
  @Option(help: ArgumentHelp(t("cli.help.phrasebookAllowedHosts.remove"))) var remove: [String] = []

  func run() async throws {
    let store = try options.store()
    var hosts = try await store.allowedHosts()
    if !add.isEmpty || !remove.isEmpty {
      let removed = Set(remove.map { $0.trimmed.lowercased() })
      hosts = try await store.setAllowedHosts(hosts.filter { !removed.contains($0) } + add)
    }
    try options.emit(hosts) {
      hosts.isEmpty ? t("phrasebook.cli.noAllowedHosts") : hosts.joined(separator: "\n")
    }
  }
}
