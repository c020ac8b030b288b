import AppSupport

/// A book's chapter, named by code and number.
struct BookChapter: Hashable, Sendable {
  let book: String
  let number: Int
}

/// One created chapter of a Bible, as a change of versification reads it.
struct StoredChapter: Sendable {
  let place: BookChapter
  /// The chapter's items in printed order.
  let items: [VerseItem]
  /// Lines kept from an imported file after its `\c`.
  let usfmHeader: String?
}

/// What changing a Bible's versification does to its rows, worked out before anything is written.
struct VersificationPlan: Sendable {
  /// Every chapter that is rebuilt, with all its items in printed order: moved items keep their
  /// ids (their chapter is set when written), new empty verses have none.
  var chapters: [BookChapter: [VerseItem]] = [:]
  /// Empty items that have no place in the new numbering.
  var deleted: [Int64] = []
  /// Verses with text whose number changed.
  var moved: [(from: VerseRef, to: VerseRef)] = []
}

/// The items of one verse as they move together: the verse (or bridge) and the publication items
/// and lines that belong to it; verse 0 is a psalm's unnumbered title.
private struct VerseGroup {
  let source: VerseRef
  var items: [VerseItem]
  /// The bridge's last verse, or the source verse.
  var lastVerse: Int
  var hasText: Bool { items.contains { !$0.itemText.isEmpty } }
  var ids: [Int64] { items.compactMap(\.itemID) }
}

/// Plans moving a Bible's typed text from one versification to another by the `.vrs` mapping
/// lines (through the Original numbering). Pure: nothing is written. Throws, naming the verses,
/// when text would be lost — a verse with text that has no place in the new numbering, two
/// verses with text that would become one, a bridge the new numbering splits.
/// - Parameter books: the codes of the books the Bible has.
func planVersificationChange(
  _ chapters: [StoredChapter], books: Set<String>, from: Versification, to: Versification
) throws -> VersificationPlan {
  let catalog = BookCatalog.of(to)
  var plan = VersificationPlan()
  var lost: [LostText] = []
  func verseCount(_ place: BookChapter) -> Int? {
    guard books.contains(place.book) else { return nil }
    return catalog.book(code: place.book)?.chapters[safe: place.number - 1]?.verseCount
  }
  func drop(_ items: [VerseItem], _ reason: @autoclosure () -> LostText) {
    if items.contains(where: { !$0.itemText.isEmpty }) { lost.append(reason()) }
    plan.deleted += items.compactMap(\.itemID)
  }

  var staying: [BookChapter: [VerseItem]] = [:]
  var arriving: [VerseRef: [VerseGroup]] = [:]
  for chapter in chapters {
    let chapterLevel = chapter.items.filter { $0.itemType.isChapterLevel }
    if verseCount(chapter.place) == nil {
      drop(chapterLevel, .chapterTitles(book: chapter.place.book, chapter: chapter.place.number))
      if chapter.usfmHeader != nil {
        lost.append(.keptLines(book: chapter.place.book, chapter: chapter.place.number))
      }
    } else {
      staying[chapter.place] = chapterLevel
    }
    for group in verseGroups(chapter) {
      let targets = (group.source.verse...group.lastVerse).map {
        from.map(VerseRef(group.source.book, group.source.chapter, $0), to: to)
      }
      let target = targets[0]
      let place = BookChapter(book: target.book, number: target.chapter)
      let fits =
        verseCount(place).map { count in
          target.verse == 0 ? target.book == "PSA" : targets.allSatisfy { $0.verse <= count }
        } ?? false
      guard fits else {
        drop(group.items, .noSuchVerse(group.source, target: target, in: to))
        continue
      }
      let contiguous = targets.enumerated().allSatisfy { index, ref in
        ref.book == target.book && ref.chapter == target.chapter && ref.verse == target.verse + index
      }
      guard contiguous else {
        drop(group.items, .bridgeSplit(group.source, lastVerse: group.lastVerse, in: to))
        continue
      }
      arriving[target, default: []].append(group)
    }
  }

  // Where several verses arrive at one, at most one of them may carry text.
  var placed: [VerseRef: (group: VerseGroup, lastVerse: Int)] = [:]
  for (target, groups) in arriving.sorted(by: { $0.key < $1.key }) {
    let withText = groups.filter(\.hasText)
    if withText.count > 1 {
      lost.append(.merged(withText.map(\.source), into: target))
    }
    let kept = withText.first ?? groups[0]
    for other in groups where other.source != kept.source { plan.deleted += other.ids }
    placed[target] = (kept, target.verse + kept.lastVerse - kept.source.verse)
    if kept.hasText && kept.source != target { plan.moved.append((kept.source, target)) }
  }

  let places = Set(staying.keys).union(placed.keys.map { BookChapter(book: $0.book, number: $0.chapter) })
  for place in places {
    var items = staying[place] ?? []
    var coveredUpTo = 0
    for verse in 0...verseCount(place)! {
      let target = VerseRef(place.book, place.number, verse)
      if let (group, lastVerse) = placed[target], verse > coveredUpTo || verse == 0 {
        do {
          let moved = try renumbered(group, to: target, lastVerse: lastVerse)
          let kept = Set(moved.compactMap(\.itemID))
          plan.deleted += group.ids.filter { !kept.contains($0) }
          items += moved
        } catch let reason as LostText {
          drop(group.items, reason)
        }
        coveredUpTo = max(coveredUpTo, lastVerse)
      } else if let (group, _) = placed[target] {
        drop(group.items, .insideBridge(group.source, in: to))
      } else if verse > coveredUpTo {
        items.append(VerseItem(chapterID: 0, verseNumber: verse, itemType: .verse))
        coveredUpTo = verse
      }
    }
    plan.chapters[place] = items.sorted { ($0.itemOrder, $0.intSeq) < ($1.itemOrder, $1.intSeq) }
  }
  guard lost.isEmpty else {
    throw KeyItError.versificationLosesText(to: to, verses: lost.sorted { $0.description < $1.description })
  }
  plan.moved.sort { $0.from < $1.from }
  return plan
}

/// A chapter's items grouped by the verse they belong to (a psalm's title and a heading above it
/// to verse 0), chapter-level items left out.
private func verseGroups(_ chapter: StoredChapter) -> [VerseGroup] {
  var groups: [Int: VerseGroup] = [:]
  for item in chapter.items where !item.itemType.isChapterLevel {
    let verse = item.itemType == .ascription || item.isHeadingAboveTitle ? 0 : item.verseNumber
    let source = VerseRef(chapter.place.book, chapter.place.number, verse)
    groups[verse, default: VerseGroup(source: source, items: [], lastVerse: verse)].items.append(item)
    if item.itemType == .verse { groups[verse]!.lastVerse = item.lastVerse }
  }
  return groups.keys.sorted().map { groups[$0]! }
}

/// A verse's items at their new number. A verse that becomes a psalm's unnumbered title takes
/// its lines' text and its heading goes above the title; a title that becomes a verse is that
/// verse, its heading the verse's heading.
private func renumbered(_ group: VerseGroup, to target: VerseRef, lastVerse: Int) throws -> [VerseItem] {
  let stored = max(target.verse, 1)
  func moved(_ item: VerseItem, as type: ItemType? = nil, intSeq: Int? = nil) -> VerseItem {
    var item = item
    item.itemType = type ?? item.itemType
    item.intSeq = intSeq ?? item.intSeq
    item.verseNumber = stored
    if item.isStartOfBridge { item.lastVsOfBridge = lastVerse }
    item.itemOrder = itemOrder(type: item.itemType, verse: stored, intSeq: item.intSeq)
    return item
  }
  switch (group.source.verse == 0, target.verse == 0) {
  case (true, false):
    return group.items.map { item in
      item.itemType == .ascription ? moved(item, as: .verse, intSeq: 0) : moved(item, intSeq: 0)
    }
  case (false, true):
    if group.lastVerse > group.source.verse { throw LostText.bridgeAsPsalmTitle(group.source) }
    var title = group.items.first { $0.itemType == .verse }!
    title.itemText = group.items.filter { $0.itemType == .verse || $0.itemType == .verseCont }
      .map(\.itemText).reduce("", joined)
    var result = [moved(title, as: .ascription, intSeq: 0)]
    var headingPlaced = false
    for item in group.items where item.itemID != title.itemID && item.itemType != .verseCont {
      if item.itemType == .heading && !headingPlaced {
        result.append(moved(item, intSeq: -1))
        headingPlaced = true
      } else if !item.itemText.isEmpty {
        throw LostText.itemAbovePsalmTitle(group.source, item: item.labelWords())
      }
    }
    return result
  default:
    return group.items.map { moved($0) }
  }
}

extension ItemType {
  /// Items that belong to the chapter rather than to a verse: the book's titles and introduction
  /// (chapter 1) and the chapter's label and description.
  var isChapterLevel: Bool { isFrontMatter || self == .chapLabel || self == .chapDesc }
}
