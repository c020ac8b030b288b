/// The kinds of item in a chapter, as the seed's ItemOrder table lists them.
public enum ItemType: String, Codable, Sendable, CaseIterable {
  /// Introduction main title (`\imt`), chapter 1 only.
  case inTitle = "InTitle"
  /// Introduction subject heading (`\is`), chapter 1 only.
  case inSubj = "InSubj"
  /// Introduction paragraph (`\ip`), chapter 1 only.
  case inPara = "InPara"
  /// Main title of the book (`\mt`), chapter 1 only.
  case title = "Title"
  /// Chapter description (`\cd`).
  case chapDesc = "ChapDesc"
  /// Chapter label (`\cl`).
  case chapLabel = "ChapLabel"
  /// Psalm ascription (`\d`).
  case ascription = "Ascription"
  /// Subject heading before a verse (`\s1`).
  case heading = "Heading"
  /// Parallel reference under a heading (`\r`).
  case parlRef = "ParlRef"
  /// Paragraph break before a verse (`\p`).
  case para = "Para"
  /// Subject heading after a paragraph break (`\s1`).
  case headingAfterPara = "HeadingAfterPara"
  /// A verse (or the start of a bridge of verses).
  case verse = "Verse"
  /// Paragraph break inside a verse.
  case paraCont = "ParaCont"
  /// The rest of a verse after a paragraph break inside it.
  case verseCont = "VerseCont"

  /// The type stored as `raw`. The four commonest are matched first, most items by one
  /// comparison, rather than by the synthesized initializer, which was a fifth of reading a
  /// whole Bible's items.
  static func stored(_ raw: String) -> ItemType? {
    switch raw {
    case "Verse": .verse
    case "VerseCont": .verseCont
    case "ParaCont": .paraCont
    case "Para": .para
    default: ItemType(rawValue: raw)
    }
  }

  /// The seed's ItemOrder offset from `100 * VerseNumber`.
  public var orderOffset: Int {
    switch self {
    case .inTitle, .inSubj, .inPara: -90
    case .title: -30
    case .chapDesc: -27
    case .chapLabel: -26
    case .ascription: -25
    case .heading: -20
    case .parlRef: -15
    case .para: -10
    case .headingAfterPara: -5
    case .verse: 0
    case .paraCont: 10
    case .verseCont: 20
    }
  }

  /// Introduction items keep the order the user made them in through IntSeq.
  public var isIntroduction: Bool { self == .inTitle || self == .inSubj || self == .inPara }

  /// Items that stand before `\c 1` in USFM: the book titles and the introduction.
  public var isFrontMatter: Bool { isIntroduction || self == .title }

  /// Paragraph breaks carry no text.
  public var carriesText: Bool { self != .para && self != .paraCont }

  /// The USFM marker written for this type when the item remembers none of its own.
  public var defaultMarker: String? {
    switch self {
    case .inTitle: "imt1"
    case .inSubj: "is1"
    case .inPara: "ip"
    case .title: "mt1"
    case .chapDesc: "cd"
    case .chapLabel: "cl"
    case .ascription: "d"
    case .heading, .headingAfterPara: "s1"
    case .parlRef: "r"
    case .para, .paraCont: "p"
    case .verse, .verseCont: nil
    }
  }
}

/// The highest IntSeq that still moves an introduction item's ItemOrder; later ones tie and sort by IntSeq.
let introSequenceCap = 59

/// The most paragraph or poetry-line breaks one verse can hold.
public let maxBreaksInVerse = 25

/// The seed's ItemOrder formula: `100 * verse + offset`, plus IntSeq for introduction headings and
/// paragraphs (capped so a long introduction never passes the main title; ties sort by IntSeq).
/// A verse broken into several lines extends it: break k (its IntSeq) is a ParaCont and the
/// VerseCont after it; the first break keeps the seed's +10 and +20, later ones follow in pairs
/// (+21/+22, +23/+24 … +67/+68), all before the next verse's first item (+70). A heading printed
/// above a psalm title is a Heading with IntSeq −1 and the title's order (−25), so it sorts just
/// before the title.
public func itemOrder(type: ItemType, verse: Int, intSeq: Int = 0) -> Int {
  let base = 100 * verse + type.orderOffset
  let k = min(max(intSeq, 0), maxBreaksInVerse - 1)
  switch type {
  case .inSubj, .inPara: return base + min(max(intSeq, 0), introSequenceCap)
  case .heading where intSeq < 0: return 100 * verse + ItemType.ascription.orderOffset
  case .paraCont where k > 0: return 100 * verse + 19 + 2 * k
  case .verseCont where k > 0: return 100 * verse + 20 + 2 * k
  default: return base
  }
}
