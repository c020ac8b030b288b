import Foundation
import Phrasebook
import WebFetch

/// Imports from URLs running in the background, so the page can show real progress and cancel:
/// a job downloads (counting bytes; public addresses only, unless the host is in Phrasebook's
/// allowed hosts), then imports in one transaction unless it was cancelled. Its report and error
/// are in the language of the request that started it.
final class ImportJobs: @unchecked Sendable {
  /// What the page polls.
  struct Status: Encodable, Sendable {
    var state = "downloading"
    var received = 0
    var total: Int?
    var report: ImportReportJSON?
    var error: String?
  }

  private let lock = NSLock()
  private var statuses: [String: Status] = [:]
  private var tasks: [String: Task<Void, Never>] = [:]

  /// Starts downloading `url` and importing it into `book`; returns the job's id.
  func start(url: String, format: TransferFormat?, book: String?, store: PhrasebookStore) -> String {
    let id = UUID().uuidString.lowercased()
    lock.withLock { statuses[id] = Status() }
    let task = Task {
      do {
        let policy = FetchPolicy(allowedHosts: try await store.allowedHosts())
        let data = try await download(url, policy: policy) { received, total in
          self.update(id) {
            $0.received = received
            $0.total = total
          }
        }
        try Task.checkCancellation()
        self.update(id) { $0.state = "importing" }
        let chosen = format ?? TransferFormat.detect(fileName: URL(string: url)?.path, data: data)
        let report = try await store.importPairs(data, format: chosen, in: book)
        self.update(id) {
          $0.state = "done"
          $0.report = ImportReportJSON(report, words: requestLocalizer)
        }
      } catch is CancellationError {
        self.update(id) { $0.state = "cancelled" }
      } catch {
        self.update(id) {
          $0.state = Task.isCancelled ? "cancelled" : "failed"
          $0.error = (error as? any ServerError)?.words ?? "\(error)"
        }
      }
      self.lock.withLock { _ = self.tasks.removeValue(forKey: id) }  // only running jobs keep a handle
    }
    lock.withLock { if ["downloading", "importing"].contains(statuses[id]?.state) { tasks[id] = task } }
    return id
  }

  /// Where a job stands, or nil for an unknown id.
  func status(_ id: String) -> Status? { lock.withLock { statuses[id] } }

  /// Cancels a job still downloading; an import already under way finishes (it is one transaction).
  func cancel(_ id: String) -> Bool {
    lock.withLock {
      guard let task = tasks[id], statuses[id]?.state == "downloading" else { return statuses[id] != nil }
      task.cancel()
      statuses[id]?.state = "cancelled"
      return true
    }
  }

  private func update(_ id: String, _ change: (inout Status) -> Void) {
    lock.withLock {
      guard var status = statuses[id], status.state != "cancelled" else { return }
      change(&status)
      statuses[id] = status
    }
  }
}
