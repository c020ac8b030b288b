/// Typed text a change of versification would lose: where it is and why it has no place.
/// `description` is the English phrase; the web and the command line word it in the user's
/// language (`keyit.lost.*`).
public enum LostText: Error, Equatable, Sendable, CustomStringConvertible {
  /// A chapter's titles or labels, in a chapter the new numbering does not have.
  case chapterTitles(book: String, chapter: Int)
  /// Lines kept from an imported file after `\c`, in a chapter the new numbering does not have.
  case keptLines(book: String, chapter: Int)
  /// A verse whose number in the new versification (`target`) it does not have.
  case noSuchVerse(VerseRef, target: VerseRef, in: Versification)
  /// A bridge whose verses the new numbering puts apart.
  case bridgeSplit(VerseRef, lastVerse: Int, in: Versification)
  /// Verses with text that would all become one verse.
  case merged([VerseRef], into: VerseRef)
  /// A bridge that would become a psalm's title.
  case bridgeAsPsalmTitle(VerseRef)
  /// A verse that would become a psalm's title, with an item (named by its label) that has no
  /// place above the title.
  case itemAbovePsalmTitle(VerseRef, item: Words)
  /// A verse that would fall inside a bridge of the new numbering.
  case insideBridge(VerseRef, in: Versification)

  public var description: String {
    switch self {
    case .chapterTitles(let book, let chapter): "\(book) \(chapter) (its titles or labels)"
    case .keptLines(let book, let chapter): "\(book) \(chapter) (lines kept from an imported file)"
    case .noSuchVerse(let verse, let target, let versification): "\(verse) (\(versification.name) has no \(target))"
    case .bridgeSplit(let verse, let lastVerse, let versification):
      "\(verse)-\(lastVerse) (a bridge \(versification.name) numbers apart)"
    case .merged(let verses, let target):
      "\(verses.map(\.description).joined(separator: " and ")) (all would be \(target))"
    case .bridgeAsPsalmTitle(let verse): "\(verse) (a bridge cannot be a psalm title)"
    case .itemAbovePsalmTitle(let verse, let item):
      "\(verse) (its \(item.english.lowercased()) has no place above a psalm title)"
    case .insideBridge(let verse, let versification): "\(verse) (inside a bridge in \(versification.name))"
    }
  }

}
