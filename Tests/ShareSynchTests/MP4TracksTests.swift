import Foundation
import Testing

@testable import ShareSynch

/// The codecs of an MP4's video tracks, read from boxes laid out as encoders write them (media
/// first or last, an audio track beside the video, a 64-bit size), and hostile shapes refused.
@Suite struct MP4TracksTests {
  private func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
    let size = UInt32(body.count + 8)
    return withUnsafeBytes(of: size.bigEndian, Array.init) + Array(type.utf8) + body
  }

  private func track(handler: String, codec: String) -> [UInt8] {
    let handlerBody = [UInt8](repeating: 0, count: 8) + Array(handler.utf8) + [UInt8](repeating: 0, count: 13)
    let descriptions = [0, 0, 0, 0, 0, 0, 0, 1] + box(codec, [UInt8](repeating: 0, count: 78))
    return box(
      "trak",
      box("tkhd", [UInt8](repeating: 0, count: 84))
        + box(
          "mdia",
          box("mdhd", [UInt8](repeating: 0, count: 24)) + box("hdlr", handlerBody)
            + box("minf", box("vmhd", [UInt8](repeating: 0, count: 12)) + box("stbl", box("stsd", descriptions)))))
  }

  private func movie(_ tracks: [UInt8], mediaFirst: Bool = true, largeMedia: Bool = false) -> [UInt8] {
    let fileType = box("ftyp", Array("isom".utf8) + [0, 0, 2, 0] + Array("isomavc1".utf8))
    let payload = [UInt8](repeating: 0x55, count: 4096)
    let media =
      largeMedia
      ? [0, 0, 0, 1] + Array("mdat".utf8) + withUnsafeBytes(of: UInt64(payload.count + 16).bigEndian, Array.init)
        + payload
      : box("mdat", payload)
    let moov = box("moov", box("mvhd", [UInt8](repeating: 0, count: 100)) + tracks)
    return fileType + (mediaFirst ? media + moov : moov + media)
  }

  private func file(_ bytes: [UInt8]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("mp4-\(UUID().uuidString).mp4")
    try Data(bytes).write(to: url)
    return url
  }

  @Test func anH264VideoWithItsSoundPlays() throws {
    let url = try file(movie(track(handler: "vide", codec: "avc1") + track(handler: "soun", codec: "mp4a")))
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(MP4Tracks.videoCodecs(of: url) == ["avc1"])
    #expect(MP4Tracks.isPlayable(url))
  }

  @Test func hevcAndOldMPEG4VideoDoNotPlay() throws {
    for codec in ["hvc1", "hev1", "mp4v"] {
      let url = try file(movie(track(handler: "vide", codec: codec), mediaFirst: false))
      defer { try? FileManager.default.removeItem(at: url) }
      #expect(MP4Tracks.videoCodecs(of: url) == [codec])
      #expect(!MP4Tracks.isPlayable(url), "\(codec)")
    }
  }

  @Test func aSixtyFourBitMediaBoxIsSteppedOver() throws {
    let url = try file(movie(track(handler: "vide", codec: "vp09"), largeMedia: true))
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(MP4Tracks.videoCodecs(of: url) == ["vp09"])
  }

  @Test func soundAloneOrABrokenFileIsNotAPlayableVideo() throws {
    let whole = movie(track(handler: "vide", codec: "avc1"), mediaFirst: false)
    var overlong = whole
    overlong[whole.count - 4096 - 8] = 0x7F  // the media box claims more than the file holds
    let shapes: [[UInt8]] = [
      movie(track(handler: "soun", codec: "mp4a")),  // no video track
      Array(whole.prefix(whole.count / 3)),  // cut short inside the moov box
      overlong,
      Array(whole.prefix(20)),  // ftyp only: no moov
    ]
    for bytes in shapes {
      let url = try file(bytes)
      defer { try? FileManager.default.removeItem(at: url) }
      #expect(!MP4Tracks.isPlayable(url))
    }
  }
}
