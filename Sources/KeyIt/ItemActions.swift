import Localization

/// The stable ids of every action Key It offers on an item.
public enum ItemActionID: String, CaseIterable, Codable, Sendable {
  case insertTitle, insertIntroTitle, insertIntroHeading, insertIntroParagraph
  case insertChapterLabel, insertChapterDescription, insertAscription
  case insertHeadingBefore, insertHeadingAfter, insertHeadingAboveTitle, insertParagraphBefore, insertParagraphIn
  case insertParallelRef, bridgeNext, unbridge, delete
  /// The style of a paragraph break or line (the USFM marker it is written with).
  case styleParagraph, styleFlush, styleIndented, stylePoetry1, stylePoetry2, stylePoetry3, styleBlank

  /// The marker a style action gives a break (nil: the default `\p`); nil for other actions.
  var styleMarker: String?? {
    switch self {
    case .styleParagraph: .some(nil)
    case .styleFlush: "m"
    case .styleIndented: "pi"
    case .stylePoetry1: "q1"
    case .stylePoetry2: "q2"
    case .stylePoetry3: "q3"
    case .styleBlank: "b"
    default: nil
    }
  }
}

/// The styles a break can take (the menu says `keyit.action.<id>`); a blank line only between verses.
private let breakStyles: [(id: ItemActionID, marker: String)] = [
  (.styleParagraph, "p"), (.styleFlush, "m"), (.styleIndented, "pi"), (.stylePoetry1, "q1"), (.stylePoetry2, "q2"),
  (.stylePoetry3, "q3"), (.styleBlank, "b"),
]

/// One action offered on an item: its stable id and a label in the user's terms.
public struct ItemAction: Encodable, Sendable, Equatable {
  /// The action's stable id.
  public let id: ItemActionID
  /// What the menu shows, as words for the user's language.
  public let words: Words
  /// A question the user must answer first (where to split the text), or nil.
  public var questionWords: Words? = nil

  /// What the menu shows, in English.
  public var label: String { words.english }
  /// The question in English.
  public var question: String? { questionWords?.english }

  init(id: ItemActionID, words: Words, questionWords: Words? = nil) {
    self.id = id
    self.words = words
    self.questionWords = questionWords
  }

  /// The action as the API and `--json` give it, in a language.
  public func encoded(in localizer: Localizer) -> Encoded {
    Encoded(id: id, label: words.text(in: localizer), question: questionWords?.text(in: localizer))
  }

  /// The wire form: id, label, question.
  public struct Encoded: Codable, Sendable, Equatable {
    public let id: ItemActionID
    public let label: String
    public let question: String?
  }

  /// Encoded as its English wire form (`encoded(in:)` for another language).
  public func encode(to encoder: any Encoder) throws {
    try Encoded(id: id, label: label, question: question).encode(to: encoder)
  }
}

/// What the action rules need to know about the chapter an item is in.
public struct ChapterFacts: Sendable, Equatable {
  /// The book's code, e.g. `PSA`.
  public let bookCode: String
  /// The chapter number.
  public let chapterNumber: Int
  /// The chapter's verse count.
  public let numVerses: Int

  /// Creates the facts for one chapter.
  public init(bookCode: String, chapterNumber: Int, numVerses: Int) {
    self.bookCode = bookCode
    self.chapterNumber = chapterNumber
    self.numVerses = numVerses
  }

  /// Ascriptions exist only in Psalms.
  public var isPsalms: Bool { BookSpec.isPsalms(code: bookCode) }

  /// "Psalm" in the Psalms, "Chapter" elsewhere.
  public var chapterWord: String { BookSpec.chapterWord(code: bookCode) }
}

/// The actions allowed on `item` in its chapter, whose items are `items` in printed order.
/// This is the one place the rules live: the store refuses anything not listed here.
public func allowedActions(for item: VerseItem, in items: [VerseItem], facts: ChapterFacts)
  -> [ItemAction]
{
  let v = item.verseNumber
  /// A heading above a psalm title is not the verse's heading: the verse may have both.
  func has(_ type: ItemType, at verse: Int = v) -> Bool {
    items.contains { $0.itemType == type && $0.verseNumber == verse && !$0.isHeadingAboveTitle }
  }
  var actions: [ItemAction] = []
  /// Offers an action whose menu says `keyit.action.<words>` (by default the action's id).
  func offer(_ id: ItemActionID, _ words: String? = nil, verse: Int? = nil, when condition: Bool = true) {
    guard condition else { return }
    let numbers = verse.map { ["verse": $0] } ?? [:]
    actions.append(ItemAction(id: id, words: Words("keyit.action.\(words ?? id.rawValue)", numbers)))
  }
  func offerStyles(_ betweenVerses: Bool) {
    for style in breakStyles where style.marker != (item.marker ?? "p") && (betweenVerses || style.marker != "b") {
      offer(style.id)
    }
  }
  /// What deleting the item is called, by what it is.
  let deleteWords: [String: String] = [
    "keyit.item.inTitle": "deleteInTitle", "keyit.item.inSubj": "deleteInSubj", "keyit.item.inPara": "deleteInPara",
    "keyit.item.chapLabel": "deleteChapLabel", "keyit.item.chapDesc": "deleteChapDesc",
    "keyit.item.psalmTitle": "deletePsalmTitle", "keyit.item.ascription": "deleteAscription",
    "keyit.item.heading": "deleteHeading", "keyit.item.parlRef": "deleteParlRef",
  ]
  func offerDelete() { offer(.delete, deleteWords[item.labelWords(inPsalms: facts.isPsalms).id]) }
  switch item.itemType {
  case .verse:
    if v == 1 {
      if facts.chapterNumber == 1 {
        offer(.insertTitle, when: !has(.title))
        offer(.insertIntroTitle, when: !has(.inTitle))
        offer(.insertIntroHeading)
        offer(.insertIntroParagraph)
      }
      offer(.insertChapterLabel, when: !has(.chapLabel))
      offer(.insertChapterDescription, when: !has(.chapDesc))
      offer(.insertAscription, when: facts.isPsalms && !has(.ascription))
    }
    offer(.insertHeadingBefore, when: !has(.heading))
    offer(.insertParagraphBefore, when: !has(.para))
    if !item.isStartOfBridge && !has(.paraCont) {
      actions.append(
        ItemAction(
          id: .insertParagraphIn, words: Words("keyit.action.insertParagraphIn"),
          questionWords: Words("keyit.question.newLine")))
    }
    if canBridgeNext(item, in: items) {
      offer(.bridgeNext, verse: item.lastVerse + 1)
    }
    offer(.unbridge, verse: item.lastVsOfBridge, when: item.isStartOfBridge)
  case .para:
    offer(.insertHeadingBefore, "headingBeforeParagraph", when: !has(.heading))
    offer(.insertHeadingAfter, "headingAfterParagraph", when: !has(.headingAfterPara))
    offerStyles(true)
    offer(.delete, "deleteParagraphBreak")
  case .heading where item.isHeadingAboveTitle:
    offer(.delete, "deleteHeading")
  case .heading:
    offer(.insertParallelRef, when: !has(.parlRef))
    offer(.insertParagraphBefore, "paragraphAfterHeading", when: !has(.para))
    let otherHeadings =
      items.filter { $0.itemType == .heading && $0.verseNumber == v && !$0.isHeadingAboveTitle }.count > 1
    offer(
      .delete,
      has(.parlRef) && !otherHeadings ? "deleteHeadingAndParallel" : "deleteHeading")
  case .inTitle, .inSubj, .inPara:
    offer(.insertIntroTitle, when: !has(.inTitle))
    offer(.insertIntroHeading, "insertIntroHeadingAfter")
    offer(.insertIntroParagraph, "insertIntroParagraphAfter")
    offerDelete()
  case .title:
    // As the Key It apps offer: what may follow a main title.
    offer(.insertIntroTitle, when: facts.chapterNumber == 1 && !has(.inTitle))
    offer(.insertHeadingBefore, "headingAfterTitle", when: !has(.heading))
    offer(.delete, "deleteTitle")
  case .chapLabel, .chapDesc:
    offer(.insertChapterLabel, when: !has(.chapLabel))
    offer(.insertChapterDescription, when: !has(.chapDesc))
    offer(
      .insertHeadingBefore, item.itemType == .chapLabel ? "headingAfterChapLabel" : "headingAfterChapDesc",
      when: !has(.heading))
    offerDelete()
  case .verseCont:
    // The last part of a verse can be broken again: a verse takes as many lines as the page shows.
    let parts = items.filter { $0.itemType == .verseCont && $0.verseNumber == v }
    if parts.last?.itemID == item.itemID && parts.count < maxBreaksInVerse {
      actions.append(
        ItemAction(
          id: .insertParagraphIn, words: Words("keyit.action.insertAnotherLine"),
          questionWords: Words("keyit.question.nextLine")))
    }
    offer(.delete, "removeParagraphBreak")
  case .paraCont:
    offerStyles(false)
    offer(.delete, "removeParagraphBreak")
  case .ascription:
    // Some Bibles print a heading above the psalm's title.
    offer(.insertHeadingAboveTitle, when: !items.contains { $0.isHeadingAboveTitle && $0.verseNumber == v })
    offerDelete()
  case .headingAfterPara, .parlRef:
    offerDelete()
  }
  return actions
}

/// A verse may bridge with the next verse when that verse exists, is a plain unbridged verse with
/// no paragraph break inside it, and nothing stands between the two.
func canBridgeNext(_ item: VerseItem, in items: [VerseItem]) -> Bool {
  guard item.itemType == .verse,
    let index = items.firstIndex(where: { $0.itemID == item.itemID }),
    index + 1 < items.count
  else { return false }
  let next = items[index + 1]
  return next.itemType == .verse && next.verseNumber == item.lastVerse + 1
    && !next.isStartOfBridge
    && !items.contains { $0.itemType == .paraCont && $0.verseNumber == next.verseNumber }
}
