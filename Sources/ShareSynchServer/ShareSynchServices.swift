import AppSupport
import Foundation
import ShareSynch

/// ShareSynch's use cases as the server runs them: the store, the running presentation that must
/// follow every change of its series, edit sessions, downloads and the data folder's inbox,
/// timer log and scratch files (nothing is written outside the data folder). Routes call these;
/// the only thing left to the web layer is the socket.
public struct ShareSynchServices: Sendable {
  /// The series store.
  public let store: ShareSynchStore
  /// The running presentation and its clients.
  public let hub: PresentationHub
  /// The data folder.
  public let dataFolder: DataFolder
  /// Where presentation runs of 20 minutes or more are logged.
  public let timerLog: TimerLog
  /// Series downloads from the catalog in settings.
  public let downloads: SeriesDownloads
  /// The editing sessions in progress.
  public let editSessions = EditSessions()
  /// Sermons being made from uploaded slides.
  public let imports: SlideImports

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
    let folder = DataFolder(option: dataFolder.path)
    self.store = store
    self.hub = hub
    self.dataFolder = folder
    self.timerLog = timerLog ?? TimerLog(dataFolder: folder)
    downloads = SeriesDownloads(store: store, dataFolder: folder)
    imports = SlideImports(store: store, scratch: folder.scratch) { series in
      try? await hub.slidesChanged(series: series)
    }
  }

  // MARK: Start-up and the inbox

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
    await store.watchInbox(dataFolder.inbox, report: report)
  }

  /// Installs the packages in the inbox now.
  public func installInbox() async throws -> [InboxResult] {
    try await store.installInbox(dataFolder.inbox)
  }

  /// A new scratch file name in `DATA/tmp` (the folder is made when missing).
  public func scratchFile(_ suffix: String) throws -> URL {
    try FileManager.default.createDirectory(at: dataFolder.scratch, withIntermediateDirectories: true)
    return dataFolder.scratch.appendingPathComponent("\(UUID().uuidString)\(suffix)")
  }

  // MARK: Series

  /// Deletes a series, refused while it is being presented.
  public func deleteSeries(_ seriesID: String) async throws -> [SeriesSummary] {
    let store = store
    try await hub.deleting(series: seriesID) { try await store.deleteSeries(seriesID) }
    return try await store.series()
  }

  /// Chooses the series' slide and note languages; a running presentation of it follows.
  public func setLanguages(series: String, slides: String?, notes: String?) async throws -> SeriesSummary {
    let summary = try await store.setLanguages(series: series, slides: slides, notes: notes)
    try await hub.slidesChanged(series: series)
    return summary
  }

  /// Sets how long a sermon should last (nil clears it); a running presentation of it shows the
  /// new target at once.
  public func setTarget(seconds: Int?, series: String, sermon: String) async throws -> SermonState {
    let state = try await store.setTarget(seconds: seconds, series: series, sermon: sermon)
    try await hub.targetChanged(series: series, sermon: sermon)
    return state
  }

  /// Makes a variation the series' current one; a running presentation of it follows.
  public func switchVariation(series: String, to variation: Int64) async throws {
    try await store.switchVariation(series: series, to: variation)
    await editSessions.endAll(series: series)
    try await hub.slidesChanged(series: series)
  }

  /// A new variation (it becomes the current one); a running presentation of the series follows.
  public func createVariation(series: String, name: String, from source: Int64?) async throws -> Variation {
    let variation = try await store.createVariation(series: series, name: name, from: source)
    await editSessions.endAll(series: series)
    try await hub.slidesChanged(series: series)
    return variation
  }

  /// Deletes a variation; returns those left. A running presentation of the series follows.
  public func deleteVariation(series: String, _ variation: Int64) async throws -> [Variation] {
    try await store.deleteVariation(series: series, variation)
    await editSessions.endAll(series: series)
    try await hub.slidesChanged(series: series)
    return try await store.variations(series: series)
  }

  // MARK: Editing

  /// Runs a change in the sermon's edit session (begun when there is none); a running
  /// presentation of the series follows. Returns what undo and redo can do, and the slides.
  public func edit(
    series: String, sermon: String, _ change: @Sendable (SermonEditor) async throws -> Void
  ) async throws -> (EditStatus, [SermonSlide]) {
    _ = try await store.sermonTitle(series: series, sermon: sermon)  // an unknown sermon opens no session
    let variation = try await store.summary(series).currentVariationID
    let editor = await editSessions.editor(series: series, sermon: sermon, variation: variation, store: store)
    try await change(editor)
    try await hub.slidesChanged(series: series)
    return (await editor.status, try await store.slides(series: series, sermon: sermon))
  }

  /// Ends the sermon's edit session; returns the media files no variation uses any more, deleted.
  public func endEdit(series: String, sermon: String) async throws -> [String] {
    if let editor = await editSessions.end(series: series, sermon: sermon) { return try await editor.end() }
    return try await store.removeUnusedUserMedia(series: series)
  }

  // MARK: Settings

  /// Changes the settings given; a running presentation follows a new end-of-sermon choice.
  public func updateSettings(
    catalogURL: String? = nil, activation: String? = nil, advance: AdvanceMode? = nil, endOfSermon: EndOfSermon? = nil,
    slideWidth: Int? = nil
  ) async throws -> ShareSynchSettings {
    let settings = try await store.updateSettings(
      catalogURL: catalogURL, activation: activation, advance: advance, endOfSermon: endOfSermon,
      slideWidth: slideWidth)
    if endOfSermon != nil { await hub.endOfSermonChanged(settings.endOfSermon) }
    return settings
  }

  /// The settings screen: storage per series and in all, free space, the stored choices, the
  /// timer log.
  public func overview() async throws -> ShareSynchOverview {
    let storage = try await store.storage()
    return ShareSynchOverview(
      storage: storage, totalBytes: storage.reduce(0) { $0 + $1.bytes },
      freeBytes: SeriesPackage.freeSpace(store.seriesRoot), settings: try await store.settings(),
      timerLog: (try? timerLog.runs()) ?? [])
  }
}

/// What the settings screen shows.
public struct ShareSynchOverview: Sendable {
  /// Storage per series.
  public let storage: [SeriesStorage]
  /// Storage of all series.
  public let totalBytes: Int64
  /// Free space where series are installed.
  public let freeBytes: Int64?
  /// The stored choices.
  public let settings: ShareSynchSettings
  /// Presentation runs of 20 minutes or more.
  public let timerLog: [PresentationRun]
}

/// The editing sessions in progress, one per sermon. A session belongs to the variation it was
/// begun in: its undo history ends when the series' variation changes (switched, created or
/// deleted), so an undo never puts a slide of one variation into another.
public actor EditSessions {
  private var editors: [String: (variation: Int64?, editor: SermonEditor)] = [:]

  /// The sermon's session in `variation`, begun when there is none (or it was another variation's).
  func editor(series: String, sermon: String, variation: Int64?, store: ShareSynchStore) -> SermonEditor {
    let key = "\(series)/\(sermon)"
    if let open = editors[key], open.variation == variation { return open.editor }
    let editor = SermonEditor(store: store, series: series, sermon: sermon)
    editors[key] = (variation, editor)
    return editor
  }

  /// Ends the sermon's session; returns it (nil when none was open).
  func end(series: String, sermon: String) -> SermonEditor? {
    editors.removeValue(forKey: "\(series)/\(sermon)")?.editor
  }

  /// Ends every session of a series (its variation changed); their undo histories are forgotten.
  func endAll(series: String) {
    editors = editors.filter { !$0.key.hasPrefix("\(series)/") }
  }
}
