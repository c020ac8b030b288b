import Foundation
import Testing

@testable import KeyIt

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Psalm 3 as Paratext writes it: a published chapter number, an ascription, poetry lines inside
/// verses, a footnote, a cross reference, a heading, a bridge, a stanza break, character styles,
/// attributes and a milestone.
let psalm3 = #"""
  \id PSA Test Bible
  \h Psalms
  \c 3
  \cp III
  \d A Psalm by David, when he fled from Absalom his son.
  \q1
  \v 1 Yahweh, how my \wj adversaries\wj* have increased!
  \q2 Many are those who rise up against me.
  \q1
  \v 2 Many there are who say of my soul,
  \q2 “There is no help for him in God.”\f + \fr 3:2 \ft Or, \fq salvation\fq* is not \add for\add* him.\f*
  \q2 \qs Selah.\qs*
  \s1 The Lord answers
  \q1
  \v 3-4 But you, Yahweh, are a shield around me,\x - \xo 3:3 \xt Ps 28:7\x* my glory. I cry to \nd Yahweh\nd* with my voice, and \qt-s |who="David"\*he answers\qt-e\* me.
  \b
  \q1
  \v 5 I laid myself down and slept; for \w Yahweh|lemma="YHWH" strong="H3068"\w* sustains me.
  \v 6 I will not be afraid of tens of thousands of people.
  \v 7 Arise, Yahweh!
  \v 8 Salvation belongs to Yahweh.
  """#

@Suite struct USXExportTests {
  /// Every export the tests make, in both formats: usfm-grammar's USX of our USFM must be our USX.
  @Test func everyUSXExportCarriesWhatItsUSFMCarries() async throws {
    let store = try await USFMExportTests().markWithEverything()
    let mark = try await store.openChapter(bibleID: nil, code: "MRK", chapter: 1)
    _ = try await store.setText(
      bibleID: nil, itemID: try #require(mark.item(.verse, verse: 11)?.itemID),
      text: #"\wj You are my beloved Son,\wj*\f + \fr 1:11 \ft Or, \fq dear\fq*.\f* in whom I am well pleased."#)
    _ = try await store.importUSFM([("psalm-3.usfm", psalm3)], bibleID: nil)
    var psalm4 = try await store.openChapter(bibleID: nil, code: "PSA", chapter: 4)
    try await store.type([1: "Answer me when I call, God of my righteousness."], in: psalm4)
    psalm4 = try await store.perform(.insertParagraphIn, on: psalm4.item(.verse, verse: 1), offset: 23)
    _ = try await store.perform(.stylePoetry2, on: psalm4.item(.paraCont, verse: 1))
    _ = try await store.importUSFM(
      try ["09-RUTeng-web.usfm", "92-1JNeng-web.usfm", "94-3JNeng-web.usfm"].map { ($0, try fixture("usfm/\($0)")) },
      bibleID: nil)

    var exports: [String: (usfm: String, usx: String)] = [:]
    for (name, code, chapter) in [
      ("mark-1", "MRK", 1), ("psalm-3", "PSA", 3), ("psalm-4", "PSA", 4), ("web-ruth-2", "RUT", 2),
    ] {
      exports[name] = (
        try await store.exportChapter(bibleID: nil, code: code, chapter: chapter),
        try await store.exportChapter(bibleID: nil, code: code, chapter: chapter, format: .usx)
      )
    }
    for (name, code) in [
      ("mark", "MRK"), ("psalms", "PSA"), ("obadiah-empty", "OBA"), ("web-RUT", "RUT"), ("web-1JN", "1JN"),
      ("web-3JN", "3JN"),
    ] {
      exports[name] = (
        try await store.exportBook(bibleID: nil, code: code),
        try await store.exportBook(bibleID: nil, code: code, format: .usx)
      )
    }
    #expect(exports["psalm-3"]!.usx.contains(#"<para style="q2" vid="PSA 3:1">Many are those"#))
    #expect(exports["psalm-4"]!.usx.contains(#"<para style="q2" vid="PSA 4:1">God of my righteousness."#))
    #expect(exports["psalm-3"]!.usx.contains(#"<verse number="3-4" style="v" sid="PSA 3:3-4"/>"#))
    #expect(exports["psalm-3"]!.usx.contains(#"<chapter number="3" style="c" sid="PSA 3" pubnumber="III"/>"#))
    let report = try usxDifferences(exports)
    #expect(report.count == exports.count)
    for (name, differences) in report.sorted(by: { $0.key < $1.key }) {
      #expect(differences.isEmpty, "\(name): \(differences)")
    }
    for (name, export) in exports {
      #expect(export.usx.hasPrefix("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<usx version=\"3.0\">\n"), "\(name)")
      #expect(export.usx == export.usx.precomposedStringWithCanonicalMapping, "\(name)")
    }
  }

  /// Text with XML's special characters reads back as the same text.
  @Test func textIsEscapedForXML() async throws {
    let (store, _) = try await storeWithBible()
    var content = try await store.openChapter(bibleID: nil, code: "RUT", chapter: 1)
    content = try await store.perform(.insertHeadingBefore, on: content.item(.verse, verse: 1))
    let heading = #"Q&A: "<Ruth>""#
    let verse = #"Tom & Jerry say "5 < 6" > 'x' &amp; dw"# + "\u{0302}r"
    _ = try await store.setText(bibleID: nil, itemID: content.item(.heading, verse: 1)!.itemID!, text: heading)
    try await store.type([1: verse], in: content)
    let usx = try await store.exportChapter(bibleID: nil, code: "RUT", chapter: 1, format: .usx)
    #expect(usx.contains(#"<para style="s1">Q&amp;A: "&lt;Ruth&gt;"</para>"#))
    #if canImport(FoundationXML)
      let document = try XMLDocument(data: Data(usx.utf8))
      let paragraphs = try document.nodes(forXPath: "//para").map { $0.stringValue ?? "" }
      #expect(paragraphs.contains(heading))
      #expect(paragraphs.contains(#"Tom & Jerry say "5 < 6" > 'x' &amp; dŵr"#))
    #endif
    let usfm = try await store.exportChapter(bibleID: nil, code: "RUT", chapter: 1)
    #expect(try usxDifferences(["escaped": (usfm, usx)]) == ["escaped": []])
  }

  @Test func characterStylesNotesAndMilestonesBecomeElements() {
    let cases: [(String, String)] = [
      (#"a \wj b \+nd c\+nd*\wj* d"#, #"a <char style="wj">b <char style="nd">c</char></char> d"#),
      (
        #"x\f + \fr 1:1 \ft one \fq two\fq* three\f* y"#,
        #"x<note caller="+" style="f"><char style="fr">1:1 </char><char style="ft">one </char>"#
          + #"<char style="fq">two</char> three</note> y"#
      ),
      (#"\w grace|lemma="grace" strong="G5485"\w*"#, #"<char style="w" lemma="grace" strong="G5485">grace</char>"#),
      (#"\w grace|gratia\w*, a | b"#, #"<char style="w" lemma="gratia">grace</char>, a | b"#),
      (#"\qt-s |who="Jesus"\*Come\qt-e\*"#, #"<ms style="qt-s" who="Jesus"/>Come<ms style="qt-e"/>"#),
      (#"never closed \bd bold"#, #"never closed <char style="bd">bold</char>"#),
      (#"a stray\wj* end & \"#, #"a stray\wj* end &amp; \"#),
    ]
    for (usfm, usx) in cases {
      #expect(usxInline(usfm).joined() == usx, "\(usfm)")
    }
  }

  @Test func aWholeBibleExportsOneUSXFilePerBook() async throws {
    let (store, _) = try await storeWithBible()
    let files = try await store.exportBible(bibleID: nil, format: .usx)
    #expect(files.count == 66)
    #expect(files[7].fileName == "08RUTTestBible.usx")
    #expect(files.allSatisfy { $0.text.contains("<book code=\"") && $0.text.hasSuffix("</usx>\n") })
    #expect(try await store.exportBook(bibleID: nil, code: "RUT").hasPrefix("\\id RUT"), "USFM stays the default")
    #expect(throws: KeyItError.unknownExportFormat("docx", known: ["usfm", "usx"])) {
      try ExportFormat.named("docx")
    }
    #expect(try ExportFormat.named("USX") == .usx)
  }
}
