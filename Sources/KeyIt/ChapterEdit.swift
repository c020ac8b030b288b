import AppSupport
import Foundation

/// One change to a chapter's rows that performing an action makes.
enum ChapterEdit: Equatable {
  case insert(VerseItem)
  case update(VerseItem)
  case delete(itemID: Int64)
  case addBridgeStep(itemID: Int64, currentText: String, extraText: String)
  case removeBridgeStep(bridgeID: Int64)
}

/// Plans the row changes of one allowed action. Pure: the store loads the chapter, calls this,
/// and applies the edits in one transaction.
/// - Parameters:
///   - latestBridgeStep: the item's most recent BridgeItems row (needed for `unbridge`).
///   - offset: a character offset into the item's text (`insertParagraphIn`, `unbridge`).
func planEdits(
  _ action: ItemActionID, on item: VerseItem, in items: [VerseItem], facts: ChapterFacts,
  latestBridgeStep: BridgeItem?, offset: Int?
) throws -> [ChapterEdit] {
  let allowed = allowedActions(for: item, in: items, facts: facts)
  guard allowed.contains(where: { $0.id == action }) else {
    throw KeyItError.actionNotAllowed(
      action: action.rawValue, item: item.labelWords(inPsalms: facts.isPsalms),
      allowed: allowed.map(\.id.rawValue))
  }
  let chapterID = item.chapterID
  let v = item.verseNumber
  func new(_ type: ItemType, verse: Int = v, text: String = "", intSeq: Int = 0) -> ChapterEdit {
    .insert(VerseItem(chapterID: chapterID, verseNumber: verse, itemType: type, itemText: text, intSeq: intSeq))
  }
  switch action {
  case .insertTitle: return [new(.title)]
  case .insertIntroTitle: return [new(.inTitle)]
  case .insertIntroHeading: return insertIntro(.inSubj, on: item, in: items)
  case .insertIntroParagraph: return insertIntro(.inPara, on: item, in: items)
  case .insertChapterLabel: return [new(.chapLabel)]
  case .insertChapterDescription: return [new(.chapDesc)]
  case .insertAscription: return [new(.ascription)]
  case .insertHeadingBefore: return [new(.heading)]
  case .insertHeadingAfter: return [new(.headingAfterPara)]
  case .insertHeadingAboveTitle: return [new(.heading, intSeq: -1)]
  case .insertParagraphBefore: return [new(.para)]
  case .insertParallelRef: return [new(.parlRef)]
  case .insertParagraphIn:
    // Break k of the verse: the first splits the verse, each next one its last part.
    let k = item.itemType == .verseCont ? item.intSeq + 1 : 0
    let (head, tail) = try split(item.itemText, at: offset ?? item.itemText.count)
    var part = item
    part.itemText = head
    return [.update(part), new(.paraCont, intSeq: k), new(.verseCont, text: tail, intSeq: k)]
  case .bridgeNext:
    let next = items[items.firstIndex(of: item)! + 1]
    var bridge = item
    bridge.itemText = joined(item.itemText, next.itemText)
    bridge.isStartOfBridge = true
    bridge.lastVsOfBridge = next.verseNumber
    return [
      .update(bridge), .delete(itemID: next.itemID!),
      .addBridgeStep(itemID: item.itemID!, currentText: bridge.itemText, extraText: next.itemText),
    ]
  case .unbridge:
    return try unbridge(item, latestStep: latestBridgeStep, offset: offset)
  case .delete:
    return delete(item, in: items)
  case .styleParagraph, .styleFlush, .styleIndented, .stylePoetry1, .stylePoetry2, .stylePoetry3, .styleBlank:
    var styled = item
    styled.marker = action.styleMarker ?? nil
    return [.update(styled)]
  }
}

/// Inserts an introduction heading or paragraph directly after an introduction item, or at the
/// end of the introduction when asked from verse 1; later introduction items move down.
private func insertIntro(_ type: ItemType, on item: VerseItem, in items: [VerseItem]) -> [ChapterEdit] {
  let intro = items.filter { $0.itemType.isIntroduction }
  let sequence =
    item.itemType.isIntroduction
    ? item.intSeq + 1 : (intro.map(\.intSeq).max() ?? 0) + 1
  var edits: [ChapterEdit] = []
  for var later in intro where later.intSeq >= sequence && later.itemID != item.itemID {
    later.intSeq += 1
    later.itemOrder = itemOrder(type: later.itemType, verse: later.verseNumber, intSeq: later.intSeq)
    edits.append(.update(later))
  }
  edits.append(
    .insert(VerseItem(chapterID: item.chapterID, verseNumber: 1, itemType: type, intSeq: sequence)))
  return edits
}

/// Unbridging needs the user to say where the last verse starts when the bridge's text no longer
/// ends with the text that verse brought in (it was edited, or the bridge was imported).
func unbridgeNeedsSplitPoint(_ item: VerseItem, latestStep: BridgeItem?) -> Bool {
  let extra = latestStep?.textExtraVerse ?? ""
  guard extra.isEmpty else { return !item.itemText.hasSuffix(extra) }
  // The verse added was empty: nothing to give back unless the bridge was typed in since.
  return !item.itemText.isEmpty && item.itemText != latestStep?.textCurrentBridge
}

/// Unbridges the last verse of a bridge without losing typed text: split where the text that
/// verse brought in still ends the bridge, else at the caller's offset, else keep it all.
private func unbridge(_ item: VerseItem, latestStep: BridgeItem?, offset: Int?) throws -> [ChapterEdit] {
  let last = item.lastVsOfBridge
  let extra = latestStep?.textExtraVerse ?? ""
  var bridge = item
  var restored = ""
  if !extra.isEmpty, item.itemText.hasSuffix(extra) {
    bridge.itemText = String(item.itemText.dropLast(extra.count)).trimmed
    restored = extra
  } else if let offset {
    (bridge.itemText, restored) = try split(item.itemText, at: offset)
  }
  bridge.lastVsOfBridge = last - 1
  if bridge.lastVsOfBridge == bridge.verseNumber {
    bridge.isStartOfBridge = false
    bridge.lastVsOfBridge = 0
  }
  var edits: [ChapterEdit] = [
    .update(bridge),
    .insert(VerseItem(chapterID: item.chapterID, verseNumber: last, itemType: .verse, itemText: restored)),
  ]
  if let id = latestStep?.bridgeID { edits.append(.removeBridgeStep(bridgeID: id)) }
  return edits
}

/// Deletes a publication item. Removing a paragraph break inside a verse joins the verse's two
/// parts; removing the last heading at a place removes its parallel reference with it.
private func delete(_ item: VerseItem, in items: [VerseItem]) -> [ChapterEdit] {
  let v = item.verseNumber
  func find(_ type: ItemType) -> VerseItem? {
    items.first { $0.itemType == type && $0.verseNumber == v }
  }
  switch item.itemType {
  case .paraCont, .verseCont:
    // Break k goes: its line joins the part before it (the verse, or the line above).
    let k = item.intSeq
    func part(_ type: ItemType, _ sequence: Int) -> VerseItem? {
      items.first { $0.itemType == type && $0.verseNumber == v && $0.intSeq == sequence }
    }
    var edits: [ChapterEdit] = []
    if let paraCont = part(.paraCont, k) { edits.append(.delete(itemID: paraCont.itemID!)) }
    if let cont = part(.verseCont, k) {
      edits.append(.delete(itemID: cont.itemID!))
      let before =
        items.last {
          ($0.itemType == .verseCont && $0.verseNumber == v && $0.intSeq < k)
        } ?? find(.verse)
      if var previous = before {
        previous.itemText = joined(previous.itemText, cont.itemText)
        edits.append(.update(previous))
      }
    }
    // The breaks after it move up one, so a verse's breaks stay numbered 0, 1, 2… in order.
    for later in items
    where (later.itemType == .paraCont || later.itemType == .verseCont)
      && later.verseNumber == v && later.intSeq > k
    {
      var moved = later
      moved.intSeq -= 1
      moved.itemOrder = itemOrder(type: moved.itemType, verse: v, intSeq: moved.intSeq)
      edits.append(.update(moved))
    }
    return edits
  case .heading:
    let headings = items.filter { $0.itemType == .heading && $0.verseNumber == v && !$0.isHeadingAboveTitle }
    if !item.isHeadingAboveTitle, headings.count == 1, let reference = find(.parlRef) {
      return [.delete(itemID: item.itemID!), .delete(itemID: reference.itemID!)]
    }
    return [.delete(itemID: item.itemID!)]
  default:
    return [.delete(itemID: item.itemID!)]
  }
}

/// Splits text at a character offset; both halves are trimmed.
func split(_ text: String, at offset: Int) throws -> (String, String) {
  guard offset >= 0, offset <= text.count else {
    throw KeyItError.offsetOutOfRange(offset: offset, length: text.count)
  }
  let index = text.index(text.startIndex, offsetBy: offset)
  return (String(text[..<index]).trimmed, String(text[index...]).trimmed)
}

/// Two texts joined with one space, or whichever is not empty.
func joined(_ first: String, _ second: String) -> String {
  [first, second].filter { !$0.isEmpty }.joined(separator: " ")
}
