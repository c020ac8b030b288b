import Testing

@testable import ShareSynch

/// Notes keep only the seed's formats; appeal markers read from them.
@Suite struct NotesTests {
  @Test func onlyTheAllowedFormatsSurvive() {
    #expect(NotesHTML.sanitize("<b>bold</b> <strong>too</strong>") == "<b>bold</b> <b>too</b>")
    #expect(NotesHTML.sanitize("<em>i</em><u>u</u><strike>s</strike>") == "<i>i</i><u>u</u><s>s</s>")
    #expect(NotesHTML.sanitize("<ul><li>one<li>two</ul>") == "<ul><li>one</li><li>two</li></ul>")
    #expect(NotesHTML.sanitize("<p style=\"color:red\" onclick=\"x()\">text</p>") == "<p>text</p>")
    #expect(NotesHTML.sanitize("line<br/>next") == "line<br>next")
    #expect(NotesHTML.sanitize("<b>unclosed <i>both") == "<b>unclosed <i>both</i></b>")
    #expect(NotesHTML.sanitize("</b>stray</i>") == "stray")
  }

  @Test func aListStartedInsideAParagraphEndsItAndEmptyParagraphsGo() {
    // What Chromium's editor makes of Enter, then the list button, in a paragraph.
    #expect(
      NotesHTML.sanitize("<p>Welcome.</p><p><ul><li>one</li><li>two</li></ul></p>")
        == "<p>Welcome.</p><ul><li>one</li><li>two</li></ul>")
    #expect(NotesHTML.sanitize("<p>intro<ul><li>a</li></ul>after</p>") == "<p>intro</p><ul><li>a</li></ul>after")
    #expect(NotesHTML.sanitize("<p></p><p>text</p><p></p>") == "<p>text</p>")
    #expect(NotesHTML.sanitize("<p><br></p>") == "<p><br></p>", "a blank line the user made stays")
  }

  @Test func scriptsHandlersAndLinksNeverSurvive() {
    let pasted = """
      <script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">link</a>\
      <style>p{}</style><iframe src="x"></iframe><svg><script>alert(4)</script></svg>\
      <b onmouseover='alert(5)'>kept</b><!-- <script>alert(6)</script> -->
      """
    let clean = NotesHTML.sanitize(pasted)
    #expect(clean == "link<b>kept</b>")
    #expect(NotesHTML.sanitize("<p title='a > b'>x</p>") == "<p>x</p>", "a > inside a quoted attribute")
    #expect(NotesHTML.sanitize("1 < 2 & 3 > 2") == "1 &lt; 2 &amp; 3 &gt; 2")
    #expect(NotesHTML.sanitize("&lt;script&gt;") == "&lt;script&gt;", "escaped markup stays text")
    #expect(NotesHTML.sanitize("<ScRiPt>x</sCrIpT>ok") == "ok")
  }

  @Test func sanitisingIsStableAndKeepsEveryScript() {
    for html in ["<b>שלום</b> עולם", "<i>Ἐν ἀρχῇ</i>", "<ul><li>नमस्ते</li></ul>", "<p>a<b>b<u>c</u></b></p>"] {
      let once = NotesHTML.sanitize(html)
      #expect(NotesHTML.sanitize(once) == once)
      #expect(once == html)
    }
  }

  @Test func plainTextAndAppealMarkers() {
    #expect(NotesHTML.plainText("<p>one</p><p>two &amp; <b>three</b></p>") == "one\ntwo & three")
    let script = AppealScript(
      notesHTML: NotesHTML.sanitize("<p>Intro</p><p>&lt;C&gt;First line&lt;c&gt;</p><p><C>Second<c></p>"))
    #expect(script.chunks == ["First line"], "a typed <C> is text in the HTML; a <C> tag is stripped")
    let full = AppealScript(text: "Say this. <C> Come <c> then <C>Now<c><R> Final words.")
    #expect(full.chunks == ["Come", "Now"] && full.removesText && full.finalNotes == "Final words.")
    #expect(full.steps == 3 && full.displayText(at: 1) == "Now" && full.displayText(at: 2) == nil)
    #expect(AppealScript(text: "no markers").steps == 1)
    #expect(AppealScript(text: "<C>open <C>next<c>").chunks == ["open", "next"])
  }
}
