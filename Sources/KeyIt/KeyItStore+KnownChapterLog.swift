import GRDB

extension KeyItStore {
  /// Logs what changed in a chapter from `before` to `after`, item states the caller already
  /// knows, in a book and Bible it has read, so nothing is read back (the import's case); nothing
  /// when nothing did. It logs what `logChapter(_:chapter:before:wallMillis:)` logs after reading
  /// the chapter.
  static func logChapter(
    _ db: Database, bible: Bible, bookCode: String, chapter: Chapter, before: [String: ItemState],
    after: [String: ItemState], wallMillis: Int64
  ) throws {
    let deltas = ItemDelta.between(before, after)
    guard !deltas.isEmpty else { return }
    try log(
      db, bible: bible, KeyItChange(kind: .edit, book: bookCode, chapter: chapter.chapterNumber, items: deltas),
      wallMillis: wallMillis)
  }
}
