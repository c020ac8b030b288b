import Foundation
import TestSupport
import Testing

@testable import Lexikon

/// The cache of inflated dictzip chunks: bounded, least recently used out first, and lookups
/// through it read what a reader without it reads.
@Suite struct ChunkCacheTests {
  @Test func keepsAtMostItsCapacityDroppingTheLeastRecentlyUsed() {
    let cache = ChunkCache(capacity: 3)
    var inflated: [Int] = []
    func read(_ index: Int) -> [UInt8] {
      cache.bytes(of: index) { index in
        inflated.append(index)
        return [UInt8(index)]
      }
    }
    for index in [0, 1, 2, 0, 3, 1, 0] { #expect(read(index) == [UInt8(index)]) }
    // 0, 1, 2 inflated; 0 used again; 3 pushes out 1 (least recent); 1 again pushes out 2.
    #expect(inflated == [0, 1, 2, 3, 1])
    #expect(cache.indices == [3, 1, 0])
  }

  @Test func lookupsInAnyOrderAndFromManyThreadsReadTheSameTextsAsAFreshReader() async throws {
    let stem = "\(DictdFileTests.folder)/freedict-cym-eng"
    let index = try DictdIndex(
      text: String(decoding: FileManager.default.contents(atPath: stem + ".index")!, as: UTF8.self))
    var random = SeededGenerator(seed: 22)
    let sample = (0..<300).map { _ in index.entries.randomElement(using: &random)! }
    let expected = try sample.map {
      try DictText(path: stem + ".dict.dz").text(offset: $0.offset, length: $0.length, headword: $0.headword)
    }
    let shared = try DictText(path: stem + ".dict.dz")
    let rounds = try await withThrowingTaskGroup(of: [String].self) { group in
      for round in 0..<4 {
        group.addTask {
          let order = round.isMultiple(of: 2) ? Array(sample.indices) : sample.indices.reversed()
          var texts = [String](repeating: "", count: sample.count)
          for position in order {
            let entry = sample[position]
            texts[position] = try shared.text(offset: entry.offset, length: entry.length, headword: entry.headword)
          }
          return texts
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(rounds.count == 4 && rounds.allSatisfy { $0 == expected })
    #expect(shared.cache.indices.count <= shared.cache.capacity)
  }
}
