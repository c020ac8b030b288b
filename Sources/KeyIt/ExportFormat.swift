import AppSupport
import Foundation

/// The file formats Key It exports a chapter, a book or a Bible in.
public enum ExportFormat: String, Sendable, CaseIterable {
  /// USFM 3, the text format Paratext and Adapt It read.
  case usfm
  /// USX 3.0, the XML Paratext 9/10 and Scripture Burrito use.
  case usx

  /// The format a request or command names, or `unknownExportFormat`.
  public static func named(_ name: String) throws -> ExportFormat {
    guard let format = ExportFormat(rawValue: name.lowercased()) else {
      throw KeyItError.unknownExportFormat(name, known: allCases.map(\.rawValue))
    }
    return format
  }

  /// Writes a book in this format.
  public func write(_ book: USFMBook) -> String {
    switch self {
    case .usfm: writeUSFM(book)
    case .usx: writeUSX(book)
    }
  }
}

/// The Paratext-style file name of a book's export: file number, code, the Bible's name reduced to
/// letters and digits (any script), then the chapter if only one, e.g. `08RUTGoodNews.usfm`,
/// `08RUTGoodNews-2.usx`.
public func exportFileName(book: BookSpec, bibleName: String, chapter: Int? = nil, format: ExportFormat) -> String {
  String(format: "%02d", book.number) + book.code + fileNameStem(bibleName) + (chapter.map { "-\($0)" } ?? "") + "."
    + format.rawValue
}

/// A Bible's name reduced to letters and digits (any script, at most 24), or `KIT` when none is left.
public func fileNameStem(_ bibleName: String) -> String {
  let letters = bibleName.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }
  let stem = String(String.UnicodeScalarView(letters).prefix(24))
  return stem.isEmpty ? "KIT" : stem
}
