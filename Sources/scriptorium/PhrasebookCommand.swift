import AppSupport
import ArgumentParser
import Foundation
import Localization
import Phrasebook
import Stemming

/// `scriptorium phrasebook …`: word pairs, tags, word links and search from the command line.
struct PhrasebookCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "phrasebook",
    abstract: "Word pairs in two languages: add, list, search, tags, word links, revision, import and export.",
    subcommands: [
      PhrasebookNew.self, PhrasebookAdd.self, PhrasebookList.self, PhrasebookTags.self, PhrasebookLinks.self,
      PhrasebookSearch.self, PhrasebookDue.self, PhrasebookReview.self, PhrasebookCheck.self, PhrasebookNewPerDay.self,
      PhrasebookAudio.self,
      PhrasebookImport.self,
      PhrasebookExport.self, PhrasebookAllowedHosts.self,
    ])
}

/// Options every Phrasebook subcommand takes.
struct PhrasebookOptions: ParsableArguments {
  @OptionGroup var common: CommonOptions
  @Option(help: "Phrasebook name (default: the last used).") var book: String?

  /// Opens `phrasebook.sqlite` in the data folder.
  func store() throws -> PhrasebookStore { try PhrasebookStore(dataFolder: common.folder) }

  /// Prints a value as JSON, or the human text.
  func emit<Value: Encodable>(_ value: Value, human: () -> String) throws { try common.emit(value, human: human) }
}

struct PhrasebookNew: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "new", abstract: "Create a phrasebook.")
  @OptionGroup var options: PhrasebookOptions
  @Argument(help: "Its name.") var name: String
  @Option(help: "Its two languages, e.g. en:English,cy:Welsh.") var languages: String

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
  static let configuration = CommandConfiguration(
    commandName: "add", abstract: "Add a pair, or update it if it exists (tags and history are kept).")
  @OptionGroup var options: PhrasebookOptions
  @Argument(help: "The word in the first language.") var wordOne: String
  @Argument(help: "The word in the second language.") var wordTwo: String
  @Option(help: "Part of speech.") var type: String?
  @Option(help: "A short phrase telling which sense is meant.") var context: String?
  @Option(help: "Regional variant (North, South, Both for Welsh).") var area: String?
  @Option(help: "A note.") var note: String?
  @Option(help: "A tag (repeat for several).") var tag: [String] = []

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
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "Every pair in alphabetical order (the language's own alphabet).")
  @OptionGroup var options: PhrasebookOptions
  @Option(help: "Only pairs with this tag.") var tag: String?

  func run() async throws {
    let pairs = try await options.store().pairs(in: options.book, tag: tag)
    try options.emit(pairs) { pairs.map(describe).joined(separator: "\n") }
  }
}

struct PhrasebookSearch: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "search", abstract: "Search words, context, notes and tags (accents optional).")
  @OptionGroup var options: PhrasebookOptions
  @Argument(help: "What to look for.") var query: String

  func run() async throws {
    let pairs = try await options.store().search(query, in: options.book, stems: Stemmers.installedLemmas)
    try options.emit(pairs) {
      pairs.isEmpty ? t("phrasebook.cli.nothingFound") : pairs.map(describe).joined(separator: "\n")
    }
  }
}

struct PhrasebookTags: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "tags", abstract: "Every tag with its number of pairs.")
  @OptionGroup var options: PhrasebookOptions

  func run() async throws {
    let tags = try await options.store().tags(in: options.book)
    try options.emit(Dictionary(uniqueKeysWithValues: tags.map { ($0.name, $0.pairs) })) {
      tags.map { "\($0.name)\t\($0.pairs)" }.joined(separator: "\n")
    }
  }
}

struct PhrasebookLinks: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "links", abstract: "A word's translations in either direction with context, area and note.")
  @OptionGroup var options: PhrasebookOptions
  @Argument(help: "The word.") var word: String

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
  static let configuration = CommandConfiguration(
    commandName: "allowed-hosts",
    abstract:
      "List, add or remove the hosts import from a URL may reach although they are on this machine or the LAN (others are refused)."
  )
  @OptionGroup var options: PhrasebookOptions
  @Option(help: "A host name or IP address to allow (repeat for several).") var add: [String] = []
  @Option(help: "A host to allow no more (repeat for several).") var remove: [String] = []

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
