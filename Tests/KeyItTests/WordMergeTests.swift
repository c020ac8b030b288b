import Testing

@testable import KeyIt

@Suite struct WordMergeTests {
  @Test func editsOfDifferentWordsBothStay() {
    #expect(
      WordMerge.merge(
        base: "In the beginning God created", mine: "In the very beginning God created",
        theirs: "In the beginning God made") == "In the very beginning God made")
  }

  @Test func editsOfTheSameWordConflict() {
    #expect(WordMerge.merge(base: "God created heaven", mine: "God made heaven", theirs: "God formed heaven") == nil)
  }

  @Test func insertsAtTheSamePlaceConflict() {
    #expect(WordMerge.merge(base: "a b", mine: "a x b", theirs: "a y b") == nil)
  }

  @Test func theSameEditTwiceIsOneEdit() {
    #expect(WordMerge.merge(base: "a b c", mine: "a B c", theirs: "a B c") == "a B c")
  }

  @Test func tokensJoinBackToTheText() {
    let text = "  In  the\tbeginning "
    #expect(WordMerge.tokens(text).joined() == text)
  }

  @Test func hunksRebuildTheOtherText() {
    for (base, other) in [("a b c d", "a x c y d"), ("", "new words"), ("old words", ""), ("a b", "b a")] {
      let hunks = WordMerge.hunks(from: WordMerge.tokens(base), to: WordMerge.tokens(other))
      #expect(WordMerge.merge(base: base, mine: base, theirs: other) == other, "\(base) → \(other): \(hunks)")
    }
  }
}
