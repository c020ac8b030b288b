import CHunspell
import Foundation

/// One Hunspell dictionary (`LANG.aff` + `LANG.dic`), opened once. A Hunspell handle is not
/// thread-safe: every call takes the lock. Opening and closing handles share Hunspell's global
/// Unicode table (a plain counter and `delete[]`), so they take one lock for the whole process:
/// two handles made or freed at once on two threads freed the table twice and aborted.
public final class Hunspell: @unchecked Sendable {
  /// The dictionary's language tag as its file names it (`sv_SE`).
  public let language: String
  private let handle: OpaquePointer
  private let encoding: String.Encoding
  private let lock = NSLock()
  private static let lifecycle = NSLock()

  /// Opens `affix` and `dictionary`; nil when Hunspell cannot, or the dictionary's encoding is one
  /// this wrapper does not convert (it knows UTF-8 and ISO 8859-1).
  public init?(affix: String, dictionary: String, language: String) {
    guard FileManager.default.isReadableFile(atPath: affix), FileManager.default.isReadableFile(atPath: dictionary),
      let handle = Self.lifecycle.withLock({ Hunspell_create(affix, dictionary) })
    else { return nil }
    let name = String(cString: Hunspell_get_dic_encoding(handle)).uppercased()
    guard let encoding = Self.encodings[name] else {
      Self.lifecycle.withLock { Hunspell_destroy(handle) }
      return nil
    }
    self.handle = handle
    self.encoding = encoding
    self.language = language
  }

  deinit { Self.lifecycle.withLock { Hunspell_destroy(handle) } }

  private static let encodings: [String: String.Encoding] = [
    "UTF-8": .utf8, "UTF8": .utf8, "ISO8859-1": .isoLatin1, "ISO-8859-1": .isoLatin1,
  ]

  /// Hunspell's analyses of `word` (`st:hund fl:G`), one per reading; empty for an unknown word or
  /// one the dictionary's encoding cannot write.
  public func analyze(_ word: String) -> [String] {
    guard var bytes = word.data(using: encoding).map(Array.init), !bytes.contains(0) else { return [] }
    bytes.append(0)
    return lock.withLock {
      var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
      let count = bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { Hunspell_analyze(handle, &list, $0.baseAddress) }
      }
      defer { Hunspell_free_list(handle, &list, count) }
      guard let list, count > 0 else { return [] }
      return (0..<Int(count)).compactMap { index in
        list[index].flatMap { String(data: Data(bytes: $0, count: strlen($0)), encoding: encoding) }
      }
    }
  }
}
