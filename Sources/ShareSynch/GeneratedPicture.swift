import Foundation
import ZlibShim

/// A picture drawn in code (for the demo series, so it needs no media from elsewhere): an RGB
/// canvas with gradients, bands and discs, written as a PNG.
struct GeneratedPicture {
  let width: Int
  let height: Int
  private var pixels: [UInt8]

  /// A canvas filled with a vertical gradient from `top` to `bottom` (RGB).
  init(width: Int, height: Int, top: (UInt8, UInt8, UInt8), bottom: (UInt8, UInt8, UInt8)) {
    self.width = width
    self.height = height
    pixels = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      let t = Double(y) / Double(max(1, height - 1))
      let color = [top.0, top.1, top.2].enumerated().map { index, start in
        let end = [bottom.0, bottom.1, bottom.2][index]
        return UInt8(Double(start) * (1 - t) + Double(end) * t)
      }
      for x in 0..<width { set(x, y, color) }
    }
  }

  private mutating func set(_ x: Int, _ y: Int, _ color: [UInt8]) {
    let offset = (y * width + x) * 3
    pixels[offset] = color[0]
    pixels[offset + 1] = color[1]
    pixels[offset + 2] = color[2]
  }

  /// Fills a rectangle.
  mutating func fill(x: Int, y: Int, width w: Int, height h: Int, _ color: (UInt8, UInt8, UInt8)) {
    for row in max(0, y)..<min(height, y + h) {
      for column in max(0, x)..<min(width, x + w) { set(column, row, [color.0, color.1, color.2]) }
    }
  }

  /// Fills a disc.
  mutating func disc(centerX: Int, centerY: Int, radius: Int, _ color: (UInt8, UInt8, UInt8)) {
    for row in max(0, centerY - radius)..<min(height, centerY + radius) {
      for column in max(0, centerX - radius)..<min(width, centerX + radius)
      where (row - centerY) * (row - centerY) + (column - centerX) * (column - centerX) <= radius * radius {
        set(column, row, [color.0, color.1, color.2])
      }
    }
  }

  /// The picture as a PNG file (8-bit RGB, no filtering, zlib-compressed).
  func png() -> Data {
    var raw = [UInt8]()
    raw.reserveCapacity(height * (width * 3 + 1))
    for y in 0..<height {
      raw.append(0)
      raw += pixels[(y * width * 3)..<((y + 1) * width * 3)]
    }
    var compressed = [UInt8](repeating: 0, count: czlib_compress_bound(raw.count))
    let length = czlib_compress(raw, raw.count, &compressed, compressed.count)
    var header = Data()
    header.appendBigEndian(UInt32(width))
    header.appendBigEndian(UInt32(height))
    header += [8, 2, 0, 0, 0]
    var file = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    file += Self.chunk("IHDR", header)
    file += Self.chunk("IDAT", Data(compressed.prefix(max(0, length))))
    file += Self.chunk("IEND", Data())
    return file
  }

  private static func chunk(_ type: String, _ body: Data) -> Data {
    var chunk = Data()
    chunk.appendBigEndian(UInt32(body.count))
    let typed = Data(type.utf8) + body
    chunk += typed
    chunk.appendBigEndian(crc32(typed))
    return chunk
  }

  private static let crcTable: [UInt32] = (0..<256).map { index in
    (0..<8).reduce(UInt32(index)) { value, _ in value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
  }

  static func crc32(_ data: Data) -> UInt32 {
    ~data.reduce(UInt32.max) { crc, byte in crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
  }
}

extension Data {
  mutating func appendBigEndian(_ value: UInt32) {
    append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
  }
}
