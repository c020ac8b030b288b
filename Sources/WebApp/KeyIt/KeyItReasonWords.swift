import AppSupport
import KeyIt
import Localization

/// The reasons inside Key It's errors and reports, worded in a language: what is wrong in a USFM
/// file (`keyit.usfm.*`), why a book cannot be added (`keyit.addBook.*`), what an import
/// normalised (`keyit.import.note.*`) and which text a change of versification would lose
/// (`keyit.lost.*`). The book codes, markers and numbers are the file's.
extension KeyItWords {
  public static func usfm(_ problem: USFMProblem, _ words: Localizer) -> String {
    switch problem {
    case .controlCharacter(let name): words.t("keyit.usfm.controlCharacter", ["character": .text(name)])
    case .noIDFirst: words.t("keyit.usfm.noIDFirst")
    case .unknownBookCode(let code): words.t("keyit.usfm.unknownBookCode", ["code": quotedInput(code)])
    case .secondID: words.t("keyit.usfm.secondID")
    case .afterFirstChapter(let name): words.t("keyit.usfm.afterFirstChapter", ["marker": Self.marker(name)])
    case .beforeFirstChapter(let name): words.t("keyit.usfm.beforeFirstChapter", ["marker": Self.marker(name)])
    case .noSuchChapter(let book, let chapter, let count):
      words.t(
        "keyit.usfm.noSuchChapter", ["book": .text(book), "chapter": quotedInput(chapter), "count": .number(count)])
    case .chapterOutOfOrder(let chapter, let after):
      words.t("keyit.usfm.chapterOutOfOrder", ["chapter": .number(chapter), "after": .number(after)])
    case .noChapter: words.t("keyit.usfm.noChapter")
    case .introductionWithoutChapterOne: words.t("keyit.usfm.introductionWithoutChapterOne")
    case .afterVerse(let name, let verse):
      words.t("keyit.usfm.afterVerse", ["marker": Self.marker(name), "verse": .number(verse)])
    case .badVerseNumber(let number): words.t("keyit.usfm.badVerseNumber", ["number": quotedInput(number)])
    case .verseOutOfOrder(let verse, let after):
      words.t("keyit.usfm.verseOutOfOrder", ["verse": .number(verse), "after": .number(after)])
    case .noSuchVerse(let book, let chapter, let verse, let count):
      words.t(
        "keyit.usfm.noSuchVerse",
        ["book": .text(book), "chapter": .number(chapter), "verse": .number(verse), "count": .number(count)])
    case .textBeforeFirstVerse(let chapter):
      words.t("keyit.usfm.textBeforeFirstVerse", ["chapter": .number(chapter)])
    case .headingInsideVerse(let name, let verse):
      words.t("keyit.usfm.headingInsideVerse", ["marker": Self.marker(name), "verse": .number(verse)])
    case .afterLastVerse(let name, let chapter):
      words.t("keyit.usfm.afterLastVerse", ["marker": Self.marker(name), "chapter": .number(chapter)])
    }
  }

  public static func bookRefusal(_ refusal: BookRefusal, _ words: Localizer) -> String {
    switch refusal {
    case .notInVersification(let versification):
      words.t("keyit.addBook.notInVersification", ["versification": .text(Self.versification(versification, words))])
    case .alreadyThere: words.t("keyit.addBook.alreadyThere")
    }
  }

  public static func importNote(_ note: ImportNote, _ words: Localizer) -> String {
    switch note {
    case .composedForm: words.t("keyit.import.note.composedForm")
    case .introductionBeforeChapterOne: words.t("keyit.import.note.introductionBeforeChapterOne")
    case .markerAfterChapterNumber(let marker):
      words.t("keyit.import.note.markerAfterChapterNumber", ["marker": Self.marker(marker)])
    case .markerBeforeBreak(let marker):
      words.t("keyit.import.note.markerBeforeBreak", ["marker": Self.marker(marker)])
    }
  }

  public static func lostText(_ lost: LostText, _ words: Localizer) -> String {
    func verse(_ ref: VerseRef) -> MessageArgument { .text(ref.description) }
    func numbering(_ versification: Versification) -> MessageArgument {
      .text(Self.versification(versification, words))
    }
    return switch lost {
    case .chapterTitles(let book, let chapter):
      words.t("keyit.lost.chapterTitles", ["book": .text(book), "chapter": .number(chapter)])
    case .keptLines(let book, let chapter):
      words.t("keyit.lost.keptLines", ["book": .text(book), "chapter": .number(chapter)])
    case .noSuchVerse(let ref, let target, let versification):
      words.t(
        "keyit.lost.noSuchVerse",
        ["verse": verse(ref), "target": verse(target), "versification": numbering(versification)])
    case .bridgeSplit(let ref, let lastVerse, let versification):
      words.t(
        "keyit.lost.bridgeSplit",
        ["verse": verse(ref), "lastVerse": .number(lastVerse), "versification": numbering(versification)])
    case .merged(let refs, let target):
      words.t(
        "keyit.lost.merged",
        [
          "verses": .text(
            refs.dropFirst().reduce(refs.first?.description ?? "") {
              words.t("keyit.lost.and", ["list": .text($0), "last": .text($1.description)])
            }),
          "target": verse(target),
        ])
    case .bridgeAsPsalmTitle(let ref): words.t("keyit.lost.bridgeAsPsalmTitle", ["verse": verse(ref)])
    case .itemAbovePsalmTitle(let ref, let item):
      words.t(
        "keyit.lost.itemAbovePsalmTitle", ["verse": verse(ref), "item": .text(item.text(in: words).lowercased())])
    case .insideBridge(let ref, let versification):
      words.t("keyit.lost.insideBridge", ["verse": verse(ref), "versification": numbering(versification)])
    }
  }

  /// A marker from a file as USFM writes it, cut when a file makes it long.
  private static func marker(_ name: String) -> MessageArgument { .text(shortened("\\" + name)) }
}
