import Foundation
import TestSupport
import Testing

@testable import AppSupport

/// The zip reader against zips made to hurt: bombs that understate their sizes, damaged bytes,
/// duplicate names, too many entries.
@Suite struct ZipReaderTests {
  /// Sets every size field a zip declares (local headers and central directory) to `size`.
  static func understating(_ zip: Data, size: UInt32) -> Data {
    var bytes = [UInt8](zip)
    func put(_ value: UInt32, at offset: Int) {
      for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(index))) }
    }
    var index = 0
    while index + 30 < bytes.count {
      if bytes[index..<index + 4].elementsEqual([0x50, 0x4B, 0x03, 0x04]) {
        put(size, at: index + 22)
      } else if bytes[index..<index + 4].elementsEqual([0x50, 0x4B, 0x01, 0x02]) {
        put(size, at: index + 24)
      }
      index += 1
    }
    return Data(bytes)
  }

  @Test func aBombThatUnderstatesItsSizesIsStoppedOnTheRealBytes() throws {
    let zeros = Data(count: 32 << 20)
    let bomb = Self.understating(try zipArchive([("picture.png", zeros)]), size: 10)
    #expect(bomb.count < 100_000, "32 MiB of zeros deflate to a small file")
    #expect(
      performing: { _ = try unzipArchive(bomb, limits: ZipLimits(entryBytes: 1 << 20, totalBytes: 4 << 20)) },
      throws: { "\($0)".contains("unpacks to more than 1048576 bytes") })
    #expect(
      performing: { _ = try unzipArchive(bomb, limits: ZipLimits(entryBytes: 64 << 20, totalBytes: 2 << 20)) },
      throws: { "\($0)".contains("the zip unpacks to more than 2097152 bytes") })
  }

  @Test func aZipReadsBackAsWritten() throws {
    let files = [("a.txt", Data("one".utf8)), ("media/ü ñ.png", Data(repeating: 7, count: 100_000))]
    let read = try unzipArchive(try zipArchive(files))
    #expect(read == Dictionary(uniqueKeysWithValues: files))
  }

  @Test func twoEntriesWithOneNameAreRefused() throws {
    let zip = try zipArchive([("manifest.json", Data("{}".utf8)), ("manifest.json", Data("[]".utf8))])
    #expect(performing: { _ = try unzipArchive(zip) }, throws: { "\($0)".contains("holds manifest.json twice") })
  }

  @Test func tooManyEntriesAreRefused() throws {
    let zip = try zipArchive((0..<20).map { ("\($0)", Data()) })
    #expect(
      performing: { _ = try unzipArchive(zip, limits: ZipLimits(entries: 10)) },
      throws: { "\($0)".contains("more than 10 entries") })
  }

  @Test func whatIsNotAZipIsRefusedClearly() {
    for junk in [Data(), Data("not a zip".utf8), Data([0x50, 0x4B, 0x03, 0x04]), Data(repeating: 0x50, count: 4096)] {
      #expect(throws: ZipError.self) { _ = try unzipArchive(junk) }
    }
  }

  /// Every damaged copy of a real zip ends in files or a `ZipError`: no trap, no endless loop.
  /// (The fuzz targets go much further; this keeps the rule in the unit tests.)
  @Test func damagedZipsNeverTrapOrHang() throws {
    let original = [UInt8](
      try zipArchive([
        ("collection.anki2", Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })),
        ("media", Data("{\"0\": \"cat.png\"}".utf8)), ("0", Data(repeating: 1, count: 5_000)),
      ]))
    var generator = SeededGenerator(seed: 15)
    var refused = 0
    for _ in 0..<2_000 {
      var damaged = original
      for _ in 0..<Int.random(in: 1...8, using: &generator) {
        let position = Int.random(in: 0..<damaged.count, using: &generator)
        damaged[position] = UInt8.random(in: 0...255, using: &generator)
      }
      if Bool.random(using: &generator) { damaged.removeLast(Int.random(in: 0..<damaged.count, using: &generator)) }
      do {
        _ = try unzipArchive(Data(damaged), limits: ZipLimits(totalBytes: 1 << 20))
      } catch is ZipError {
        refused += 1
      }
    }
    #expect(refused > 1_000, "most damaged copies are refused (\(refused))")
  }
}
