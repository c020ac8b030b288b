import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Testing

@testable import WebApp

/// Uploads go to a file chunk by chunk and stop at their limit, leaving nothing behind.
@Suite struct UploadedFileTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uploads-\(UUID().uuidString)")

  func request(chunks: Int, of size: Int) -> Request {
    let stream = AsyncStream<ByteBuffer> { continuation in
      for index in 0..<chunks { continuation.yield(ByteBuffer(repeating: UInt8(index % 251), count: size)) }
      continuation.finish()
    }
    return Request(
      head: HTTPRequest(method: .post, scheme: "http", authority: "localhost", path: "/upload"),
      body: RequestBody(asyncSequence: stream))
  }

  @Test func aBodyWithinItsLimitIsStoredWhole() async throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("ok.upload")
    try await saveBody(of: request(chunks: 40, of: 65_536), to: file, limit: 40 * 65_536)
    #expect(try Data(contentsOf: file).count == 40 * 65_536)
  }

  @Test func aBodyPastItsLimitIsRefusedAndItsFileDeleted() async throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("big.upload")
    await #expect(
      performing: { try await saveBody(of: request(chunks: 100, of: 65_536), to: file, limit: 1 << 20) },
      throws: { ($0 as? HTTPError)?.status == .contentTooLarge })
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }
}
