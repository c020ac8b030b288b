import Foundation

/// How a printed Bible numbers its chapters and verses: the verse counts of each book's chapters
/// (Paratext's `.vrs` files, from libpalaso, MIT; KJV from Key It's own `KIT_BooksSpec.txt`).
public enum Versification: String, Codable, Sendable, CaseIterable {
  case english = "eng"
  case kjv
  case original = "org"
  case septuagint = "lxx"
  case vulgate = "vul"
  case russianProtestant = "rsc"
  case russianOrthodox = "rso"

  /// The name a user picks.
  public var name: String {
    switch self {
    case .english: "English"
    case .kjv: "King James"
    case .original: "Original (Hebrew and Greek)"
    case .septuagint: "Septuagint"
    case .vulgate: "Vulgate"
    case .russianProtestant: "Russian Protestant"
    case .russianOrthodox: "Russian Orthodox"
    }
  }

  /// One line saying which printed Bibles number this way.
  public var explanation: String {
    switch self {
    case .english:
      "Most modern English Bibles (Good News, NIV, ESV): like King James, with 3 John 15 and Revelation 12:18."
    case .kjv: "The King James Version's numbers; psalm titles are not numbered."
    case .original:
      "Hebrew Old Testament and Greek New Testament numbering, as in French, German and many other Bibles: a psalm's title is verse 1."
    case .septuagint: "The Greek Old Testament (Septuagint), with its own Psalms, Jeremiah and Daniel."
    case .vulgate: "The Latin Vulgate and Bibles translated from it, with the deuterocanonical books."
    case .russianProtestant: "The Russian Synodal Bible as Protestant editions print it."
    case .russianOrthodox: "The Russian Synodal Bible with the deuterocanonical books, as Orthodox editions print it."
    }
  }

  /// The most verses a chapter has in any versification (Psalm 119's 176): no verse number Key It
  /// makes is past it, so a change that names one is malformed.
  static let mostVersesInAChapter = 176

  /// The books this versification numbers, each with its chapters' verse counts, in its order.
  public func chapters() throws -> [(code: String, verseCounts: [Int])] {
    switch self {
    case .kjv: BookCatalog.standard.books.map { ($0.code, $0.chapters.map(\.verseCount)) }
    default: try Self.parse(Self.resource(rawValue), file: "\(rawValue).vrs")
    }
  }

  /// Reads the book lines of a `.vrs` file (`GEN 1:31 2:25 …`); mapping lines (with `=`),
  /// excluded verses (`-GEN 31:51`), comments and blank lines are skipped here. A book's chapters
  /// are read up to the first gap in their numbers (vul.vrs lists `6EZ 1:63 12:78`). A book line
  /// that is not well formed is an error naming the file and line.
  static func parse(_ text: String, file: String) throws -> [(code: String, verseCounts: [Int])] {
    var books: [(code: String, verseCounts: [Int])] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
      if line.isEmpty || line.hasPrefix("#") || line.hasPrefix("-") || line.contains("=") { continue }
      let fields = line.split(separator: " ")
      guard fields.count >= 2, fields[0].count == 3 else {
        throw KeyItError.badResourceLine(file: file, line: index + 1)
      }
      var counts: [Int] = []
      for field in fields.dropFirst() {
        let parts = field.split(separator: ":")
        guard parts.count == 2, let chapter = Int(parts[0]), let count = Int(parts[1]), count > 0 else {
          throw KeyItError.badResourceLine(file: file, line: index + 1)
        }
        guard chapter == counts.count + 1 else { break }
        counts.append(count)
      }
      books.append((String(fields[0]), counts))
    }
    return books
  }

  static func resource(_ name: String) throws -> String {
    guard
      let url = Bundle.module.url(forResource: name, withExtension: "vrs", subdirectory: "Resources/versification")
    else { throw KeyItError.badResourceLine(file: "\(name).vrs", line: 0) }
    return try String(contentsOf: url, encoding: .utf8)
  }
}

/// Books outside the 66 that versifications list (deuterocanonical and other books): their code,
/// Key It's number for them (after Revelation's 67, in Paratext's book order) and English name.
public enum ExtraBooks {
  /// Every such book Key It can add, in Paratext's order.
  public static let all: [(number: Int, code: String, name: String)] = [
    "TOB Tobit", "JDT Judith", "ESG Esther (Greek)", "WIS Wisdom of Solomon", "SIR Sirach", "BAR Baruch",
    "LJE Letter of Jeremiah", "S3Y Song of the Three Young Men", "SUS Susanna", "BEL Bel and the Dragon",
    "1MA 1 Maccabees", "2MA 2 Maccabees", "3MA 3 Maccabees", "4MA 4 Maccabees", "1ES 1 Esdras", "2ES 2 Esdras",
    "MAN Prayer of Manasseh", "PS2 Psalm 151", "ODA Odes", "PSS Psalms of Solomon", "JSA Joshua (Greek A)",
    "JDB Judges (Greek B)", "TBS Tobit (Sinaiticus)", "SST Susanna (Theodotion)", "DNT Daniel (Theodotion)",
    "BLT Bel and the Dragon (Theodotion)", "EZA Apocalypse of Ezra", "5EZ 5 Ezra", "6EZ 6 Ezra",
    "DAG Daniel (Greek)", "JUB Jubilees", "ENO Enoch", "LAO Laodiceans",
  ].enumerated().map { index, line in
    let space = line.firstIndex(of: " ")!
    return (68 + index, String(line[..<space]), String(line[line.index(after: space)...]))
  }
}
