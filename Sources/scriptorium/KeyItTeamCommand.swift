import ArgumentParser
import Foundation
import KeyIt
import KeyItTeam
import WebApp

/// `scriptorium keyit team …`: share Bibles with a team through a hub.
struct KeyItTeamCommand: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "team", abstract: t("cli.help.keyItTeamCommand.abstract"),
      subcommands: [KeyItTeamJoin.self, KeyItTeamStatus.self, KeyItTeamSync.self, KeyItTeamLeave.self])
  }
}

struct KeyItTeamJoin: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "join",
      abstract: t("cli.help.keyItTeamJoin.abstract"))
  }
  @Argument(help: ArgumentHelp(t("cli.help.keyItTeamJoin.hub"))) var hub: String
  /// Taken whatever it begins with: a base64url token can begin with "-".
  @Option(parsing: .unconditional, help: ArgumentHelp(t("cli.help.keyItTeamJoin.token"))) var token: String
  @Option(name: .customLong("bible"), help: ArgumentHelp(t("cli.help.keyItTeamJoin.bibleUID")))
  var bibleUID: String
  @OptionGroup var common: CommonOptions

  func run() async throws {
    let store = try KeyItStore(dataFolder: common.folder)
    let bible = try await TeamHub(store: store).join(bibleUID: bibleUID, hub: hub, token: token)
    let status = try await store.teamStatus(bibleID: bible.bibleID)
    try common.emit(status) {
      t(
        "keyit.team.cli.joined",
        ["bible": .text(bible.name), "hub": .text(status?.hub ?? hub), "uid": .text(bible.uid)])
    }
  }
}

struct KeyItTeamStatus: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "status",
      abstract: t("cli.help.keyItTeamStatus.abstract"))
  }
  @OptionGroup var common: CommonOptions

  func run() async throws {
    let store = try KeyItStore(dataFolder: common.folder)
    let hub = TeamHub(store: store, timeout: .seconds(5))
    // Whether each hub answers now, asked in parallel and recorded (the pages show it too).
    let memberships = try await store.teamMemberships()
    let reached = await withTaskGroup(of: (String, Bool).self) { group in
      for membership in memberships { group.addTask { (membership.bibleUID, await hub.probe(membership)) } }
      return await group.reduce(into: [(String, Bool)]()) { $0.append($1) }
    }
    for (uid, ok) in reached {
      try await store.recordTeamAttempt(
        bibleUID: uid, error: ok ? nil : KeyItError.hubUnreachable(.noAnswer).description)
    }
    let statuses = try await store.teamStatuses()
    try common.emit(statuses) {
      statuses.isEmpty
        ? t("keyit.team.cli.none")
        : statuses.map {
          "\($0.bible)\t\($0.name)\t\($0.bibleUID)\t\($0.hub)\n  "
            + KeyItWords.teamSummary($0, CommandLanguage.localizer)
        }.joined(separator: "\n")
    }
  }
}

struct KeyItTeamSync: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "sync", abstract: t("cli.help.keyItTeamSync.abstract"))
  }
  @OptionGroup var common: CommonOptions

  func run() async throws {
    let store = try KeyItStore(dataFolder: common.folder)
    let hub = TeamHub(store: store)
    var failed = false
    for membership in try await store.teamMemberships() {
      let name = try await store.bibles().first { $0.uid == membership.bibleUID }?.name ?? membership.bibleUID
      do {
        let report = try await hub.sync(membership)
        print(
          t(
            "keyit.team.cli.synced",
            ["bible": .text(name), "sent": .number(report.sent), "received": .number(report.received)]))
      } catch {
        failed = true
        print(
          t("keyit.team.cli.failed", ["bible": .text(name), "problem": .text("\(CommandLanguage.localized(error))")]))
      }
    }
    if failed { throw ExitCode(3) }
  }
}

struct KeyItTeamLeave: AsyncParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "leave", abstract: t("cli.help.keyItTeamLeave.abstract"))
  }
  @Option(name: .customLong("bible"), help: ArgumentHelp(t("cli.help.keyit.bibleID"))) var bibleUID: String
  @OptionGroup var common: CommonOptions

  func run() async throws {
    let store = try KeyItStore(dataFolder: common.folder)
    let name = try await store.bibles().first { $0.uid == bibleUID }?.name ?? bibleUID
    try await store.leaveTeam(bibleUID: bibleUID)
    print(t("keyit.team.cli.left", ["bible": .text(name)]))
  }
}
