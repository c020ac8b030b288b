import Crypto
import Foundation

/// Writes imported images into the media folder on first use, named by a hash of their bytes,
/// and remembers which files it created so a failed import can take them away again.
final class MediaWriter: @unchecked Sendable {
  private let folder: URL
  private let images: [String: Data]
  private let lock = NSLock()
  private var storedNames: [String: String] = [:]
  private var created: [URL] = []

  init(folder: URL, images: [String: Data]) {
    self.folder = folder
    self.images = images
  }

  /// The stored file name for the package's image `name`, writing it if needed.
  func store(_ name: String) throws -> String {
    try lock.withLock {
      if let stored = storedNames[name] { return stored }
      guard let data = images[name] else { return name }
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let fileExtension = (name as NSString).pathExtension.lowercased()
      var attempt = 0
      while true {
        let stored = contentName(data, attempt: attempt) + (fileExtension.isEmpty ? "" : ".\(fileExtension)")
        let url = folder.appendingPathComponent(stored)
        if let existing = FileManager.default.contents(atPath: url.path) {
          if existing == data {
            storedNames[name] = stored
            return stored
          }
          attempt += 1
          continue
        }
        try data.write(to: url, options: .withoutOverwriting)
        created.append(url)
        storedNames[name] = stored
        return stored
      }
    }
  }

  /// Deletes the files this writer created.
  func removeCreated() {
    lock.withLock {
      for url in created { try? FileManager.default.removeItem(at: url) }
      created = []
    }
  }

  /// A file name from the bytes' SHA-256 (a suffix only if two files ever clashed).
  private func contentName(_ data: Data, attempt: Int) -> String {
    SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined() + (attempt == 0 ? "" : "-\(attempt)")
  }
}
