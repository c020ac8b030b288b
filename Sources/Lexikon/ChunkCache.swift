import Foundation

/// The most recently used inflated chunks of one dictzip file, at most `capacity` of them, shared
/// by every copy of its `DictText` and safe to use from any thread: lookups near each other (or
/// the same word again) inflate nothing.
final class ChunkCache: @unchecked Sendable {
  /// How many chunks are kept (dictzip's 58 KB each: about 1 MB).
  let capacity: Int
  private let lock = NSLock()
  /// Chunk number and its bytes, the least recently used first.
  private var kept: [(index: Int, bytes: [UInt8])] = []

  init(capacity: Int = 16) {
    precondition(capacity > 0, "a chunk cache keeps at least one chunk")
    self.capacity = capacity
  }

  /// The bytes of chunk `index`, from the cache or made by `inflate` (outside the lock, so
  /// threads inflating different chunks do not wait for each other) and kept.
  func bytes(of index: Int, inflate: (Int) throws -> [UInt8]) rethrows -> [UInt8] {
    if let found = lock.withLock({ take(index) }) { return found }
    let bytes = try inflate(index)
    lock.withLock {
      guard take(index) == nil else { return }  // another thread kept it meanwhile
      if kept.count == capacity { kept.removeFirst() }
      kept.append((index, bytes))
    }
    return bytes
  }

  /// The chunk numbers kept, the least recently used first.
  var indices: [Int] { lock.withLock { kept.map(\.index) } }

  /// Chunk `index`'s bytes, marked as the most recently used; nil when it is not kept.
  private func take(_ index: Int) -> [UInt8]? {
    guard let position = kept.firstIndex(where: { $0.index == index }) else { return nil }
    let chunk = kept.remove(at: position)
    kept.append(chunk)
    return chunk.bytes
  }
}
