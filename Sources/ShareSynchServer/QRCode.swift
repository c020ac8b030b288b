import CQREncode
import Foundation

/// A QR code drawn by Debian's libqrencode, on this machine (never a remote service): its square
/// of dark and light modules, served as SVG so a phone's camera can open one of the server's
/// addresses. Medium error correction (15 % of the symbol may be unreadable), the text as bytes.
public struct QRCode: Sendable, Equatable {
  /// Modules per side: 21 for version 1, four more for each version after it.
  public let size: Int
  /// Row by row from the top left, true for a dark module.
  public let modules: [Bool]

  /// The most bytes encoded: an address with its access token needs about a tenth of it, and a
  /// larger symbol is hard to read from a screen across a desk.
  public static let maxBytes = 512
  /// The light margin around the symbol, in modules (the QR standard asks for four).
  public static let quietZone = 4

  /// The symbol for `text`.
  public init(encoding text: String) throws(QRCodeError) {
    let bytes = text.utf8.count
    guard (1...Self.maxBytes).contains(bytes) else { throw .badLength(bytes: bytes, limit: Self.maxBytes) }
    guard let symbol = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { throw .notEncoded(errno: errno) }
    defer { QRcode_free(symbol) }
    let width = Int(symbol.pointee.width)
    let data = symbol.pointee.data!
    size = width
    modules = (0..<width * width).map { data[$0] & 1 == 1 }  // bit 0 is the module's colour
  }

  /// Whether the module in `row` and `column` (from the top left) is dark.
  public func isDark(row: Int, column: Int) -> Bool { modules[row * size + column] }

  /// The symbol as an SVG document: one module per user unit inside the quiet zone, a white
  /// background and one path of the dark runs of each row, drawn with crisp edges at any size
  /// (four pixels a module when nothing else sizes it).
  public func svg() -> String {
    let side = size + 2 * Self.quietZone
    var path = ""
    for row in 0..<size {
      var column = 0
      while column < size {
        guard isDark(row: row, column: column) else {
          column += 1
          continue
        }
        let start = column
        while column < size, isDark(row: row, column: column) { column += 1 }
        path += "M\(start + Self.quietZone) \(row + Self.quietZone)h\(column - start)v1h-\(column - start)z"
      }
    }
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(4 * side)" height="\(4 * side)" viewBox="0 0 \(side) \(side)" \
      shape-rendering="crispEdges">\
      <rect width="\(side)" height="\(side)" fill="#fff"/><path fill="#000" d="\(path)"/></svg>

      """
  }
}

/// Why a QR code could not be drawn.
public enum QRCodeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text was empty or longer than a readable symbol holds.
  case badLength(bytes: Int, limit: Int)
  /// libqrencode refused the text (`errno` says why: out of memory, or too large for any symbol).
  case notEncoded(errno: Int32)

  /// A sentence a user can act on.
  public var description: String {
    switch self {
    case .badLength(let bytes, let limit): "a QR code holds 1 to \(limit) bytes of text here, not \(bytes)"
    case .notEncoded(let errno): "libqrencode could not encode the text: \(String(cString: strerror(errno)))"
    }
  }
}
