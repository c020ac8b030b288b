import Foundation
import TestSupport
import Testing

@testable import KeyIt

/// New text ids are UUIDv7 (RFC 9562): made later, they sort later; their random part comes from
/// words drawn from the system 64 at a time, and must still differ for every id.
@Suite struct TextIDTests {
  @Test func idsAreUUIDv7InTheOrderTheyWereMadeWithRandomPartsAllDifferent() throws {
    let ids = (0..<20_000).map { _ in TextID.make() }
    #expect(ids == ids.sorted(), "made later, sorted later")
    #expect(Set(ids).count == ids.count)
    for id in ids.prefix(200) {
      let uuid = try #require(UUID(uuidString: id), "\(id) is a UUID")
      #expect(id == uuid.uuidString.lowercased())
      let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
      #expect(bytes[6] >> 4 == 7, "version 7")
      #expect(bytes[8] >> 6 == 0b10, "RFC 9562 variant")
    }
    // The last 62 bits are random: a repeated or constant word would show here.
    let tails = Set(ids.map { $0.suffix(17) })
    #expect(tails.count == ids.count)
  }

  @Test func idsMadeOnManyThreadsAtOnceAreAllDifferent() async {
    let ids = await withTaskGroup(of: [String].self) { group in
      for _ in 0..<8 { group.addTask { (0..<2_000).map { _ in TextID.make() } } }
      return await group.reduce(into: []) { $0 += $1 }
    }
    #expect(Set(ids).count == 16_000)
  }

  @Test func rowsStoreAnIDUnderTheirChaptersFromTheSlashOnAndGiveItBackWhole() {
    let bible = TextID.make()
    let chapter = TextID.chapter(bible: bible, book: "PSA", chapter: 1)
    let inserted = TextID.make()
    let cases: [(uid: String, stored: String)] = [
      (TextID.verse(chapter: chapter, verse: 3), "/v3"),
      (TextID.ascription(chapter: chapter), "/a"),
      (TextID.place(chapter: chapter, type: .paraCont, verse: 12, intSeq: -1), "/ParaCont.12.-1"),
      (inserted, inserted),
      // Another chapter's ids stay whole, PSA.10 as much as PSA.2, and so does another Bible's.
      (TextID.verse(chapter: TextID.chapter(bible: bible, book: "PSA", chapter: 10), verse: 3), ""),
      (TextID.verse(chapter: TextID.chapter(bible: bible, book: "PSA", chapter: 2), verse: 3), ""),
      (TextID.verse(chapter: TextID.chapter(bible: TextID.make(), book: "PSA", chapter: 1), verse: 3), ""),
      (chapter, ""),
    ]
    for (uid, expected) in cases {
      let stored = TextID.stored(uid, chapter: chapter)
      #expect(stored == (expected.isEmpty ? uid : expected))
      #expect(TextID.isStoredForm(stored) == (stored.first == "/" || stored == inserted))
      #expect(TextID.whole(stored, chapter: chapter) == uid)
      // A row of the chapter holds its own ids and new ones, never another chapter's.
      #expect(TextID.fits(uid, chapter: chapter) == (stored != uid || stored == inserted))
    }
    #expect(!TextID.fits("/v3", chapter: chapter), "reads back as the chapter's verse 3")
  }

  /// An import plans in stored ids and puts its changes in the order of the whole ids: for any two
  /// ids a chapter's rows can hold, stored, the order is the whole ids' (String's `<`), and a derived id made
  /// with the chapter's id "" is its stored form.
  @Test func storedIDsSortAsTheirWholeIDs() {
    var random = SeededGenerator(seed: 2_230)
    let chapter = TextID.chapter(bible: TextID.make(), book: "PSA", chapter: 119)
    func randomID() -> String {
      switch Int.random(in: 0...4, using: &random) {
      case 0: TextID.verse(chapter: chapter, verse: Int.random(in: 1...176, using: &random))
      case 1: TextID.ascription(chapter: chapter)
      case 2:
        TextID.place(
          chapter: chapter, type: ItemType.allCases.randomElement(using: &random)!,
          verse: Int.random(in: 1...176, using: &random), intSeq: Int.random(in: -1...12, using: &random))
      case 3: TextID.make()
      default: String((0..<Int.random(in: 0...3, using: &random)).map { _ in "0a/é".randomElement(using: &random)! })
      }
    }
    for _ in 0..<5_000 {
      let (a, b) = (randomID(), randomID())
      #expect(TextID.bytesPrecede(a, b) == (a < b), "\(a) \(b)")
      // Only ids a row of the chapter can hold have a stored form (`/v3` itself has none).
      guard TextID.fits(a, chapter: chapter), TextID.fits(b, chapter: chapter) else { continue }
      let (storedA, storedB) = (TextID.stored(a, chapter: chapter), TextID.stored(b, chapter: chapter))
      #expect(TextID.precedes(storedA, storedB, storedUnder: chapter) == (a < b), "\(a) \(b)")
    }
    #expect(
      TextID.verse(chapter: "", verse: 3) == TextID.stored(TextID.verse(chapter: chapter, verse: 3), chapter: chapter))
    #expect(
      TextID.place(chapter: "", type: .headingAfterPara, verse: 119, intSeq: 10)
        == TextID.stored(
          TextID.place(chapter: chapter, type: .headingAfterPara, verse: 119, intSeq: 10), chapter: chapter))
  }
}
