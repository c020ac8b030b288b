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

/// The styles a break can take, with what the menu says; a blank line only between verses.
private let breakStyles: [(id: ItemActionID, marker: String, label: String)] = [
  (.styleParagraph, "p", "Make it a paragraph"), (.styleFlush, "m", "Make it a paragraph, flush left"),
  (.styleIndented, "pi", "Make it an indented paragraph"), (.stylePoetry1, "q1", "Make it a poetry line"),
  (.stylePoetry2, "q2", "Make it a poetry line, indented"),
  (.stylePoetry3, "q3", "Make it a poetry line, indented twice"),
  (.styleBlank, "b", "Make it a blank line (between stanzas)"),
]

/// One action offered on an item: its stable id and a label in the user's terms.
public struct ItemAction: Codable, Sendable, Equatable {
  /// The action's stable id.
  public let id: ItemActionID
  /// What the menu shows.
  public let label: String
  /// A question the user must answer first (where to split the text), or nil.
  public var question: String? = nil
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
  func offer(_ id: ItemActionID, _ label: String, when condition: Bool = true) {
    if condition { actions.append(ItemAction(id: id, label: label)) }
  }
  func offerStyles(_ betweenVerses: Bool) {
    for style in breakStyles where style.marker != (item.marker ?? "p") && (betweenVerses || style.marker != "b") {
      offer(style.id, style.label)
    }
  }
  switch item.itemType {
  case .verse:
    if v == 1 {
      if facts.chapterNumber == 1 {
        offer(.insertTitle, "Add main title", when: !has(.title))
        offer(.insertIntroTitle, "Add intro title", when: !has(.inTitle))
        offer(.insertIntroHeading, "Add intro heading")
        offer(.insertIntroParagraph, "Add intro paragraph")
      }
      offer(.insertChapterLabel, "Add chapter label", when: !has(.chapLabel))
      offer(.insertChapterDescription, "Add chapter description", when: !has(.chapDesc))
      offer(.insertAscription, "Add psalm title", when: facts.isPsalms && !has(.ascription))
    }
    offer(.insertHeadingBefore, "Add heading before", when: !has(.heading))
    offer(.insertParagraphBefore, "Start paragraph before", when: !has(.para))
    if !item.isStartOfBridge && !has(.paraCont) {
      actions.append(
        ItemAction(
          id: .insertParagraphIn, label: "Start paragraph or line inside verse",
          question: "Where does the new paragraph or line start? Put the cursor there."))
    }
    if canBridgeNext(item, in: items) {
      offer(.bridgeNext, "Bridge with verse \(item.lastVerse + 1)")
    }
    offer(.unbridge, "Unbridge verse \(item.lastVsOfBridge)", when: item.isStartOfBridge)
  case .para:
    offer(.insertHeadingBefore, "Add heading before paragraph", when: !has(.heading))
    offer(.insertHeadingAfter, "Add heading after paragraph", when: !has(.headingAfterPara))
    offerStyles(true)
    offer(.delete, "Delete paragraph break")
  case .heading where item.isHeadingAboveTitle:
    offer(.delete, "Delete heading")
  case .heading:
    offer(.insertParallelRef, "Add parallel reference", when: !has(.parlRef))
    offer(.insertParagraphBefore, "Start paragraph after heading", when: !has(.para))
    let otherHeadings =
      items.filter { $0.itemType == .heading && $0.verseNumber == v && !$0.isHeadingAboveTitle }.count > 1
    offer(
      .delete,
      has(.parlRef) && !otherHeadings ? "Delete heading and parallel reference" : "Delete heading")
  case .inTitle, .inSubj, .inPara:
    offer(.insertIntroTitle, "Add intro title", when: !has(.inTitle))
    offer(.insertIntroHeading, "Add intro heading after")
    offer(.insertIntroParagraph, "Add intro paragraph after")
    offer(.delete, "Delete \(item.label().lowercased())")
  case .title:
    // As the Key It apps offer: what may follow a main title.
    offer(.insertIntroTitle, "Add intro title", when: facts.chapterNumber == 1 && !has(.inTitle))
    offer(.insertHeadingBefore, "Add heading after title", when: !has(.heading))
    offer(.delete, "Delete main title")
  case .chapLabel, .chapDesc:
    offer(.insertChapterLabel, "Add chapter label", when: !has(.chapLabel))
    offer(.insertChapterDescription, "Add chapter description", when: !has(.chapDesc))
    offer(.insertHeadingBefore, "Add heading after \(item.label().lowercased())", when: !has(.heading))
    offer(.delete, "Delete \(item.label().lowercased())")
  case .verseCont:
    // The last part of a verse can be broken again: a verse takes as many lines as the page shows.
    let parts = items.filter { $0.itemType == .verseCont && $0.verseNumber == v }
    if parts.last?.itemID == item.itemID && parts.count < maxBreaksInVerse {
      actions.append(
        ItemAction(
          id: .insertParagraphIn, label: "Start another line inside verse",
          question: "Where does the next paragraph or line start? Put the cursor there."))
    }
    offer(.delete, "Remove paragraph break")
  case .paraCont:
    offerStyles(false)
    offer(.delete, "Remove paragraph break")
  case .ascription:
    // Some Bibles print a heading above the psalm's title.
    offer(
      .insertHeadingAboveTitle, "Add heading above psalm title",
      when: !items.contains { $0.isHeadingAboveTitle && $0.verseNumber == v })
    offer(.delete, "Delete \(item.label(inPsalms: facts.isPsalms).lowercased())")
  case .headingAfterPara, .parlRef:
    offer(.delete, "Delete \(item.label(inPsalms: facts.isPsalms).lowercased())")
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
