import AppSupport
import Localization
import ShareSynch

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

  /// Why an activation code is refused.
  static func activation(_ refusal: ActivationRefusal) -> String {
    switch refusal {
    case .notACode: t("error.reason.activation.notACode")
    case .notFromPublisher: t("error.reason.activation.notFromPublisher")
    case .unreadable: t("error.reason.activation.unreadable")
    case .noPublisherKey: t("error.reason.activation.noPublisherKey")
    case .needed(let series): t("error.reason.activation.needed", ["series": .text(series)])
    case .doesNotUnlock(let series): t("error.reason.activation.doesNotUnlock", ["series": .text(series)])
    }
  }

  /// Why a catalog cannot be used.
  static func catalog(_ refusal: CatalogRefusal) -> String {
    switch refusal {
    case .notACatalog(let field?): t("error.reason.catalog.notACatalogAt", ["field": .text(field)])
    case .notACatalog(nil): t("error.reason.catalog.notACatalog")
    case .badEntry(let id): t("error.reason.catalog.badEntry", ["id": .text(id)])
    case .noSuchSeries(let id, let offered):
      t("error.reason.catalog.noSuchSeries", ["id": .text(id), "offered": .text(offered)])
    case .badAddress(let id, let url): t("error.reason.catalog.badAddress", ["id": .text(id), "url": .text(url)])
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
