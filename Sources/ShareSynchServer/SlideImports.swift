import AppSupport
import Foundation
import ShareSynch
import SlideImport

/// The series screen's imports: files uploaded one by one into `DATA/tmp`, then converted into a
/// sermon as a job — one at a time, with pages done of the total, cancellable, stopped at the
/// time limit — whose end (the sermon made, or the error) the screen reads back.
public actor SlideImports {
  private let store: ShareSynchStore
  private let scratch: URL
  private var uploads: [String: (file: URL, name: String)] = [:]
  private var job: (id: String, task: Task<Void, Never>)?
  private var states: [String: ImportJobState] = [:]
  /// Called with the series after an import changed it (a presentation of it reloads its slides).
  private let changed: @Sendable (String) async -> Void

  init(store: ShareSynchStore, scratch: URL, changed: @escaping @Sendable (String) async -> Void) {
    self.store = store
    self.scratch = scratch
    self.changed = changed
  }

  /// What an import job is doing or did, as the screen polls it.
  public struct ImportJobState: Encodable, Sendable {
    public let id: String
    public let series: String
    /// running, done, failed or cancelled.
    public var state: String
    public var progress: ImportProgress?
    public var result: SermonImport?
    /// What the speaker should know, worded in the asker's language by the route.
    public var report: [String] = []
    public var error: String?
    /// The notes and the failure as values, for the route to word.
    public var notes: [ImportNote] = []
    public var failure: (any Error & Sendable)?

    enum CodingKeys: String, CodingKey {
      case id, series, state, progress, result, report, error
    }
  }

  /// A new upload's file in the scratch folder, and the id it will be named by.
  public func newUpload(name: String) throws -> (id: String, file: URL) {
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let id = UUID().uuidString.lowercased()
    let file = scratch.appendingPathComponent("upload-\(id)")
    uploads[id] = (file, String(name.prefix(200)))
    return (id, file)
  }

  /// Forgets an upload that failed to arrive.
  public func dropUpload(_ id: String) {
    if let upload = uploads.removeValue(forKey: id) { try? FileManager.default.removeItem(at: upload.file) }
  }

  /// Starts converting the uploads (in the order given) into a sermon; refused while another runs.
  public func start(
    series: String, uploads ids: [String], into target: ImportTarget, noteLanguage: String?, slideLanguage: String?
  ) async throws -> ImportJobState {
    if let job, states[job.id]?.state == "running" { throw ShareSynchError.importRunning }
    guard !ids.isEmpty else { throw ShareSynchError.nothingToImport }
    let files = try ids.map { id in
      guard let upload = uploads[id] else { throw ShareSynchError.unknownImport(id) }
      return upload
    }
    _ = try store.manifest(series)
    for id in ids { uploads[id] = nil }
    let width = try await store.settings().slideWidth
    let id = UUID().uuidString.lowercased()
    states[id] = ImportJobState(id: id, series: series, state: "running")
    let store = store
    let scratch = scratch
    let task = Task {
      defer { for file in files { try? FileManager.default.removeItem(at: file.file) } }
      do {
        let (result, report) = try await SlideImporter(width: width).importSermon(
          files, store: store, series: series, into: target, noteLanguage: noteLanguage, slideLanguage: slideLanguage,
          scratch: scratch
        ) { progress in Task { await self.update(id) { $0.progress = progress } } }
        await self.changed(series)
        self.update(id) {
          $0.state = "done"
          $0.result = result
          $0.notes = report
          $0.report = report.map(\.description)
        }
      } catch is CancellationError {
        self.update(id) { $0.state = "cancelled" }
      } catch {
        self.update(id) {
          $0.state = Task.isCancelled ? "cancelled" : "failed"
          $0.error = "\(error)"
          $0.failure = error
        }
      }
    }
    job = (id, task)
    return states[id]!
  }

  private func update(_ id: String, _ change: (inout ImportJobState) -> Void) {
    guard var state = states[id] else { return }
    let finished = state.state != "running"
    change(&state)
    if finished { state.state = states[id]!.state }  // a late progress report never revives a finished job
    states[id] = state
  }

  /// A job's state.
  public func state(_ id: String) throws -> ImportJobState {
    guard let state = states[id] else { throw ShareSynchError.unknownImport(id) }
    return state
  }

  /// Cancels a running job: its conversion is stopped and nothing of it stays.
  public func cancel(_ id: String) async throws -> ImportJobState {
    guard states[id] != nil else { throw ShareSynchError.unknownImport(id) }
    if let job, job.id == id {
      job.task.cancel()
      await job.task.value
    }
    return states[id]!
  }
}
