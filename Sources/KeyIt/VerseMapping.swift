import Foundation

/// A verse in some versification's numbers; verse 0 is a psalm's title where it is not numbered.
public struct VerseRef: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The book code, e.g. `PSA`.
  public let book: String
  public let chapter: Int
  public let verse: Int

  public init(_ book: String, _ chapter: Int, _ verse: Int) {
    self.book = book
    self.chapter = chapter
    self.verse = verse
  }

  /// `PSA 3:1`, the form `.vrs` files and Paratext use.
  public var description: String { "\(book) \(chapter):\(verse)" }

  public static func < (a: VerseRef, b: VerseRef) -> Bool {
    (a.book, a.chapter, a.verse) < (b.book, b.chapter, b.verse)
  }
}

/// A versification's mapping lines (`PSA 3:0-8 = PSA 3:1-9`): where each of its verses is in the
/// Original numbering. Verses not listed are numbered as in the Original.
struct VerseMapping: Sendable {
  private(set) var toOriginal: [VerseRef: VerseRef] = [:]
  private(set) var fromOriginal: [VerseRef: VerseRef] = [:]

  /// Reads the mapping lines of a `.vrs` file. Ranges pair verse by verse; where one side is
  /// longer its extra verses pair with the other side's last (two verses printed as one); verse
  /// segments (`ESG 1:1a`) count as their verse; a range that runs backwards (a typo in the
  /// file) is skipped. Where several verses map to one, the reverse direction takes the first.
  init(vrs text: String) {
    for raw in text.split(separator: "\n") {
      let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      let sides = line.split(separator: "=")
      guard !raw.hasPrefix("#"), sides.count == 2,
        let left = Self.range(sides[0]), let right = Self.range(sides[1])
      else { continue }
      for (index, verse) in left.enumerated() {
        let target = right[min(index, right.count - 1)]
        toOriginal[verse] = target
        if fromOriginal[target] == nil { fromOriginal[target] = verse }
      }
    }
  }

  /// `GEN 32:1-32` as its verses; nil when malformed.
  private static func range(_ text: Substring) -> [VerseRef]? {
    let fields = text.split(separator: " ")
    guard fields.count == 2, fields[0].count == 3 else { return nil }
    let place = fields[1].split(separator: ":")
    guard place.count == 2, let chapter = Int(place[0]) else { return nil }
    let bounds = place[1].split(separator: "-").map { Int($0.prefix { $0.isNumber }) }
    guard (1...2).contains(bounds.count), let first = bounds[0], let last = bounds.last ?? nil, last >= first
    else { return nil }
    return (first...last).map { VerseRef(String(fields[0]), chapter, $0) }
  }
}

extension Versification {
  /// This versification's mapping to the Original numbering. King James has no `.vrs` of its own
  /// and maps as English does (it differs only in the counts of 3 John and Revelation 12).
  var mapping: VerseMapping { Self.mappings[self]! }

  private static let mappings: [Versification: VerseMapping] = {
    var result: [Versification: VerseMapping] = [:]
    for versification in allCases {
      let file = versification == .kjv ? Versification.english.rawValue : versification.rawValue
      do {
        result[versification] = VerseMapping(vrs: try resource(file))
      } catch {
        fatalError("Key It's bundled versification \(file) is missing: \(error)")
      }
    }
    return result
  }()

  /// Where a verse numbered in this versification is in `other`'s numbers (through the Original).
  public func map(_ verse: VerseRef, to other: Versification) -> VerseRef {
    let original = mapping.toOriginal[verse] ?? verse
    return other.mapping.fromOriginal[original] ?? original
  }
}
