import Foundation

/// One chapter of the versification: how many verses it has and whether it may carry a Psalm ascription.
public struct ChapterSpec: Sendable, Equatable {
  /// Number of verses in the chapter (never changed by bridging).
  public let verseCount: Int
  /// True for a psalm marked with `A` in `KIT_BooksSpec.txt`: it may have an ascription before verse 1.
  public let mayHaveAscription: Bool
}

/// One book of the Bible as `KIT_BooksSpec.txt` and `KIT_BooksNames.txt` describe it.
public struct BookSpec: Sendable, Equatable {
  /// The Paratext / Bible Society book number (1–39, 41–67; 40 unused).
  public let number: Int
  /// The three-character UBS code, e.g. `RUT`.
  public let code: String
  /// The default name of the book from the names file.
  public let name: String
  /// The chapters, in order (index 0 is chapter 1).
  public let chapters: [ChapterSpec]

  /// True when the book is in the New Testament (book numbers 41 to 67).
  public var isNewTestament: Bool { Self.isNewTestament(number: number) }

  /// True for a book outside the 66 (deuterocanonical and others, numbers above 67).
  public var isExtra: Bool { number > 67 }

  /// True when the book is the Psalms: its chapters are psalms and may carry a title.
  public var isPsalms: Bool { Self.isPsalms(code: code) }

  /// "Psalm" in the Psalms, "Chapter" in every other book.
  public var chapterWord: String { Self.chapterWord(code: code) }

  /// True for the New Testament's book numbers (41 to 67; 40 is unused).
  public static func isNewTestament(number: Int) -> Bool { (41...67).contains(number) }

  /// True for the Psalms' code.
  public static func isPsalms(code: String) -> Bool { code == "PSA" }

  /// "Psalm" for the Psalms' code, "Chapter" for every other book's.
  public static func chapterWord(code: String) -> String { isPsalms(code: code) ? "Psalm" : "Chapter" }
}

/// The fixed list of books, chapters and verses every Bible is made from.
public struct BookCatalog: Sendable {
  /// The books in canonical order.
  public let books: [BookSpec]
  private let byCode: [String: BookSpec]
  private let byNumber: [Int: BookSpec]

  /// Builds a catalog from already parsed books.
  public init(books: [BookSpec]) {
    self.books = books
    byCode = Dictionary(uniqueKeysWithValues: books.map { ($0.code, $0) })
    byNumber = Dictionary(uniqueKeysWithValues: books.map { ($0.number, $0) })
  }

  /// The catalog shipped with Key It (`KIT_BooksSpec.txt` + `KIT_BooksNames.txt`).
  public static let standard: BookCatalog = {
    do {
      return try BookCatalog(spec: resourceText("KIT_BooksSpec"), names: resourceText("KIT_BooksNames"))
    } catch {
      fatalError("Key It's bundled book files are broken: \(error)")
    }
  }()

  /// The catalog of a versification: the books it numbers (the 66 and any others it lists, named
  /// from the English list) with its verse counts. Psalm titles are separate ascriptions only
  /// where the versification does not number them (English and King James).
  public static func of(_ versification: Versification) -> BookCatalog {
    byVersification[versification]!
  }

  private static let byVersification: [Versification: BookCatalog] = {
    var catalogs: [Versification: BookCatalog] = [.kjv: standard]
    let numbered = Dictionary(uniqueKeysWithValues: standard.books.map { ($0.code, $0) })
    let extras = Dictionary(uniqueKeysWithValues: ExtraBooks.all.map { ($0.code, $0) })
    for versification in Versification.allCases where versification != .kjv {
      do {
        let titlesUnnumbered = versification == .english
        var seen: Set<String> = []
        let books: [BookSpec] = try versification.chapters().compactMap { code, counts in
          let kjv = numbered[code]
          guard let number = kjv?.number ?? extras[code]?.number, seen.insert(code).inserted else { return nil }
          let chapters = counts.enumerated().map { index, count in
            ChapterSpec(
              verseCount: count,
              mayHaveAscription: titlesUnnumbered && (kjv?.chapters[safe: index]?.mayHaveAscription ?? false))
          }
          return BookSpec(number: number, code: code, name: kjv?.name ?? extras[code]!.name, chapters: chapters)
        }
        catalogs[versification] = BookCatalog(books: books.sorted { $0.number < $1.number })
      } catch {
        fatalError("Key It's bundled versification \(versification.rawValue) is broken: \(error)")
      }
    }
    return catalogs
  }()

  /// The book-name lists shipped with Key It: id (a language code) and the name users pick.
  public static let nameLists: [(id: String, name: String)] = [
    ("en", "English"), ("fr", "Français"), ("sw", "Kiswahili"),
  ]

  /// The book names of a shipped list (`KIT_BooksNames.txt` for English, `KIT_BooksNames-ID.txt`
  /// otherwise), by book number.
  public static func names(list: String) throws -> [Int: String] {
    guard nameLists.contains(where: { $0.id == list }) else {
      throw KeyItError.unknownNameList(list, known: nameLists.map(\.id))
    }
    return try parseNames(resourceText(list == "en" ? "KIT_BooksNames" : "KIT_BooksNames-\(list)"))
  }

  /// Parses the two resource files; a malformed line is an error naming the file and line.
  public init(spec: String, names: String) throws {
    let nameByNumber = try Self.parseNames(names)
    var books: [BookSpec] = []
    for (index, raw) in spec.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      let lineNumber = index + 1
      guard fields.count >= 3, let number = Int(fields[0]) else {
        throw KeyItError.badResourceLine(file: "KIT_BooksSpec.txt", line: lineNumber)
      }
      var chapters: [ChapterSpec] = []
      for field in fields.dropFirst(2) {
        let ascription = field.hasPrefix("A")
        guard let count = Int(ascription ? String(field.dropFirst()) : field), count > 0 else {
          throw KeyItError.badResourceLine(file: "KIT_BooksSpec.txt", line: lineNumber)
        }
        chapters.append(ChapterSpec(verseCount: count, mayHaveAscription: ascription))
      }
      let code = fields[1].uppercased()
      books.append(
        BookSpec(number: number, code: code, name: nameByNumber[number] ?? code, chapters: chapters))
    }
    self.init(books: books)
  }

  static func parseNames(_ text: String) throws -> [Int: String] {
    var names: [Int: String] = [:]
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      guard let comma = line.firstIndex(of: ","), let number = Int(line[..<comma]) else {
        throw KeyItError.badResourceLine(file: "KIT_BooksNames.txt", line: index + 1)
      }
      names[number] = line[line.index(after: comma)...].trimmingCharacters(in: .whitespaces)
    }
    return names
  }

  private static func resourceText(_ name: String) throws -> String {
    guard let url = Bundle.module.url(forResource: name, withExtension: "txt", subdirectory: "Resources")
    else { throw KeyItError.badResourceLine(file: "\(name).txt", line: 0) }
    return try String(contentsOf: url, encoding: .utf8)
  }

  /// The book with this code (case-insensitive), or nil.
  public func book(code: String) -> BookSpec? { byCode[code.uppercased()] }

  /// The book with this number, or nil.
  public func book(number: Int) -> BookSpec? { byNumber[number] }

  /// The book with this code, or an error that lists the codes that exist.
  public func requireBook(code: String) throws -> BookSpec {
    guard let book = book(code: code) else {
      throw KeyItError.unknownBook(code: code, known: books.map(\.code))
    }
    return book
  }
}

extension Array {
  /// The element at `index`, or nil past the ends.
  subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
