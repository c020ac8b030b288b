import AppSupport
import Localization

/// The reasons inside errors that come from a format or a library (the JSON parser, the unzipper,
/// SQLite), worded in the request's language (`error.reason.*`). Only the raw technical detail (a
/// position, a code, a name inside the file) is kept from the library.
enum ReasonWords {
  /// Where a JSON parser stopped.
  static func jsonPosition(line: Int, column: Int) -> String {
    t("error.reason.json.position", ["line": .number(line), "column": .number(column)])
  }

  /// Why a zip cannot be read.
  static func zip(_ problem: ZipError.Problem) -> String {
    switch problem {
    case .outOfMemory: t("error.reason.zip.outOfMemory")
    case .notAZip: t("error.reason.zip.notAZip")
    case .damaged(let entry): t("error.reason.zip.damaged", ["entry": .number(entry)])
    case .damagedEntry(let path): t("error.reason.zip.damagedEntry", ["path": quotedInput(path)])
    case .tooManyEntries(let limit): t("error.reason.zip.tooManyEntries", ["limit": .number(limit)])
    case .nameNotUTF8(let entry): t("error.reason.zip.nameNotUTF8", ["entry": .number(entry)])
    case .encryptedEntry(let path): t("error.reason.zip.encryptedEntry", ["path": quotedInput(path)])
    case .entryTooLarge(let path, let limit):
      t("error.reason.zip.entryTooLarge", ["path": quotedInput(path), "size": .bytes(limit)])
    case .tooLarge(let limit): t("error.reason.zip.tooLarge", ["size": .bytes(limit)])
    case .duplicateEntry(let path): t("error.reason.zip.duplicateEntry", ["path": quotedInput(path)])
    case .notAPlainFile(let path): t("error.reason.zip.notAPlainFile", ["path": quotedInput(path)])
    case .noEntryOpen: t("error.reason.zip.noEntryOpen")
    }
  }

  /// Why SQLite cannot read a database, from its primary result code.
  static func sqlite(_ code: Int32) -> String {
    switch code {
    case 26: t("error.reason.sqlite.notADatabase")
    case 11: t("error.reason.sqlite.damaged")
    default: t("error.reason.sqlite.code", ["code": .text(String(code))])
    }
  }
}
