import Foundation

/// Text ids that collaborating devices make without asking anyone: UUIDv7 (time-ordered, so ids
/// made later sort later) for Bibles and inserted items, and ids derived from the Bible's for the
/// rows every device creates alike (a chapter, its verses), so two devices that open the same
/// chapter offline agree on its ids.
public enum TextID {
  private static let generator = Generator()

  /// A new UUIDv7, later than every one this process made before (RFC 9562, method 1 counter).
  public static func make() -> String { generator.next() }

  /// A chapter's id: `<bible id>/<book code>.<chapter>`.
  public static func chapter(bible: String, book: String, chapter: Int) -> String { "\(bible)/\(book).\(chapter)" }

  /// The id of a chapter's verse item as the chapter is created (and as unbridging restores it).
  public static func verse(chapter: String, verse: Int) -> String { "\(chapter)/v\(verse)" }

  /// The id of the empty psalm title a titled psalm is created with.
  public static func ascription(chapter: String) -> String { "\(chapter)/a" }

  /// The id an imported item at a new place takes, `<chapter id>/<type>.<verse>.<sequence>`: two
  /// devices that import the same file into a chapter offline give its items the same ids, so their
  /// logs merge into one of each item instead of two.
  public static func place(chapter: String, type: ItemType, verse: Int, intSeq: Int) -> String {
    // Written as bytes, not interpolated: an import of Psalms makes thousands, and the stored form of
    // most (`/VerseCont.3.1`) fits in a string that needs no memory of its own.
    var id: [UInt8] = []
    id.reserveCapacity(chapter.utf8.count + 40)
    id += chapter.utf8
    id.append(UInt8(ascii: "/"))
    id += type.rawValue.utf8
    id.append(UInt8(ascii: "."))
    id += String(verse).utf8
    id.append(UInt8(ascii: "."))
    id += String(intSeq).utf8
    return String(decoding: id, as: UTF8.self)
  }

  /// An item's id as its row stores it: an id under its chapter's (`<chapter id>/v3`) from the `/`
  /// on (`/v3`), any other whole. The 50-odd bytes of a chapter's id, spelt out in every item, in
  /// its index and in its printed-order index, were a third of what a new Bible's import wrote.
  /// The derived ids (`verse`, `ascription`, `place`) made with the chapter's id "" are stored forms.
  static func stored(_ uid: String, chapter: String) -> String {
    let count = chapter.utf8.count
    // Compared as bytes in place (`starts(with:)` walked them one by one: an import stores thousands).
    let under =
      uid.utf8.withContiguousStorageIfAvailable { whole in
        chapter.utf8.withContiguousStorageIfAvailable { prefix in
          whole.count > count + 1 && whole[count] == UInt8(ascii: "/")
            && memcmp(whole.baseAddress!, prefix.baseAddress!, count) == 0
        }
      } ?? nil
    guard under ?? (uid.hasPrefix(chapter + "/")) else { return uid }
    return String(uid.utf8.dropFirst(count))!
  }

  /// An item's id as its row in `chapter` stores it, whole again (see `stored`).
  static func whole(_ stored: String, chapter: String) -> String {
    stored.utf8.first == UInt8(ascii: "/") ? chapter + stored : stored
  }

  /// Whether stored id `a` comes before stored id `b` in the order of their whole ids, both stored
  /// under `chapter` (with "", whole ids in their order): two under it are in the order of what
  /// follows the chapter's id.
  static func precedes(_ a: String, _ b: String, storedUnder chapter: String) -> Bool {
    let slash = UInt8(ascii: "/")
    guard (a.utf8.first == slash) != (b.utf8.first == slash) else { return bytesPrecede(a, b) }
    return bytesPrecede(whole(a, chapter: chapter), whole(b, chapter: chapter))
  }

  /// `a < b`, compared as UTF-8 bytes in place: the same order for text in NFC, as ids are (ASCII,
  /// or NFC as every text stored), without `String`'s comparison, which was most of sorting a
  /// chapter's changes by id.
  static func bytesPrecede(_ a: String, _ b: String) -> Bool {
    let compared = a.utf8.withContiguousStorageIfAvailable { x in
      b.utf8.withContiguousStorageIfAvailable { y in
        let common = min(x.count, y.count)
        let order = common == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, common)
        return order < 0 || (order == 0 && x.count < y.count)
      }
    }
    return (compared ?? nil) ?? (a < b)
  }

  /// Whether a row may store `uid` as it is: an id under a chapter's is stored from the `/` on.
  static func isStoredForm(_ uid: String) -> Bool {
    uid.utf8.first == UInt8(ascii: "/") || !uid.utf8.contains(UInt8(ascii: "/"))
  }

  /// Whether a row of `chapter` can hold `uid` and give it back: an id under the chapter's, or one
  /// with no `/` (a UUIDv7). Not another chapter's id, nor one that reads as this chapter's (`/v3`).
  static func fits(_ uid: String, chapter: String) -> Bool {
    let stored = stored(uid, chapter: chapter)
    return isStoredForm(stored) && whole(stored, chapter: chapter) == uid
  }

  private final class Generator: @unchecked Sendable {
    private let lock = NSLock()
    private var lastMillis: UInt64 = 0
    private var sequence: UInt16 = 0
    /// Random words from the system, drawn 64 at a time: one system call for dozens of ids, not one
    /// each (an import of Psalms makes thousands).
    private var random: [UInt64] = []

    func next() -> String {
      var millis = UInt64(Date().timeIntervalSince1970 * 1000)
      lock.lock()
      if millis <= lastMillis {
        millis = lastMillis
        sequence &+= 1
        if sequence > 0xFFF {
          millis += 1
          sequence = 0
        }
      } else {
        sequence = UInt16(truncatingIfNeeded: takeRandom()) & 0x1FF
      }
      lastMillis = millis
      let counter = sequence
      let random = takeRandom()
      lock.unlock()
      // The 16 bytes as two words: 48 bits of time, the version and the counter; then the variant
      // and 62 random bits.
      let high = millis << 16 | 0x7000 | UInt64(counter & 0xFFF)
      let low = 0x8000_0000_0000_0000 | (random.byteSwapped & 0x3FFF_FFFF_FFFF_FFFF)
      return String(unsafeUninitializedCapacity: 36) { text in
        var at = 0
        for nibble in 0..<32 {
          if nibble == 8 || nibble == 12 || nibble == 16 || nibble == 20 {
            text[at] = UInt8(ascii: "-")
            at += 1
          }
          let word = nibble < 16 ? high : low
          let value = UInt8(truncatingIfNeeded: word >> (60 - 4 * UInt64(nibble % 16))) & 0xF
          text[at] = value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
          at += 1
        }
        return at
      }
    }

    /// The next random word (under the lock), refilling the words from the system when none is
    /// left (glibc's `arc4random_buf`: `getrandom` underneath, and it cannot fail).
    private func takeRandom() -> UInt64 {
      if random.isEmpty {
        random = [UInt64](repeating: 0, count: 64)
        random.withUnsafeMutableBytes { arc4random_buf($0.baseAddress!, $0.count) }
      }
      return random.removeLast()
    }
  }
}
