import Foundation
import Hummingbird

/// Streams a request body into `file` (in the data folder's scratch space), refusing it with 413
/// as soon as it passes `limit` bytes; on any failure the partial file is deleted. Memory holds
/// one chunk at a time, whatever the upload's size.
func saveBody(of request: Request, to file: URL, limit: Int) async throws {
  guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
    throw HTTPError(.internalServerError, message: "the upload could not be stored")
  }
  do {
    let handle = try FileHandle(forWritingTo: file)
    defer { try? handle.close() }
    var size = 0
    for try await buffer in request.body {
      size += buffer.readableBytes
      guard size <= limit else {
        throw HTTPError(.contentTooLarge, message: "the upload is larger than the \(limit / 1_048_576) MiB accepted")
      }
      try buffer.withUnsafeReadableBytes { try handle.write(contentsOf: $0) }
    }
  } catch {
    try? FileManager.default.removeItem(at: file)
    throw error
  }
}
