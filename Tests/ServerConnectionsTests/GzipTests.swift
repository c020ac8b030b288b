import Foundation
import Gzip
import TestSupport
import Testing

/// gzip both ways, with the `gzip` tool as the oracle for the format.
@Suite struct GzipTests {
  func gzipTool(_ arguments: [String], _ input: [UInt8]) throws -> [UInt8] {
    [UInt8](try runTool(URL(fileURLWithPath: "/bin/gzip"), arguments: arguments, input: Data(input)))
  }

  /// Texts of every shape a body takes: empty, one byte, a change log's JSON, noise, one key held.
  func samples() -> [[UInt8]] {
    var generator = SystemRandomNumberGenerator()
    let json = String(repeating: #"{"uid":"/v/3","after":{"text":"Ruth 1:3 Elimeleki, "}}, "#, count: 3000)
    return [
      [], [0x41], Array(json.utf8), (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &generator) },
      Array(String(repeating: "—", count: 200_000).utf8), Array("Ŵyr ŷd yng Nghymru ἐν ἀρχῇ ᨅᨔ ᨕᨘᨁᨗ 🙏".utf8),
    ]
  }

  @Test func whatWeGzipTheToolInflatesAndWhatItGzipsWeInflate() throws {
    for plain in samples() {
      for level: Int32 in [1, 4, 6, 9] {
        let packed = try #require(Gzip.compress(plain, level: level))
        #expect(try gzipTool(["-dc"], packed) == plain, "level \(level), \(plain.count) bytes")
        #expect(try Gzip.decompress(packed, limit: plain.count) == plain, "at exactly its own length")
      }
      for level in ["-1", "-9"] {
        #expect(try Gzip.decompress(try gzipTool(["-c", level], plain), limit: 1 << 24) == plain)
      }
    }
  }

  @Test func aBombStopsAtTheLimitAndOneByteOverIsOver() throws {
    let zeros = [UInt8](repeating: 0, count: 64 << 20)
    let bomb = try #require(Gzip.compress(zeros, level: 9))
    #expect(bomb.count < 100_000, "64 MiB of zeros gzips to \(bomb.count) bytes")
    #expect(throws: Gzip.Problem.overLimit(1 << 20)) { try Gzip.decompress(bomb, limit: 1 << 20) }
    let text = Array(String(repeating: "a verse ", count: 1000).utf8)
    let packed = try #require(Gzip.compress(text, level: 6))
    #expect(throws: Gzip.Problem.overLimit(text.count - 1)) { try Gzip.decompress(packed, limit: text.count - 1) }
    #expect(throws: Gzip.Problem.overLimit(0)) { try Gzip.decompress(packed, limit: 0) }
    #expect(try Gzip.decompress(try #require(Gzip.compress([], level: 6)), limit: 0) == [])
  }

  @Test func anythingButOneWholeGzipStreamIsRefused() throws {
    let text = Array(String(repeating: "Ruth 1:1 ", count: 500).utf8)
    let packed = try #require(Gzip.compress(text, level: 6))
    var damaged = packed
    damaged[damaged.count - 6] ^= 0xFF  // the CRC-32 in the trailer
    var deflateDamaged = packed
    deflateDamaged[12] ^= 0x55
    let zlibStream = try runTool(
      URL(fileURLWithPath: "/usr/bin/env"),
      arguments: [
        "python3", "-c", "import sys, zlib; sys.stdout.buffer.write(zlib.compress(sys.stdin.buffer.read()))",
      ],
      input: Data(text))
    let refused: [(String, [UInt8])] = [
      ("empty", []), ("the header alone", Array(packed.prefix(10))), ("cut short", Array(packed.dropLast(1))),
      ("half", Array(packed.prefix(packed.count / 2))), ("a damaged CRC", damaged), ("damaged data", deflateDamaged),
      ("bytes after it", packed + [0]), ("two members", packed + packed), ("zlib, not gzip", [UInt8](zlibStream)),
      ("plain JSON", Array(#"{"changes": []}"#.utf8)),
    ]
    for (name, bytes) in refused {
      #expect(throws: Gzip.Problem.notGzip, "\(name)") { try Gzip.decompress(bytes, limit: 1 << 20) }
    }
  }
}
