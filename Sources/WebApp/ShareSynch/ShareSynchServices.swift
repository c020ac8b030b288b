import AppSupport
import Foundation
import ShareSynch

/// What ShareSynch's routes work with: the store, the running presentation, and the data folder
/// (for the inbox, the timer log and scratch files, so nothing is written outside it).
public struct ShareSynchServices: Sendable {
  /// The series store.
  public let store: ShareSynchStore
  /// The running presentation and its clients.
  public let hub: PresentationHub
  /// The data folder.
  public let dataFolder: URL

  /// The services of a data folder: `sharesynch.sqlite`, series under `media/sharesynch/series/`,
  /// long runs logged to the timer log.
  public init(dataFolder: DataFolder) throws {
    let store = try ShareSynchStore(dataFolder: dataFolder)
    let timerLog = TimerLog(dataFolder: dataFolder)
    self.init(
      store: store, hub: PresentationHub(store: store, timerLog: timerLog), dataFolder: dataFolder.url,
      timerLog: timerLog)
  }

  /// Services over a given store and hub (tests), the timer log in `dataFolder`.
  public init(store: ShareSynchStore, hub: PresentationHub, dataFolder: URL, timerLog: TimerLog? = nil) {
    self.store = store
    self.hub = hub
    self.dataFolder = dataFolder
    self.timerLog = timerLog ?? TimerLog(file: dataFolder.appendingPathComponent(TimerLog.fileName))
  }

  /// Where presentation runs of 20 minutes or more are logged.
  public let timerLog: TimerLog
  /// Where uploads and handouts are written while they are made (`DATA/tmp`).
  var scratch: URL { dataFolder.appendingPathComponent("tmp") }
  /// The inbox (`DATA/inbox`).
  var inbox: URL { dataFolder.appendingPathComponent("inbox") }

  /// What start-up does before listening: makes the series folders and the database agree, and
  /// installs the demo series when none is installed. Never throws: what could not be done is one
  /// of the lines returned for the log, and the server starts regardless.
  public func prepareForServing() async -> [String] {
    var lines: [String]
    do {
      lines = try await store.reconcile()
    } catch {
      lines = ["could not compare the series folders with the database: \(error)"]
    }
    do {
      try await store.installDemoIfEmpty()
    } catch {
      lines.append("could not install the demo series: \(error)")
    }
    return lines
  }

  /// Installs what arrives in the inbox (after the server listens) until cancelled.
  public func watchInbox(report: @Sendable @escaping ([InboxResult]) -> Void) async {
    await store.watchInbox(inbox, report: report)
  }

  /// A new scratch file name in `DATA/tmp` (the folder is made when missing).
  func scratchFile(_ suffix: String) throws -> URL {
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    return scratch.appendingPathComponent("\(UUID().uuidString)\(suffix)")
  }
}
