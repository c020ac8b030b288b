import Foundation
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
}
