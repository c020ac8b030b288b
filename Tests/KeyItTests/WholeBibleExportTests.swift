import Foundation
import Testing

@testable import KeyIt

/// The whole-Bible USFM export stays byte for byte what it was when its speed work began
/// (`Tests/Fixtures/usfm-export/whole-bible.txt`, every file after a `=== name` line): the
/// three WEB books, Paratext-style headers, remarks and alternate numbers, poetry, bridges, psalm
/// titles and chapters never opened.
@Suite struct WholeBibleExportTests {
  static let inputs = [
    "usfm/09-RUTeng-web.usfm", "usfm/92-1JNeng-web.usfm", "usfm/94-3JNeng-web.usfm",
    "usfm-export/19-PSA-sample.usfm", "usfm-export/43-JHN-sample.usfm",
  ]

  /// The export of a Bible holding the input files, as one text.
  static func wholeBible(_ store: KeyItStore) async throws -> String {
    try await store.exportBible(bibleID: nil).map { "=== \($0.fileName)\n\($0.text)" }.joined()
  }

  @Test func theWholeBibleExportIsByteIdenticalToTheRecordedOne() async throws {
    let store = try KeyItStore.inMemory()
    _ = try await store.createBible(name: "Export Bible", versification: .english)
    _ = try await store.importUSFM(try Self.inputs.map { ($0, try fixture($0)) }, bibleID: nil)
    let recorded = try fixture("usfm-export/whole-bible.txt")
    let exported = try await Self.wholeBible(store)
    #expect(exported == recorded)
  }
}
