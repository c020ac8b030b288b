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
