/// What importing one chapter over its items writes, worked out from its items before without the
/// database: the imported items' text ids, and the change the log records. It reads and writes
/// nothing, so an import plans a book's chapters on one core while it writes them on another.
struct ChapterImportPlan: Sendable {
  /// A chapter to plan: the file's items and the chapter's items before.
  struct Input: Sendable {
    let imported: ImportedChapter
    let book: String
    let chapter: Chapter
    let before: Before
  }

  /// A chapter's items before the import, by text id as their rows store it (`TextID.stored`).
  enum Before: Sendable {
    /// As stored (read in the import's transaction).
    case stored([String: ItemState])
    /// Those a chapter never opened would be created with, in this Bible.
    case new(in: Bible)
  }

  /// The text id of each imported item, in the file's order, as its row stores it (`TextID.stored`).
  let storedUIDs: [String]
  /// The change to log, as the UTF-8 bytes of its JSON, and its chapter's key; nil when every item
  /// is as it was.
  let logged: (payload: [UInt8], chapterKey: String)?

  /// Works in ids as rows store them, the chapter's id left out, and writes the change's ids
  /// whole: the chapter's 45-odd bytes in every id were half of what planning a Psalms hashed,
  /// compared and copied.
  init(_ input: Input) {
    let chapter = input.chapter
    let (uids, deltas) =
      switch input.before {
      case .stored(let states): Self.over(states, input.imported.items, chapterUID: chapter.uid)
      case .new(let bible):
        Self.intoNewChapter(
          input.imported.items, chapterUID: chapter.uid, created: KeyItStore.createdVerses(chapter),
          ascription: KeyItStore.createdWithAscription(bible: bible, chapter: chapter))
      }
    storedUIDs = uids
    guard !deltas.isEmpty else {
      logged = nil
      return
    }
    let change = KeyItChange(kind: .edit, book: input.book, chapter: input.imported.number, items: deltas)
    logged = (ChangeJSON.bytes(change, itemsUnder: chapter.uid), change.chapterKey!)
  }

  /// The imported items' ids and the change, over the chapter's items `before` (ids stored).
  static func over(_ before: [String: ItemState], _ items: [ImportedItem], chapterUID: String) -> (
    uids: [String], deltas: [ItemDelta]
  ) {
    let uids = KeyItStore.importedUIDs(items, chapterUID: chapterUID, before: before)
    let after = zip(items, uids).map { item, uid in (uid, ItemState(item)) }
    return (uids, ItemDelta.between(before, after, storedUnder: chapterUID))
  }
}
