extension ChapterImportPlan {
  /// The imported items' ids (stored forms) and the change, for a chapter never opened: the same
  /// answers as `over` gives over the items the chapter would be created with
  /// (`KeyItStore.baseStates`), worked out without a dictionary of those items or a set of the ids
  /// given. The created items are the verses `created` (`KeyItStore.createdVerses`) and, with
  /// `ascription`, an empty psalm title, each under its derived id; an imported item finds one of
  /// them only by taking that id, and no other kind of id (a place's, a UUIDv7) can equal a derived
  /// one.
  /// `NewChapterPlanTests` holds the two to the same ids and the same JSON.
  static func intoNewChapter(
    _ items: [ImportedItem], chapterUID: String, created: ClosedRange<Int>, ascription: Bool
  ) -> (
    uids: [String], deltas: [ItemDelta]
  ) {
    /// The parts of a place's id (`TextID.place`), hashed as numbers, not as its text.
    struct Place: Hashable {
      let type: ItemType
      let verse: Int
      let intSeq: Int
    }
    // Which derived ids an item took: the created verses' by number; a verse the chapter is not
    // created with (0, or past its last) in a set, so a hostile verse number costs no memory.
    var verseTaken = [Bool](repeating: false, count: created.upperBound + 1)
    var otherVersesTaken = Set<Int>()
    var ascriptionTaken = false
    var placesTaken = Set<Place>()
    var uids: [String] = []
    uids.reserveCapacity(items.count)
    var deltas: [ItemDelta] = []
    deltas.reserveCapacity(items.count + created.count + 1)
    for item in items {
      let uid: String
      var before: ItemState? = nil
      switch (item.type, item.intSeq) {
      case (.verse, 0):
        let first: Bool
        if created.contains(item.verse) {
          first = !verseTaken[item.verse]
          verseTaken[item.verse] = true
          if first { before = .created(.verse, verse: item.verse) }
        } else {
          first = otherVersesTaken.insert(item.verse).inserted
        }
        uid = first ? TextID.verse(chapter: "", verse: item.verse) : TextID.make()
      case (.ascription, 0):
        if !ascriptionTaken && ascription { before = .created(.ascription, verse: 1) }
        uid = ascriptionTaken ? TextID.make() : TextID.ascription(chapter: "")
        ascriptionTaken = true
      default:
        let first = placesTaken.insert(Place(type: item.type, verse: item.verse, intSeq: item.intSeq)).inserted
        uid = first ? TextID.place(chapter: "", type: item.type, verse: item.verse, intSeq: item.intSeq) : TextID.make()
      }
      uids.append(uid)
      let after = ItemState(item)
      if before != after { deltas.append(ItemDelta(uid: uid, before: before, after: after)) }
    }
    // The created items no imported item took are deleted.
    if ascription && !ascriptionTaken {
      deltas.append(
        ItemDelta(uid: TextID.ascription(chapter: ""), before: .created(.ascription, verse: 1), after: nil))
    }
    for verse in created where !verseTaken[verse] {
      deltas.append(
        ItemDelta(uid: TextID.verse(chapter: "", verse: verse), before: .created(.verse, verse: verse), after: nil))
    }
    return (uids, ItemDelta.inIDOrder(deltas, storedUnder: chapterUID))
  }
}
