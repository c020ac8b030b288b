import Foundation

/// The video codecs of an MP4 file (`avc1` for H.264, `hvc1` for HEVC…), read from each video
/// track's sample description. The boxes are walked by their sizes, seeking past the media, so a
/// large video costs a few small reads.
public enum MP4Tracks {
  /// The codecs the display (Chromium) plays in an MP4: H.264, VP9 and AV1.
  public static let playable: Set<String> = ["avc1", "avc3", "vp09", "av01"]

  /// The sample-entry type of each video track, in file order; nil when the file is not a
  /// well-formed MP4 (no `moov`, or a box that runs past the one holding it).
  public static func videoCodecs(of file: URL) -> [String]? {
    guard let handle = try? FileHandle(forReadingFrom: file) else { return nil }
    defer { try? handle.close() }
    guard let end = try? handle.seekToEnd(), let top = children(handle, from: 0, to: end),
      let movie = top.first(where: { $0.type == "moov" }), let tracks = children(handle, of: movie)
    else { return nil }
    var codecs: [String] = []
    for track in tracks where track.type == "trak" {
      guard let media = children(handle, of: track)?.first(where: { $0.type == "mdia" }),
        let parts = children(handle, of: media)
      else { return nil }
      // hdlr: version and flags, pre_defined, then the handler type.
      guard let handler = parts.first(where: { $0.type == "hdlr" }),
        read(handle, at: handler.body + 8, count: 4) == "vide"
      else { continue }
      guard let info = parts.first(where: { $0.type == "minf" }),
        let table = children(handle, of: info)?.first(where: { $0.type == "stbl" }),
        let description = children(handle, of: table)?.first(where: { $0.type == "stsd" }),
        // stsd: version and flags, entry count, then the first entry's size and type.
        let codec = read(handle, at: description.body + 12, count: 4)
      else { return nil }
      codecs.append(codec)
    }
    return codecs
  }

  /// True when every video track is in a codec the display plays (and there is one).
  public static func isPlayable(_ file: URL) -> Bool {
    guard let codecs = videoCodecs(of: file), !codecs.isEmpty else { return false }
    return codecs.allSatisfy(playable.contains)
  }

  /// A box: its four-letter type, where its contents start and where it ends.
  struct Box {
    var type: String
    var body: UInt64
    var end: UInt64
  }

  private static func children(_ handle: FileHandle, of box: Box) -> [Box]? {
    children(handle, from: box.body, to: box.end)
  }

  /// The boxes laid end to end from `start` to `end`; nil when one runs past `end`.
  private static func children(_ handle: FileHandle, from start: UInt64, to end: UInt64) -> [Box]? {
    var boxes: [Box] = []
    var offset = start
    while offset + 8 <= end {
      guard let header = bytes(handle, at: offset, count: 8) else { return nil }
      let type = String(decoding: header[4..<8], as: UTF8.self)
      var size = UInt64(header[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
      var headerLength: UInt64 = 8
      if size == 1 {  // a 64-bit size follows the type
        guard let large = bytes(handle, at: offset + 8, count: 8) else { return nil }
        size = large.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        headerLength = 16
      } else if size == 0 {  // the box runs to the end of its container
        size = end - offset
      }
      guard size >= headerLength, size <= end - offset else { return nil }
      boxes.append(Box(type: type, body: offset + headerLength, end: offset + size))
      offset += size
    }
    return boxes
  }

  private static func bytes(_ handle: FileHandle, at offset: UInt64, count: Int) -> [UInt8]? {
    guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.read(upToCount: count),
      data.count == count
    else { return nil }
    return [UInt8](data)
  }

  private static func read(_ handle: FileHandle, at offset: UInt64, count: Int) -> String? {
    bytes(handle, at: offset, count: count).map { String(decoding: $0, as: UTF8.self) }
  }
}
