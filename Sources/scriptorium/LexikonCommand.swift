import AppSupport
import ArgumentParser
import Foundation
import Lexikon
import Localization
import WebApp

/// `scriptorium lexikon …`: dictionary lookups from dictd files or a DICT server, cached.
struct LexikonCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "lexikon",
      abstract: t("cli.help.lexikonCommand.abstract"),
      subcommands: [
        LexikonLookup.self, LexikonMatch.self, LexikonCache.self, LexikonLetters.self, LexikonForget.self,
        LexikonDictionaries.self, LexikonAddDictionary.self,
      ])
  }
}

/// Options every Lexikon subcommand takes.
struct LexikonOptions: ParsableArguments {
  @OptionGroup var common: CommonOptions
  @Option(help: ArgumentHelp(t("cli.help.lexikonOptions.dictServer"))) var dictServer: String?
  @Option(help: ArgumentHelp(t("cli.help.lexikonOptions.dictFolder"))) var dictFolder = "/usr/share/dictd"
  @Option(help: ArgumentHelp(t("cli.help.lexikonOptions.from"))) var from: String?
  @Option(help: ArgumentHelp(t("cli.help.lexikonOptions.to"))) var to: String?

  /// The service over the chosen source and `lexikon.sqlite` in the data folder.
  func service() throws -> LexikonService {
    LexikonService(
      store: try LexikonStore(dataFolder: common.folder),
      source: try dictionarySource(
        server: dictServer, folder: dictFolder, added: common.folder.dictionaries.path))
  }

  /// The direction asked for, else the last used one, else Swedish → English.
  func direction(_ service: LexikonService) async throws -> String {
    if from != nil || to != nil {
      return LexikonService.direction(from: from ?? (to == "sv" ? "en" : "sv"), to: to ?? (from == "en" ? "sv" : "en"))
    }
    return try await service.defaultDirection() ?? "swe-eng"
  }
}

struct LexikonLookup: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "lookup", abstract: t("cli.help.lexikonLookup.abstract"))
  }
  @OptionGroup var options: LexikonOptions
  @Argument(help: ArgumentHelp(t("cli.help.lexikonLookup.word"))) var word: String
  @Flag(help: ArgumentHelp(t("cli.help.lexikonLookup.fresh"))) var fresh = false

  func run() async throws {
    let service = try options.service()
    let result = try await service.lookup(word, direction: try await options.direction(service), fresh: fresh)
    try options.common.emit(result) {
      guard !result.entries.isEmpty else {
        return t("cli.lexikon.noEntry", ["word": .text(result.word), "direction": .text(result.direction)])
          + (result.suggestions.isEmpty
            ? "" : " " + t("cli.lexikon.didYouMean", ["words": .text(result.suggestions.joined(separator: ", "))]))
      }
      let form =
        result.foundAs.map {
          "\($0.asked) → \(result.word) (\(LexikonWords.form($0.how, CommandLanguage.localizer)))\n\n"
        } ?? ""
      let problem = result.problem.map { "\n" + t("cli.lexikon.notRefreshed", ["problem": .text($0)]) } ?? ""
      return form + result.entries.map(\.plainText).joined(separator: "\n\n") + "\n"
        + t(
          result.fromCache ? "cli.lexikon.fromCache" : "cli.lexikon.fetched",
          ["direction": .text(result.direction), "count": .number(result.lookupCount)]) + problem
    }
  }
}

struct LexikonMatch: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "match", abstract: t("cli.help.lexikonMatch.abstract"))
  }
  @OptionGroup var options: LexikonOptions
  @Argument(help: ArgumentHelp(t("cli.help.lexikonMatch.prefix"))) var prefix: String
  @Option(help: ArgumentHelp(t("cli.help.lexikon.limit"))) var limit = 50

  func run() async throws {
    let service = try options.service()
    let words = try await service.match(prefix, direction: try await options.direction(service), limit: limit)
    try options.common.emit(words) { words.joined(separator: "\n") }
  }
}

struct LexikonCache: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "cache",
      abstract: t("cli.help.lexikonCache.abstract"))
  }
  @OptionGroup var options: LexikonOptions
  @Option(help: ArgumentHelp(t("cli.help.lexikonCache.filter"))) var filter = ""
  @Option(help: ArgumentHelp(t("cli.help.lexikon.limit"))) var limit = 100
  @Option(help: ArgumentHelp(t("cli.help.lexikonCache.offset"))) var offset = 0

  func run() async throws {
    let service = try options.service()
    let page = try await service.store.filter(
      filter, direction: try await options.direction(service), offset: offset, limit: limit)
    try options.common.emit(page) {
      page.words.map { "\($0.word)\t\($0.lookupCount)×" }.joined(separator: "\n") + (page.more ? "\n…" : "")
    }
  }
}

struct LexikonLetters: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "letters", abstract: t("cli.help.lexikonLetters.abstract"))
  }
  @OptionGroup var options: LexikonOptions

  func run() async throws {
    let service = try options.service()
    let letters = try await service.store.letters(direction: try await options.direction(service))
    try options.common.emit(letters) {
      letters.map { "\($0.letter)\t\($0.words)\t\($0.offset)" }.joined(separator: "\n")
    }
  }
}

struct LexikonForget: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "forget", abstract: t("cli.help.lexikonForget.abstract"))
  }
  @OptionGroup var options: LexikonOptions
  @Argument(help: ArgumentHelp(t("cli.help.lexikonForget.word"))) var word: String?
  @Flag(help: ArgumentHelp(t("cli.help.lexikonForget.all"))) var all = false

  func run() async throws {
    let service = try options.service()
    let direction = try await options.direction(service)
    if all {
      let count = try await service.store.clear(direction: direction)
      try options.common.emit(["removed": count]) {
        t("cli.lexikon.removedAll", ["count": .number(count), "direction": .text(direction)])
      }
      return
    }
    guard let word else { throw ValidationError("Give the word to forget, or --all.") }
    try await service.forget(word, direction: direction)
    try options.common.emit(["removed": 1]) {
      t("cli.lexikon.removed", ["word": .text(word), "direction": .text(direction)])
    }
  }
}

struct LexikonDictionaries: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "dictionaries", abstract: t("cli.help.lexikonDictionaries.abstract"))
  }
  @OptionGroup var options: LexikonOptions

  func run() async throws {
    let list = try await options.service().dictionaries()
    try options.common.emit(list) {
      var lines = list.dictionaries.map { "\($0.label)\t\($0.name)\t\($0.description)" }
      if let problem = list.problem { lines.append(problem) }
      lines += list.cached.sorted { $0.key < $1.key }.map {
        t("cli.lexikon.cachedWords", ["direction": .text($0.key), "count": .number($0.value)])
      }
      return lines.joined(separator: "\n")
    }
  }
}

struct LexikonAddDictionary: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "add-dictionary",
      abstract: t("cli.help.lexikonAddDictionary.abstract"))
  }
  @OptionGroup var common: CommonOptions
  @Argument(help: ArgumentHelp(t("cli.help.lexikonAddDictionary.files"))) var files: [String]

  func run() async throws {
    let shelf = DictionaryShelf(folder: common.folder.dictionaries.path)
    var added: [DictionaryShelf.Added] = []
    for file in files {
      guard let data = FileManager.default.contents(atPath: file) else {
        throw ValidationError("Cannot read \(file).")
      }
      added.append(try await shelf.add(fileName: (file as NSString).lastPathComponent, data: data))
    }
    try common.emit(added) {
      added.map {
        $0.missing.isEmpty ? "\($0.name): ready" : "\($0.name): still needs \($0.missing.joined(separator: ", "))"
      }
      .joined(separator: "\n")
    }
  }
}
