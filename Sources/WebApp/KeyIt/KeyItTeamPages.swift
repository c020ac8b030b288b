import Foundation
import KeyIt
import Localization
import SyncLog

/// The setup page's Team section for the current Bible.
struct TeamSection {
  /// The Bible's text id, to copy for the hub's coordinator.
  let bibleUID: String
  let bibleID: Int64
  /// The hub and the status line when the Bible has joined a team.
  let hub: String?
  let summary: String?

  init(bible: Bible, status: TeamStatus?) {
    bibleUID = bible.uid
    bibleID = bible.bibleID!
    hub = status?.hub
    summary = status.map { KeyItWords.teamSummary($0, requestLocalizer) }
  }
}

/// The conflicts screen: each conflict's base, mine and theirs with the words that differ marked.
struct ConflictsPage {
  struct Side {
    let label: String
    let runs: [WordRun]
  }
  struct Item {
    let id: String
    let anchor: String
    let place: String
    let href: String
    let base: Side
    let mine: Side
    let theirs: Side
    /// The text the merge box starts with.
    let mergeText: String
    let open: Bool
    let resolved: String?
    /// The next open conflict's anchor, for "next conflict".
    let next: String?
  }
  let title = t("keyit.team.conflicts.title")
  let keyit = true
  let bibleID: Int64
  let heading: String
  let book: String?
  let items: [Item]
  let hasOpen: Bool
  let first: String?

  init(bible: Bible, book: String?, conflicts: [ChapterConflict], names: [String: String]) {
    bibleID = bible.bibleID!
    self.book = book
    heading = t(
      "keyit.team.conflicts.heading", ["bible": .text(book.flatMap { names[$0] } ?? bible.name)])
    let anchors = conflicts.indices.map { "conflict-\($0 + 1)" }
    let openAnchors = conflicts.indices.filter { conflicts[$0].conflict.resolution == nil }.map { anchors[$0] }
    first = openAnchors.first
    hasOpen = !openAnchors.isEmpty
    items = conflicts.indices.map { index in
      let found = conflicts[index]
      let conflict = found.conflict
      let anchor = anchors[index]
      let later = conflicts.indices.first { $0 > index && conflicts[$0].conflict.resolution == nil }.map {
        anchors[$0]
      }
      return Item(
        id: conflict.id, anchor: anchor,
        place: t(
          "keyit.team.conflicts.place",
          [
            "book": .text(names[found.book] ?? found.book), "chapter": .number(found.chapter),
            "verse": .number(conflict.verse),
          ]),
        href: "/keyit/bibles/\(bible.bibleID!)/books/\(found.book)/\(found.chapter)",
        base: Side(label: t("keyit.team.conflicts.base"), runs: [WordRun(text: conflict.base, changed: false)]),
        mine: Side(
          label: t("keyit.team.conflicts.mine", Self.whoAndWhen(conflict.currentAuthor, conflict.currentClock)),
          runs: WordMerge.marked(conflict.current, against: conflict.base)),
        theirs: Side(
          label: conflict.itemDeleted && conflict.incoming.isEmpty
            ? t("keyit.team.conflicts.deleted", Self.whoAndWhen(conflict.incomingAuthor, conflict.incomingClock))
            : t("keyit.team.conflicts.theirs", Self.whoAndWhen(conflict.incomingAuthor, conflict.incomingClock)),
          runs: WordMerge.marked(conflict.incoming, against: conflict.base)),
        mergeText: conflict.current, open: conflict.resolution == nil,
        resolved: conflict.resolution.map {
          t(
            "keyit.team.conflicts.resolved.\($0.rawValue)",
            Self.whoAndWhen(conflict.resolvedBy ?? "", conflict.resolvedClock ?? ""))
        },
        next: later)
    }
  }

  /// `author` and `time` for a message: the name (or "someone") and the clock's wall time.
  static func whoAndWhen(_ author: String, _ clock: String) -> [String: MessageArgument] {
    let millis = HybridTimestamp(clock)?.wallMillis ?? 0
    return [
      "author": .text(author.isEmpty ? t("keyit.team.someone") : author),
      "time": .date(Date(timeIntervalSince1970: Double(millis) / 1000)),
    ]
  }
}
