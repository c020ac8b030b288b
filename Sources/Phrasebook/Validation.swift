import AppSupport
import Foundation

/// True for a file name with no folder part that cannot climb out of its folder.
func isPlainFileName(_ name: String) -> Bool {
  !name.isEmpty && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\\") && !name.contains("\0")
}

/// True for an absolute http or https address with a host.
func isWebAddress(_ text: String) -> Bool {
  guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host else { return false }
  return (scheme == "http" || scheme == "https") && !host.isEmpty
}

/// Tag names from what was typed: commas and semicolons separate tags (so a tag never holds one),
/// each trimmed and in NFC, blanks dropped.
func tagNames(_ texts: [String]) -> [String] {
  texts.flatMap { $0.split(whereSeparator: { $0 == "," || $0 == ";" }) }.map { String($0).trimmed.nfc }
    .filter { !$0.isEmpty }
}

/// The file extension of a PNG, JPEG, GIF or WebP picture, from its first bytes; nil otherwise.
func imageType(_ data: Data) -> String? {
  let bytes = [UInt8](data.prefix(12))
  if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
  if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpg" }
  if bytes.starts(with: Array("GIF8".utf8)) { return "gif" }
  if bytes.count == 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
    return "webp"
  }
  return nil
}
