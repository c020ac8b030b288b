import SyncLog

/// A chapter as its log makes it: the pure planner every device runs over the same changes in the
/// same (clock) order, so all devices reach the same items and the same conflicts whatever order
/// the changes arrived in. The store writes the result to its tables.
///
/// Each change names the items it touched as it found them and as it left them. Applied to an item
/// that nobody else changed since, it writes what it left; otherwise text merges word by word, and
/// when that fails both texts are kept as a conflict. Shape (type, order, bridge) of concurrent
/// changes is settled by clock: the later change wins, and it carries no text, so no text is lost.
struct ChapterReplay {
  /// Living items by uid.
  private(set) var items: [String: ItemState]
  /// Deleted items by uid, as they were last (their text is kept so a late edit can be recovered).
  private(set) var tombs: [String: ItemState] = [:]
  /// Conflicts in the order they arose.
  private(set) var conflicts: [TextConflict] = []
  /// Who last wrote each item's text, and when.
  private var writers: [String: (author: String, device: String, clock: String)] = [:]

  init(base: [String: ItemState]) { items = base }

  /// Applies one change of this chapter (its `payload` decoded as `change`).
  mutating func apply(_ logged: SyncChange, _ change: KeyItChange) {
    let held = heldVerses
    applyItems(logged, change)
    var (covered, heldTwice) = coverage
    if heldTwice {
      releaseVersesHeldTwice(by: change, logged)
      covered = heldVerses
    }
    // Verses the change leaves in an item as its device saw them, and those it removed without
    // (an import of a file that lacks them, a chapter from before text ids).
    let meant = Set(change.items.compactMap { $0.after?.coveredVerses }.joined())
    let dropped = Set(change.items.filter { $0.after == nil }.compactMap { $0.before?.coveredVerses }.joined())
    restoreVerses(held.union(meant).subtracting(dropped.subtracting(meant)), covered: covered)
  }

  /// The verse numbers the living items hold.
  private var heldVerses: Set<Int> { Set(items.values.compactMap(\.coveredVerses).joined()) }

  /// The verse numbers the living items hold, and whether two of them hold the same one.
  private var coverage: (verses: Set<Int>, heldTwice: Bool) {
    var verses = Set<Int>(minimumCapacity: items.count)
    var heldTwice = false
    for range in items.values.lazy.compactMap(\.coveredVerses) {
      for verse in range where !verses.insert(verse).inserted { heldTwice = true }
    }
    return (verses, heldTwice)
  }

  private mutating func applyItems(_ logged: SyncChange, _ change: KeyItChange) {
    if let resolution = change.resolution, let index = conflicts.firstIndex(where: { $0.id == resolution.conflict }) {
      if resolution.choice == .undo {
        conflicts[index].resolution = nil
        conflicts[index].resolvedBy = nil
        conflicts[index].resolvedClock = nil
      } else {
        conflicts[index].resolution = resolution.choice
        conflicts[index].resolvedBy = logged.author
        conflicts[index].resolvedClock = logged.clock.description
      }
    }
    for delta in change.items { apply(delta, logged) }
  }

  private mutating func apply(_ delta: ItemDelta, _ logged: SyncChange) {
    let uid = delta.uid
    let living = items[uid]
    let (before, after) = (delta.before, delta.after)
    // An insert over a deleted item (a verse unbridged gets its id back) starts it afresh: whoever
    // inserts it saw it deleted, and edits it missed were kept in conflicts when they came.
    let known = living ?? (before == nil ? nil : tombs[uid])
    let exists =
      (living != nil) == (before != nil)
      ? after != nil : ((after != nil) == (before != nil) ? living != nil : after != nil)
    guard var state = after ?? known ?? before else { return }
    if let after, let knownShape = known?.shape {
      state = knownShape == before?.shape || after.shape != before?.shape ? after.shape : knownShape
    } else if let known {
      state = known.shape
    }
    let currentText = known?.text ?? ""
    let baseText = before?.text ?? ""
    state.text = currentText
    if let wanted = after?.text {
      if !exists {
        // Edited where the item was deleted: the text lives on in a conflict, never lost.
        if wanted != currentText && wanted != baseText {
          conflict(uid, state: state, base: baseText, incoming: wanted, deleted: true, logged)
        }
      } else if currentText == baseText {
        state.text = wanted
      } else if wanted != baseText && wanted != currentText {
        if let merged = WordMerge.merge(base: baseText, mine: currentText, theirs: wanted) {
          state.text = merged
        } else {
          conflict(uid, state: state, base: baseText, incoming: wanted, deleted: false, logged)
        }
      }
    } else if living != nil && currentText != baseText {
      // Deleted by a device that had not seen this text: keep it as a conflict.
      conflict(uid, state: state, base: baseText, incoming: "", deleted: true, logged)
    }
    if state.text != currentText || known == nil {
      writers[uid] = (logged.author, logged.device, logged.clock.description)
    }
    if exists {
      items[uid] = state
      tombs[uid] = nil
    } else {
      tombs[uid] = state
      items[uid] = nil
    }
  }

  /// A bridge stretched over a verse that a device which had not seen the stretch brought back as a
  /// verse of its own (it undid the bridge the stretch started from) leaves that verse in two items.
  /// The change applied last wins, as for any shape: a living item it did not write that holds a
  /// verse one of its items now holds is deleted, its text kept in a conflict as any text deleted
  /// unseen is; a verse only the deleted item held comes back from its tombstone (`restoreVerses`).
  /// Run only when some verse is held twice: most changes hold none twice.
  private mutating func releaseVersesHeldTwice(by change: KeyItChange, _ logged: SyncChange) {
    let written = Set(change.items.lazy.filter { $0.after != nil }.map(\.uid))
    let claimed = Set(written.compactMap { items[$0]?.coveredVerses }.joined())
    guard !claimed.isEmpty else { return }
    let released = items.filter { uid, state in
      !written.contains(uid) && (state.coveredVerses?.contains(where: claimed.contains) ?? false)
    }
    for (uid, state) in released.sorted(by: { $0.key < $1.key }) {
      if !state.text.isEmpty { addConflict(uid, state: state, base: "", incoming: "", deleted: true, logged) }
      tombs[uid] = state
      items[uid] = nil
    }
  }

  /// Two devices that bridged overlapping verses at once (2–3 on one, 3–4 or 1–2 on the other) can
  /// leave a verse in no item: a bridge took it, then the bridge's own start was bridged away by a
  /// device that had not seen it. Each of `verses` (those held before the change and those the
  /// change meant to hold) that no item holds (not in `covered`, what the living items hold now)
  /// comes back from its tombstone, with its text, as a verse of its own, so no verse number leaves
  /// the chapter. Every device restores the same one.
  private mutating func restoreVerses(_ verses: Set<Int>, covered: Set<Int>) {
    for verse in verses.subtracting(covered).sorted() {
      guard
        let uid = tombs.filter({ $0.value.type == .verse && $0.value.verse == verse }).keys.min(),
        var state = tombs[uid]
      else { continue }
      state.startsBridge = false
      state.bridgeEnd = 0
      state.steps = []
      items[uid] = state
      tombs[uid] = nil
    }
  }

  /// Records a conflict, or carries on the open one the same device's earlier edit made (typing on
  /// offline makes one conflict per item, not one per save).
  private mutating func conflict(
    _ uid: String, state: ItemState, base: String, incoming: String, deleted: Bool, _ logged: SyncChange
  ) {
    let current = (items[uid] ?? tombs[uid])?.text ?? ""
    if let index = conflicts.lastIndex(where: {
      $0.itemUID == uid && $0.resolution == nil && $0.incomingDevice == logged.device && $0.incoming == base
        && $0.itemDeleted == deleted
    }) {
      if incoming == conflicts[index].current {
        conflicts.remove(at: index)  // the later edit came round to the same text: nothing left to choose
      } else {
        conflicts[index].incoming = incoming
        conflicts[index].incomingClock = logged.clock.description
      }
      return
    }
    guard incoming != current else { return }
    addConflict(uid, state: state, base: base, incoming: incoming, deleted: deleted, logged)
  }

  /// Records a new conflict over the item's text as it is now.
  private mutating func addConflict(
    _ uid: String, state: ItemState, base: String, incoming: String, deleted: Bool, _ logged: SyncChange
  ) {
    let current = (items[uid] ?? tombs[uid])?.text ?? ""
    let writer = writers[uid] ?? ("", "", "")
    conflicts.append(
      TextConflict(
        id: "\(uid)@\(logged.clock)", itemUID: uid, verse: state.verse, type: state.type, base: base,
        current: current, incoming: incoming, currentAuthor: writer.author,
        currentDevice: writer.device, currentClock: writer.clock, incomingAuthor: logged.author,
        incomingDevice: logged.device, incomingClock: logged.clock.description, itemDeleted: deleted))
  }
}
