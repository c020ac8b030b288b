import Testing

@testable import KeyIt

@Suite struct ItemOrderTests {
  @Test(arguments: [
    (ItemType.inTitle, 1, 0, 10), (.inSubj, 1, 3, 13), (.inPara, 1, 4, 14), (.title, 1, 0, 70),
    (.chapDesc, 1, 0, 73), (.chapLabel, 1, 0, 74), (.ascription, 1, 0, 75), (.heading, 5, 0, 480),
    (.parlRef, 5, 0, 485), (.para, 5, 0, 490), (.headingAfterPara, 5, 0, 495), (.verse, 5, 0, 500),
    (.paraCont, 5, 0, 510), (.verseCont, 5, 0, 520),
  ])
  func seedFormula(type: ItemType, verse: Int, intSeq: Int, expected: Int) {
    #expect(itemOrder(type: type, verse: verse, intSeq: intSeq) == expected)
  }

  @Test func longIntroductionsNeverPassTheMainTitle() {
    #expect(itemOrder(type: .inPara, verse: 1, intSeq: 500) < itemOrder(type: .title, verse: 1))
  }

  @Test func labelsInTheUsersTerms() {
    func label(_ type: ItemType, verse: Int = 5, bridgeTo: Int = 0, psalms: Bool = false) -> String {
      var item = VerseItem(chapterID: 1, verseNumber: verse, itemType: type)
      item.isStartOfBridge = bridgeTo > 0
      item.lastVsOfBridge = bridgeTo
      return item.label(inPsalms: psalms)
    }
    #expect(label(.verse) == "Verse 5")
    #expect(label(.verse, verse: 3, bridgeTo: 5) == "Verses 3–5")
    #expect(label(.verseCont) == "Verse 5 (continued)")
    #expect(label(.para) == "Paragraph" && label(.paraCont) == "Paragraph")
    #expect(label(.heading) == "Heading" && label(.headingAfterPara) == "Heading")
    #expect(label(.parlRef) == "Parallel reference")
    #expect(label(.title) == "Main title")
    #expect(
      label(.inTitle) == "Intro title" && label(.inSubj) == "Intro heading" && label(.inPara) == "Intro paragraph")
    #expect(label(.ascription, psalms: true) == "Psalm title")
    #expect(label(.chapLabel) == "Chapter label" && label(.chapDesc) == "Chapter description")
  }
}
