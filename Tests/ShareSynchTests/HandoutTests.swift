import Foundation
import Testing

@testable import ShareSynch

/// Notes split into the handout's paragraphs and list items, each well-formed Pango markup.
@Suite struct HandoutTests {
  typealias Block = Handout.NoteBlock

  @Test func paragraphsAndListItemsBecomeBlocksWithTheirListLevel() {
    #expect(
      Handout.noteBlocks("<p>One</p><ul><li>A</li><li>B<ul><li>B1</li></ul></li></ul>after")
        == [
          Block(markup: "One", listLevel: 0), Block(markup: "A", listLevel: 1), Block(markup: "B", listLevel: 1),
          Block(markup: "B1", listLevel: 2), Block(markup: "after", listLevel: 0),
        ])
  }

  @Test func formattingOpenAcrossABoundaryIsClosedAndReopened() {
    #expect(
      Handout.noteBlocks("<b>bold <i>both<br>next</b> italic</i>")
        == [Block(markup: "<b>bold <i>both\nnext</i></b> italic", listLevel: 0)],
      "closing the outer tag closes the inner one too (the sanitiser's nesting)")
    #expect(
      Handout.noteBlocks("<p><b>one</p><p>two</b></p>")
        == [Block(markup: "<b>one</b>", listLevel: 0), Block(markup: "two", listLevel: 0)],
      "the sanitiser closes inline formatting at a block, so the second paragraph is plain")
  }

  @Test func textIsEscapedControlsDroppedAndEmptyBlocksLeftOut() {
    #expect(
      Handout.noteBlocks("<p>a &lt;C&gt; &amp; b\u{7}</p><p> </p><ul><li></li></ul><script>x</script>")
        == [Block(markup: "a &lt;C&gt; &amp; b", listLevel: 0)])
  }
}
